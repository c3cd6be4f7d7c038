/**
 * The documents, made from a DocumentInput: certificate PDF (one page per input, so a batch is
 * one file), Daftar Nilai PDF, certificate PPTX and the certificate preview as SVG.
 * Contract for the server and the documents worker; the renderers are being written.
 */
import type { DocumentInput } from './input';

/** Certificates as one PDF, a page per input; `onPage(done, total)` after each page. */
export function certificatePdf(_inputs: readonly DocumentInput[], _onPage?: (done: number, total: number) => void): Uint8Array {
  throw new Error('not implemented yet');
}

/** The Daftar Nilai (grade transcript) of one participant as PDF. */
export function daftarNilaiPdf(_input: DocumentInput): Uint8Array {
  throw new Error('not implemented yet');
}

/** The certificate as a one-slide PPTX. */
export async function certificatePptx(_input: DocumentInput): Promise<Uint8Array> {
  throw new Error('not implemented yet');
}

/** The certificate as a standalone SVG (fonts and images embedded): the preview. */
export function certificateSvg(_input: DocumentInput): string {
  throw new Error('not implemented yet');
}
