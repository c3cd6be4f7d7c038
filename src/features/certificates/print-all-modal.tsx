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
import { certificatePdfInWorker } from '@/workers/clients';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useApi } from '@/api/api-context';
import type { ApiClient } from '@/api/client';
import { CERTIFICATE_TEXT, failureText } from './document-requests';
import { type PreparedBatch, prepareBatch } from './print-all-batch';

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

/** Reads one image from the server by its hash (null when it answers none). */
async function serverImage(api: ApiClient, sha256: string): Promise<Uint8Array | null> {
  return (await api.getBytes(`/api/sertifikat/gambar/${sha256}`))?.bytes ?? null;
}

/**
 * 'Cetak Semua': every certificate of the filtered list made on the device
 * into one PDF, a page each, with progress; 'Batal' stops the worker. What the device lacks is
 * asked of the server first (prepareBatch); certificates that would still print a blank
 * signature line are named in a question before anything is printed.
 */
export function PrintAllModal({ jenjang, rows, refill, onDone, onClose }: PrintAllModalProps) {
  const api = useApi();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unsignedBatch, setUnsignedBatch] = useState<PreparedBatch | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the modal in any way stops a running batch.
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    setError(null);
    setProgress({ done: 0, total: rows.length });
    try {
      const batch = await prepareBatch(
        rows.map((row) => row.nama),
        {
          // Read again after a refill: it may have issued a new certificate.
          read: async () => readDocumentSources(db, (await db.sertifikat.bulkGet(rows.map((row) => row.id))).map((current, i) => ({ row: current ?? rows[i]! }))),
          refill,
          fetchImage: (sha256) => serverImage(api, sha256),
          online: navigator.onLine,
        },
      );
      if (batch.unsigned.length > 0) {
        setProgress(null);
        setUnsignedBatch(batch);
        return;
      }
      await render(batch);
    } catch (e) {
      setError(SERTIFIKAT_MSG.generateFailed(failureText(e)));
      setProgress(null);
    }
  }

  async function render({ requests }: PreparedBatch) {
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setProgress({ done: 0, total: requests.length });
    try {
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
    <>
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
    <ConfirmDialog
      open={unsignedBatch !== null}
      title={CERTIFICATE_TEXT.printAllUnsignedTitle}
      message={
        unsignedBatch && (
          <>
            {CERTIFICATE_TEXT.printAllUnsigned(unsignedBatch.unsigned.length)}
            {unsignedBatch.unsigned.map((entry, i) => (
              <span key={i} className="print-all-unsigned">
                {CERTIFICATE_TEXT.printAllUnsignedRow(entry.nama, entry.signers)}
              </span>
            ))}
          </>
        )
      }
      confirmLabel={CERTIFICATE_TEXT.printAllUnsignedConfirm}
      onConfirm={() => {
        const batch = unsignedBatch;
        setUnsignedBatch(null);
        if (batch) void render(batch);
      }}
      onCancel={() => setUnsignedBatch(null)}
    />
    </>
  );
}
