// Answers that are files (certificates, transcripts, previews): the content type and a
// Content-Disposition whose file name can never break the header. The ASCII `filename` is a
// fallback with anything outside printable ASCII, quotes and backslashes replaced; a name
// that needed replacing also gets the exact UTF-8 name as RFC 5987 `filename*`.
import type { FastifyReply } from 'fastify';

/** RFC 5987 ext-value of a UTF-8 text: percent-encoding of everything but attr-char. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A Content-Disposition header value for `filename` (printable ASCII only, always). */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const clean = filename.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '');
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const header = `${type}; filename="${ascii}"`;
  return ascii === clean ? header : `${header}; filename*=UTF-8''${rfc5987(clean)}`;
}

/** Sends `bytes` as a file; `no-store`: documents reflect the current approvals. */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; mime: string; filename: string; disposition: 'attachment' | 'inline' },
): FastifyReply {
  return reply
    .type(file.mime)
    .header('content-disposition', contentDisposition(file.disposition, file.filename))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
