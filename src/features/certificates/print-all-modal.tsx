import { useEffect, useRef, useState } from 'react';
import { db } from '@/db/db';
import type { SertifikatRecord } from '@/db/records';
import { readDocumentSources } from '@/db/sertifikat-store';
import type { Jenjang } from '@/domain/master-data';
import { DOCUMENT_MIME, SERTIFIKAT_MSG, documentFileName } from '@/domain/sertifikat';
import { Alert } from '@/ui/alert';
import { downloadFile } from '@/ui/download';
import { Modal } from '@/ui/modal';
import { ProgressBar } from '@/ui/progress-bar';
import { type DocumentRequest, certificatePdfInWorker } from '@/workers/clients';
import { CERTIFICATE_TEXT, failureText } from './document-requests';
import { type PrintJob, deviceGaps, planDocument } from './document-source';

interface PrintAllModalProps {
  jenjang: Jenjang;
  /** The filtered list, in the order shown. */
  rows: readonly SertifikatRecord[];
  /** Pulls what the certificate screen prints from (the rows with their certificates, templates, images). */
  refill: () => Promise<void>;
  /** Called after the file was downloaded with the number of certificates in it. */
  onDone: (count: number) => void;
  onClose: () => void;
}

const PDF: PrintJob = { kind: 'pdf' };

/**
 * The requests of a batch, from the rows' snapshots and the images they name (read now). One PDF
 * holds every page, so the device makes it: when it lacks something a certificate prints and is
 * online, the screen's pulls refill the mirror first and the rows are read again (a refill may
 * have issued a new certificate); what is still missing then follows the offline rule of
 * planDocument (a blank signature line, or the message for anything else).
 */
async function batchRequests(rows: readonly SertifikatRecord[], refill: () => Promise<void>) {
  let sources = await readDocumentSources(db, rows.map((row) => ({ row })));
  if (navigator.onLine && sources.some((source) => deviceGaps(source).length > 0)) {
    await refill();
    const current = await db.sertifikat.bulkGet(rows.map((row) => row.id));
    sources = await readDocumentSources(db, rows.map((row, i) => ({ row: current[i] ?? row })));
  }
  const plans = sources.map((source) => planDocument(source, PDF, false));
  const unavailable = plans.find((plan) => plan.source === 'unavailable');
  if (unavailable) throw new Error(unavailable.message);
  return plans.flatMap((plan) => (plan.source === 'device' ? [plan.request] : []));
}

/**
 * 'Cetak Semua': every certificate of the filtered list made on the device
 * into one PDF, a page each, with progress; 'Batal' stops the worker.
 */
export function PrintAllModal({ jenjang, rows, refill, onDone, onClose }: PrintAllModalProps) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the modal in any way stops a running batch.
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setProgress({ done: 0, total: rows.length });
    try {
      const requests: DocumentRequest[] = await batchRequests(rows, refill);
      if (abort.signal.aborted) return;
      const bytes = await certificatePdfInWorker(
        requests,
        (done, total) => {
          if (!abort.signal.aborted) setProgress({ done, total });
        },
        abort.signal,
      );
      downloadFile(bytes as Uint8Array<ArrayBuffer>, documentFileName.batchPdf(jenjang), DOCUMENT_MIME.pdf);
      onDone(requests.length);
    } catch (e) {
      if (abort.signal.aborted) return;
      setError(SERTIFIKAT_MSG.generateFailed(failureText(e)));
      setProgress(null);
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const running = progress !== null && error === null;
  return (
    <Modal
      open
      title={CERTIFICATE_TEXT.printAllTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Batal
          </button>
          <button type="button" className="btn btn-primary" disabled={running || rows.length === 0} onClick={() => void start()}>
            {CERTIFICATE_TEXT.start}
          </button>
        </>
      }
    >
      <p>{CERTIFICATE_TEXT.printAllIntro(rows.length)}</p>
      {progress && (
        <div className="print-all-progress">
          <p role="status">{CERTIFICATE_TEXT.printAllProgress(progress.done, progress.total)}</p>
          <ProgressBar value={progress.total === 0 ? 0 : (progress.done / progress.total) * 100} label="Progres cetak" />
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </Modal>
  );
}
