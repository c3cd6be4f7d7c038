import { useCallback, useState } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { type PrintTarget, readDocumentSource } from '@/db/sertifikat-store';
import { DOCUMENT_MIME, SERTIFIKAT_MSG, documentFileName } from '@/domain/sertifikat';
import type { AlertTone } from '@/ui/alert';
import { downloadFile } from '@/ui/download';
import { usePopup } from '@/ui/popup';
import {
  certificatePdfInWorker,
  certificatePptxInWorker,
  certificateSvgInWorker,
  daftarNilaiPdfInWorker,
} from '@/workers/clients';
import { CERTIFICATE_TEXT, failureText } from './document-requests';
import { DocumentUnavailableError, type PrintJob, documentPath, makeDocument, previewPath, serverFile } from './document-source';

/** A dismissible banner above the list. */
interface Banner {
  tone: AlertTone;
  text: string;
  /** A smaller second line (the blank-signature note). */
  note?: string;
}

/** The file name and type a job downloads under. */
function fileOf(job: PrintJob, nama: string): { name: string; mime: string } {
  if (job.kind === 'pdf') return { name: documentFileName.certificatePdf(nama), mime: DOCUMENT_MIME.pdf };
  if (job.kind === 'pptx') return { name: documentFileName.certificatePptx(nama), mime: DOCUMENT_MIME.pptx };
  return { name: documentFileName.daftarNilaiPdf(nama), mime: DOCUMENT_MIME.pdf };
}

/**
 * The preview image of the target's certificate: an SVG made on the device, or the server's PNG
 * (see makeDocument). Reads the row's snapshot and images now.
 */
export async function makePreview(target: PrintTarget, api: ApiClient, signal: AbortSignal): Promise<Blob> {
  const { row } = target;
  const source = await readDocumentSource(db, target);
  const made = await makeDocument(source, { kind: 'pdf' }, navigator.onLine, {
    onDevice: async (request) => new Blob([await certificateSvgInWorker(request, signal)], { type: 'image/svg+xml' }),
    fromServer: async () => new Blob([(await serverFile(api, previewPath(row.id), signal)) as Uint8Array<ArrayBuffer>], { type: DOCUMENT_MIME.png }),
  });
  return made.file;
}

/**
 * Printing: the documents worker makes the file from the row's snapshot and images (read when
 * the user asks) when the device holds all it prints; otherwise the server's endpoint makes it
 * while online (makeDocument). The browser downloads it as certificate_{name}.pdf / .pptx or Daftar_Nilai_{name}.pdf. While a row's
 * file is being made its id is in `busyIds` (its print button is disabled and shows a
 * spinner). The outcome is a banner, except a failed Daftar Nilai: the Error popup, 'Gagal
 * mencetak daftar nilai. …' when it cannot start and 'Gagal mengunduh PDF: …' when the PDF
 * could not be made or saved (render `popup`).
 */
export function usePrintSertifikat(api: ApiClient) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<Banner | null>(null);
  const popup = usePopup();
  const showError = popup.error;

  const print = useCallback(
    async (target: PrintTarget, job: PrintJob) => {
      const { row } = target;
      setBusyIds((ids) => new Set(ids).add(row.id));
      setBanner(null);
      try {
        const made = await makeDocument(await readDocumentSource(db, target), job, navigator.onLine, {
          onDevice: (request) =>
            job.kind === 'pdf'
              ? certificatePdfInWorker([request])
              : job.kind === 'pptx'
                ? certificatePptxInWorker(request)
                : daftarNilaiPdfInWorker(request),
          fromServer: () => serverFile(api, documentPath(job, row.id)),
        });
        const file = fileOf(job, row.nama);
        downloadFile(made.file as Uint8Array<ArrayBuffer>, file.name, file.mime);
        const text =
          job.kind === 'daftarNilai'
            ? SERTIFIKAT_MSG.transcriptDownloaded(row.nama)
            : SERTIFIKAT_MSG.downloaded(job.kind === 'pdf' ? 'PDF' : 'PPT', row.nama);
        const note = made.unsigned.length > 0 ? CERTIFICATE_TEXT.missingSignature(made.unsigned) : undefined;
        setBanner({ tone: 'success', text, note });
      } catch (error) {
        if (job.kind === 'daftarNilai') {
          const cannotStart = error instanceof DocumentUnavailableError;
          showError((cannotStart ? SERTIFIKAT_MSG.transcriptFailed : SERTIFIKAT_MSG.pdfFailedPopup)(failureText(error)));
        }
        else setBanner({ tone: 'error', text: SERTIFIKAT_MSG.generateFailed(failureText(error)) });
      } finally {
        setBusyIds((ids) => {
          const next = new Set(ids);
          next.delete(row.id);
          return next;
        });
      }
    },
    [api, showError],
  );

  return { busyIds, banner, setBanner, print, dismiss: () => setBanner(null), popup: popup.element };
}
