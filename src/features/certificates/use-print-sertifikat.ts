import { useCallback, useState } from 'react';
import type { SertifikatRecord } from '@/db/records';
import type { SertifikatMirror } from '@/db/sertifikat-mirror';
import type { GradeItem } from '@/domain/grade';
import { DOCUMENT_MIME, SERTIFIKAT_MSG, documentFileName } from '@/domain/sertifikat';
import type { AlertTone } from '@/ui/alert';
import { downloadFile } from '@/ui/download';
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
 * in `busyIds` (its print button is disabled and shows a spinner). The outcome is a banner.
 */
export function usePrintSertifikat(mirror: SertifikatMirror | undefined) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<Banner | null>(null);

  const print = useCallback(
    async (row: SertifikatRecord, job: PrintJob) => {
      if (!mirror) return;
      const failed = (message: string) =>
        job.kind === 'daftarNilai' ? SERTIFIKAT_MSG.transcriptFailed(message) : SERTIFIKAT_MSG.generateFailed(message);
      const request = job.kind === 'daftarNilai' ? documentRequest(row, mirror, job.thresholds) : certificateRequest(row, mirror);
      if (!request) {
        setBanner({ tone: 'error', text: failed(CERTIFICATE_TEXT.noOrganisasi) });
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
        const text =
          job.kind === 'daftarNilai'
            ? SERTIFIKAT_MSG.transcriptDownloaded(row.nama)
            : SERTIFIKAT_MSG.downloaded(job.kind === 'pdf' ? 'PDF' : 'PPT', row.nama);
        const missing = unsignedNames(row, mirror);
        setBanner({ tone: 'success', text, note: missing.length > 0 ? CERTIFICATE_TEXT.missingSignature(missing) : undefined });
      } catch (error) {
        setBanner({ tone: 'error', text: failed(failureText(error)) });
      } finally {
        setBusyIds((ids) => {
          const next = new Set(ids);
          next.delete(row.id);
          return next;
        });
      }
    },
    [mirror],
  );

  return { busyIds, banner, setBanner, print, dismiss: () => setBanner(null) };
}
