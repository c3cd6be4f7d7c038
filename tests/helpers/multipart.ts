// multipart/form-data bodies built by hand (a fixed boundary), for upload tests with inject().

/** One part: a file when `filename` is given, else a text field. */
export interface Part {
  name: string;
  content: Uint8Array | string;
  filename?: string;
  type?: string;
}

export const BOUNDARY = '----magang-test-boundary-7MA4YWxkTrZu0gW';

/** The body and headers of a multipart request with these parts. */
export function multipart(parts: readonly Part[], boundary = BOUNDARY): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.type) head.push(`Content-Type: ${part.type}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body with one file in the `signature` field. */
export function signatureForm(bytes: Uint8Array, filename = 'ttd.png', type = 'image/png') {
  return multipart([{ name: 'signature', filename, type, content: bytes }]);
}

/** A multipart body with one file in the `logo` field (the organisation's logo). */
export function logoForm(bytes: Uint8Array, filename = 'logo.png', type = 'image/png') {
  return multipart([{ name: 'logo', filename, type, content: bytes }]);
}
