import { useId } from 'react';
import { MSG } from '@/domain/messages';
import { IZIN, PRESENSI_CATATAN_MAX, PRESENSI_MSG, PRESENSI_STATUS, type PresensiStatus } from '@/domain/presensi';
import { type MarkInput, PRESENSI_SCREEN_MSG as T, STATUS_LETTER, showsCatatan } from '@/domain/presensi-screen';
import { RefusedMark } from '@/ui/refused-mark';
import { type MarkCell, isEditable } from './presensi-rows';

interface MarkControlsProps {
  cell: MarkCell;
  /** The participant's name (the group's accessible name). */
  nama: string;
  onChange: (mark: MarkInput) => void;
  /** Izin without a note after a 'Simpan': the note field says it is required. */
  showErrors: boolean;
}

/**
 * One participant's date: the four toggle buttons H / I / S / A (aria-pressed, named by the
 * status), the note field for Izin (required) and Sakit, and the date's state — saved, queued,
 * unsaved, refused with its text, locked with the lock's text. Locked or blocked: no change.
 */
export function MarkControls({ cell, nama, onChange, showErrors }: MarkControlsProps) {
  const noteId = useId();
  const errorId = useId();
  const editable = isEditable(cell);
  const status = cell.shown?.status ?? null;
  const catatanError = showErrors && cell.needsCatatan;
  const choose = (next: PresensiStatus) => onChange({ status: next, catatan: cell.shown?.catatan ?? null });
  return (
    <div className="presensi-controls">
      <div className="presensi-buttons" role="group" aria-label={T.marksOf(nama)}>
        {PRESENSI_STATUS.map((option) => (
          <button
            key={option}
            type="button"
            className={`presensi-btn presensi-btn-${STATUS_LETTER[option].toLowerCase()}`}
            aria-pressed={status === option}
            aria-label={option}
            disabled={!editable}
            onClick={() => choose(option)}
          >
            {STATUS_LETTER[option]}
          </button>
        ))}
      </div>
      {editable && status !== null && showsCatatan(status) && (
        <div className="field presensi-note">
          <label htmlFor={noteId}>{status === IZIN ? T.catatanWajib : T.catatanOpsional}</label>
          <input
            id={noteId}
            type="text"
            maxLength={PRESENSI_CATATAN_MAX}
            value={cell.shown?.catatan ?? ''}
            required={status === IZIN}
            aria-invalid={catatanError || undefined}
            aria-describedby={catatanError ? errorId : undefined}
            onChange={(event) => onChange({ status, catatan: event.target.value })}
          />
          {catatanError && (
            <span id={errorId} className="field-error" role="alert">
              {PRESENSI_MSG.catatanRequired}
            </span>
          )}
        </div>
      )}
      {!editable && cell.shown?.catatan && <p className="presensi-note-text muted">{cell.shown.catatan}</p>}
      <MarkStatus cell={cell} />
    </div>
  );
}

/** The date's state in words, and the lock's and the refusal's texts. */
export function MarkStatus({ cell }: { cell: MarkCell }) {
  return (
    <div className="presensi-state">
      {cell.lock !== null && <p className="presensi-lock">{cell.lock}</p>}
      {cell.lock === null && cell.block !== null && <p className="presensi-lock">{cell.block}</p>}
      {cell.refused !== null && <RefusedMark label={MSG.refusedChanges} message={cell.refused} />}
      <span className={`presensi-state-text presensi-state-${cell.state}`}>{STATE_TEXT[cell.state]}</span>
    </div>
  );
}

const STATE_TEXT: Record<MarkCell['state'], string> = {
  none: T.notMarked,
  saved: T.saved,
  queued: MSG.savedOffline,
  unsaved: T.unsaved,
};
