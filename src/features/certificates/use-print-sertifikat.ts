import { useCallback, useState } from 'react';
import type { SertifikatRecord } from '@/db/records';
import type { SertifikatMirror } from '@/db/sertifikat-mirror';
import type { GradeItem } from '@/domain/grade';
import { DOCUMENT_MIME, SERTIFIKAT_MSG, documentFileName } from '@/domain/sertifikat';
import type { AlertTone } from '@/ui/alert';
import { downloadFile } from '@/ui/download';
import { usePopup } from '@/ui/popup';
import {
  certificatePdfInWorker,
  certificatePptxInWorker,
  daftarNilaiPdfInWorker,
} from '@/workers/clients';
import { CERTIFICATE_TEXT, certificateRequest, documentRequest, failureText, unsignedNames } from './document-requests';

/** A dismissible banner above the list. */
export interface Banner {
  tone: AlertTone;
  text: string;
  /** A smaller second line (the blank-signature note). */
  note?: string;
}

/** One print a row can ask for. */
export type PrintJob = { kind: 'pdf' } | { kind: 'pptx' } | { kind: 'daftarNilai'; thresholds: readonly GradeItem[] };

/**
 * Printing on the device: the documents worker makes the file from the mirror, the browser
 * downloads it under the spec's file name (spec 9). While a row's file is being made its id is
 * in `busyIds` (its print button is disabled and shows a spinner). The outcome is a banner,
 * except a failed Daftar Nilai: the Error popup, 'Gagal mencetak daftar nilai. …' when it cannot
 * start and 'Gagal mengunduh PDF: …' when the PDF could not be made or saved (render `popup`).
 */
export function usePrintSertifikat(mirror: SertifikatMirror | undefined) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<Banner | null>(null);
  const popup = usePopup();
  const showError = popup.error;

  const print = useCallback(
    async (row: SertifikatRecord, job: PrintJob) => {
      if (!mirror) return;
      const transcript = job.kind === 'daftarNilai';
      const request = transcript ? documentRequest(row, mirror, job.thresholds) : certificateRequest(row, mirror);
      if (!request) {
        if (transcript) showError(SERTIFIKAT_MSG.transcriptFailed(CERTIFICATE_TEXT.noOrganisasi));
        else setBanner({ tone: 'error', text: SERTIFIKAT_MSG.generateFailed(CERTIFICATE_TEXT.noOrganisasi) });
        return;
      }
      setBusyIds((ids) => new Set(ids).add(row.id));
      setBanner(null);
      try {
        if (job.kind === 'pdf') {
          const bytes = await certificatePdfInWorker([request]);
          downloadFile(bytes as Uint8Array<ArrayBuffer>, documentFileName.certificatePdf(row.nama), DOCUMENT_MIME.pdf);
        } else if (job.kind === 'pptx') {
          const bytes = await certificatePptxInWorker(request);
          downloadFile(bytes as Uint8Array<ArrayBuffer>, documentFileName.certificatePptx(row.nama), DOCUMENT_MIME.pptx);
        } else {
          const bytes = await daftarNilaiPdfInWorker(request);
          downloadFile(bytes as Uint8Array<ArrayBuffer>, documentFileName.daftarNilaiPdf(row.nama), DOCUMENT_MIME.pdf);
        }
        const text = transcript
          ? SERTIFIKAT_MSG.transcriptDownloaded(row.nama)
          : SERTIFIKAT_MSG.downloaded(job.kind === 'pdf' ? 'PDF' : 'PPT', row.nama);
        const missing = unsignedNames(row, mirror);
        setBanner({ tone: 'success', text, note: missing.length > 0 ? CERTIFICATE_TEXT.missingSignature(missing) : undefined });
      } catch (error) {
        if (transcript) showError(SERTIFIKAT_MSG.pdfFailedPopup(failureText(error)));
        else setBanner({ tone: 'error', text: SERTIFIKAT_MSG.generateFailed(failureText(error)) });
      } finally {
        setBusyIds((ids) => {
          const next = new Set(ids);
          next.delete(row.id);
          return next;
        });
      }
    },
    [mirror, showError],
  );

  return { busyIds, banner, setBanner, print, dismiss: () => setBanner(null), popup: popup.element };
}
