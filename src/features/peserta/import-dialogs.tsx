import { useId, useRef } from 'react';
import { DetailModal } from '@/ui/detail-modal';
import { Modal } from '@/ui/modal';
import { ProgressBar } from '@/ui/progress-bar';
import { IMPORT_TEXT, type ImportProgress } from './import-peserta';
import type { ImportReport } from './import-report';

/** The running import: what it does now and a progress bar; Batal stops it (rows already stored stay). */
export function ImportProgressModal({ progress, onCancel }: { progress: ImportProgress; onCancel: () => void }) {
  return (
    // Not dismissible: only Batal stops the import (Esc, a click outside and X do nothing).
    <DetailModal size="sm" title="Import CSV" onClose={onCancel} dismissible={false} closeLabel="Batal">
      <div className="import-progress">
        <p aria-live="polite">{progress.stage === 'parse' ? IMPORT_TEXT.parsing : IMPORT_TEXT.sending}</p>
        <ProgressBar value={progress.percent} label="Progres import" />
      </div>
    </DetailModal>
  );
}

/**
 * The import's result when some rows failed: the success count, the failure count,
 * and each failed row with its row number and message.
 */
export function ImportResultModal({ report, onClose }: { report: ImportReport; onClose: () => void }) {
  const summaryId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      title="Hasil Import"
      onClose={onClose}
      role="alertdialog"
      describedBy={summaryId}
      initialFocusRef={okRef}
      footer={
        <button ref={okRef} type="button" className="btn btn-primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <dl id={summaryId} className="import-summary">
        <div className="import-count import-count-ok">
          <dt>Berhasil</dt>
          <dd>{report.created}</dd>
        </div>
        <div className="import-count import-count-failed">
          <dt>Gagal</dt>
          <dd>{report.failed}</dd>
        </div>
      </dl>
      <h3 className="detail-subtitle">Baris yang gagal</h3>
      <ul className="import-errors" aria-label="Baris yang gagal">
        {report.errors.map((error) => (
          <li key={error.rowNumber}>
            <strong>{`Baris ${error.rowNumber}`}</strong>
            <span>{error.message}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
