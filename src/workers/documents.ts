/**
 * Certificates and Daftar Nilai made in a worker (documents.worker.ts), so a batch of a
 * hundred certificates never freezes the page: each request becomes a DocumentInput
 * (src/documents/input.ts, the same function the server uses) and then a file
 * (src/documents/make.ts). Equal requests give the same bytes as the server.
 */
import { type DocumentRequest, buildDocumentInput } from '@/documents/input';
import { certificatePdf, certificatePptx, certificateSvg, daftarNilaiPdf } from '@/documents/make';

/** Progress of a batch: `done` of `total` pages made. */
type PageProgressCallback = (done: number, total: number) => void;

/** The certificates of `requests` as one PDF, a page each; reports progress after each page. */
export function certificatePdfFromRequests(requests: readonly DocumentRequest[], onProgress?: PageProgressCallback): Uint8Array {
  const inputs = requests.map((request) => buildDocumentInput(request.row, request.sources));
  return certificatePdf(inputs, onProgress);
}

/** The Daftar Nilai PDF of one request. */
export function daftarNilaiPdfFromRequest(request: DocumentRequest): Uint8Array {
  return daftarNilaiPdf(buildDocumentInput(request.row, request.sources));
}

/** The certificate of one request as a one-slide PPTX. */
export function certificatePptxFromRequest(request: DocumentRequest): Promise<Uint8Array> {
  return certificatePptx(buildDocumentInput(request.row, request.sources));
}

/** The certificate of one request as a standalone SVG (the preview). */
export function certificateSvgFromRequest(request: DocumentRequest): string {
  return certificateSvg(buildDocumentInput(request.row, request.sources));
}
