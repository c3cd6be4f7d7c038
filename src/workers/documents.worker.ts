// Worker entry: exposes the document functions of documents.ts over comlink; nothing else.
// The files are transferred, not copied, back to the page.
import { expose, transfer } from 'comlink';
import {
  certificatePdfFromRequests,
  certificatePptxFromRequest,
  certificateSvgFromRequest,
  daftarNilaiPdfFromRequest,
} from './documents';

function transferred(bytes: Uint8Array): Uint8Array {
  return transfer(bytes, [bytes.buffer]);
}

const api = {
  certificatePdf: (...args: Parameters<typeof certificatePdfFromRequests>) => transferred(certificatePdfFromRequests(...args)),
  daftarNilaiPdf: (...args: Parameters<typeof daftarNilaiPdfFromRequest>) => transferred(daftarNilaiPdfFromRequest(...args)),
  certificatePptx: async (...args: Parameters<typeof certificatePptxFromRequest>) => transferred(await certificatePptxFromRequest(...args)),
  certificateSvg: certificateSvgFromRequest,
};
/** The API the page reaches through src/workers/clients.ts. */
export type DocumentsWorkerApi = typeof api;
expose(api);
