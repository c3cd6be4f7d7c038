import { useEffect, useId, useState } from 'react';
import { IZIN, PRESENSI_CATATAN_MAX, PRESENSI_MSG, PRESENSI_STATUS, type PresensiStatus } from '@/domain/presensi';
import { MARK_STATE_TEXT, type MarkInput, PRESENSI_SCREEN_MSG as T, STATUS_LETTER, showsCatatan } from '@/domain/presensi-screen';
import { RefusedMark } from '@/ui/refused-mark';
import { type MarkCell, isEditable } from './presensi-rows';

interface MarkControlsProps {
  cell: MarkCell;
  /** The participant's name (the group's accessible name). */
  nama: string;
  /** A tap, or a note written (on leaving the field or Enter): the screen keeps it at once. */
  onChange: (mark: MarkInput) => void;
  /** A day that is not a working day: the rows do not repeat it (the day says it once, above the list). */
  hideBlock?: boolean;
}

/**
 * One participant's date: the four toggle buttons H / I / S / A (aria-pressed, named by the
 * status) — a tap keeps the mark at once —, the note field for Izin (required) and Sakit, and
 * where the mark is: on the device, sent, refused with its reason, or an Izin waiting for its
 * note (ONE inline error under the field). Locked or blocked: no change.
 */
export function MarkControls({ cell, nama, onChange, hideBlock = false }: MarkControlsProps) {
  const noteId = useId();
  const errorId = useId();
  const editable = isEditable(cell);
  const status = cell.shown?.status ?? null;
  const waiting = cell.state === 'waiting';
  const choose = (next: PresensiStatus) => onChange({ status: next, catatan: next === status ? (cell.shown?.catatan ?? null) : null });
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
        <NoteField
          id={noteId}
          errorId={errorId}
          label={status === IZIN ? T.catatanWajib : T.catatanOpsional}
          required={status === IZIN}
          saved={cell.shown?.catatan ?? ''}
          error={waiting ? PRESENSI_MSG.catatanRequired : null}
          onCommit={(catatan) => onChange({ status, catatan })}
        />
      )}
      {!editable && cell.shown?.catatan && <p className="presensi-note-text muted">{cell.shown.catatan}</p>}
      <MarkStatus cell={cell} hideBlock={hideBlock} />
    </div>
  );
}

interface NoteFieldProps {
  id: string;
  errorId: string;
  label: string;
  required: boolean;
  /** The note the mark holds. */
  saved: string;
  error: string | null;
  onCommit: (catatan: string) => void;
}

/** The mark's note: typed freely, kept when the field is left or Enter is pressed. */
function NoteField({ id, errorId, label, required, saved, error, onCommit }: NoteFieldProps) {
  const [text, setText] = useState(saved);
  // The mark's note changed elsewhere (sent, refused, another tap): the field shows it.
  useEffect(() => setText(saved), [saved]);
  const commit = () => {
    if (text.trim() !== saved.trim() || error !== null) onCommit(text);
  };
  return (
    <div className="field presensi-note">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        maxLength={PRESENSI_CATATAN_MAX}
        value={text}
        required={required}
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {error !== null && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Where the date's mark is in words, and the lock's, the block's and the refusal's texts. */
export function MarkStatus({ cell, hideBlock = false }: { cell: MarkCell; hideBlock?: boolean }) {
  return (
    <div className="presensi-state">
      {cell.lock !== null && <p className="presensi-lock">{cell.lock}</p>}
      {cell.lock === null && cell.block !== null && !(hideBlock && cell.block === PRESENSI_MSG.notWorkingDay) && <p className="presensi-lock">{cell.block}</p>}
      {cell.refused !== null ? (
        <RefusedMark label={MARK_STATE_TEXT.refused} message={cell.refused} />
      ) : (
        <span className={`presensi-state-text presensi-state-${cell.state}`}>{MARK_STATE_TEXT[cell.state]}</span>
      )}
    </div>
  );
}
