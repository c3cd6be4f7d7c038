/**
 * The documents, made from a DocumentInput: certificate PDF (one page per input, so a batch is
 * one file), Daftar Nilai PDF, certificate PPTX and the certificate preview as SVG. Each is a
 * layout (certificate-layout.ts, daftar-nilai-layout.ts) drawn by one renderer; equal inputs
 * give equal PDF and SVG bytes on the server and in the documents worker.
 */
import { certificateLayout } from './certificate-layout';
import { daftarNilaiLayout } from './daftar-nilai-layout';
import { documentFileId } from './file-id';
import type { DocumentInput } from './input';
import { renderPdf } from './render-pdf';
import { renderPptx } from './render-pptx';
import { renderSvg } from './render-svg';

/** Certificates as one PDF, a page per input; `onPage(done, total)` after each page. */
export function certificatePdf(inputs: readonly DocumentInput[], onPage?: (done: number, total: number) => void): Uint8Array {
  const first = inputs[0];
  if (!first) throw new Error('Tidak ada sertifikat untuk dibuat');
  // A batch is dated by its latest certificate: 'yyyy-mm-dd' strings sort as dates.
  const creationDate = inputs.reduce((latest, input) => (input.tanggalTerbit > latest ? input.tanggalTerbit : latest), first.tanggalTerbit);
  const title = inputs.length === 1 ? `Sertifikat ${first.peserta.nama}` : `Sertifikat Magang (${inputs.length})`;
  return renderPdf(
    inputs.map(certificateLayout),
    { creationDate, fileId: documentFileId('sertifikat', inputs), author: first.organisasi.nama, subject: 'Sertifikat Magang' },
    title,
    onPage,
  );
}

/** The Daftar Nilai (grade transcript) of one participant as PDF. */
export function daftarNilaiPdf(input: DocumentInput): Uint8Array {
  return renderPdf(
    [daftarNilaiLayout(input)],
    { creationDate: input.tanggalTerbit, fileId: documentFileId('daftar-nilai', [input]), author: input.organisasi.nama, subject: 'Daftar Nilai Magang' },
    `Daftar Nilai ${input.peserta.nama}`,
  );
}

/** The certificate as a one-slide PPTX. */
export function certificatePptx(input: DocumentInput): Promise<Uint8Array> {
  return renderPptx(certificateLayout(input), { author: input.organisasi.nama, subject: 'Sertifikat Magang' });
}

/** The certificate as a standalone SVG (fonts and images embedded): the preview. */
export function certificateSvg(input: DocumentInput): string {
  return renderSvg(certificateLayout(input));
}
