import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { db } from '@/db/db';
import { readWaitingIzin } from '@/db/presensi-menunggu';
import { readPresensiDay } from '@/db/presensi-read';
import { formatHariTanggal } from '@/domain/dates';
import { IZIN, PRESENSI_CATATAN_MAX, PRESENSI_MSG, PRESENSI_STATUS, type PresensiStatus, markKey } from '@/domain/presensi';
import { PRESENSI_CALENDAR_MSG as C, PRESENSI_LETTER } from '@/domain/presensi-calendar';
import { MARK_STATE_TEXT, type MarkInput, PRESENSI_SCREEN_MSG as T, markState, showsCatatan } from '@/domain/presensi-screen';
import { tapPresensi } from '@/sync/changes';
import { IconButton } from '@/ui/icon-button';
import { RefusedMark } from '@/ui/refused-mark';

interface PresensiCorrectionProps {
  user: number;
  role: string;
  pesertaId: number;
  nama: string;
  tanggal: string;
  onClose: () => void;
  /** The short notice of a kept correction. */
  notify: (text: string) => void;
}

/**
 * HR's correction of one day of a participant's attendance, under the calendar: the four status
 * buttons (a tap keeps it at once, through the outbox, as a mark on '/presensi'), the note of
 * Izin (required: the Izin waits on the device until it has one) and Sakit, and where the mark is
 * — on the device, sent, refused with its reason. The server writes the correction into the
 * participant's history.
 */
export function PresensiCorrection({ user, role, pesertaId, nama, tanggal, onClose, notify }: PresensiCorrectionProps) {
  const headingId = useId();
  const noteId = useId();
  const errorId = useId();
  const day = useLiveQuery(async () => {
    const [read, waiting] = await Promise.all([readPresensiDay(db, tanggal, user), readWaitingIzin(db, user)]);
    return { record: read.marks.get(pesertaId), refused: read.refused, waiting: waiting.some((row) => markKey(row.peserta_id, row.tanggal) === markKey(pesertaId, tanggal)) };
  }, [tanggal, user, pesertaId]);
  const record = day?.record;
  const held: MarkInput | null = record ? { status: record.status, catatan: record.catatan } : null;
  const waiting = day?.waiting ?? false;
  const refusedEntry = [...(day?.refused ?? [])].reverse().find((entry) => entry.marks.some((mark) => mark.peserta_id === pesertaId));
  const state = markState({ waiting, queued: record?.pendingKey !== undefined, refused: refusedEntry !== undefined, marked: record !== undefined });
  const shown: MarkInput | null = waiting ? { status: IZIN, catatan: null } : held;
  const [note, setNote] = useState(shown?.catatan ?? '');
  useEffect(() => setNote(shown?.catatan ?? ''), [shown?.catatan, tanggal]);

  async function keep(mark: MarkInput) {
    const result = await tapPresensi({ user, role, at: { peserta_id: pesertaId, tanggal }, mark, held, waiting });
    if (!result) return;
    notify(result.outcome === 'sent' ? T.sentNotice(nama, mark.status) : result.outcome === 'queued' ? T.keptNotice(nama, mark.status) : result.message);
  }
  const choose = (status: PresensiStatus) => void keep({ status, catatan: status === shown?.status ? (shown.catatan ?? null) : null });
  const commitNote = () => {
    if (shown && showsCatatan(shown.status) && (note.trim() !== (shown.catatan ?? '') || waiting)) void keep({ status: shown.status, catatan: note });
  };

  return (
    <section className="presensi-correction" aria-labelledby={headingId}>
      <div className="presensi-correction-head">
        <h4 id={headingId}>{C.correctTitle(formatHariTanggal(tanggal))}</h4>
        <IconButton label={C.correctClose} icon="close" onClick={onClose} />
      </div>
      <div className="presensi-correction-buttons" role="group" aria-label={T.marksOf(nama)}>
        {PRESENSI_STATUS.map((status) => (
          <button
            key={status}
            type="button"
            className={`presensi-correction-btn presensi-correction-${PRESENSI_LETTER[status].toLowerCase()}`}
            aria-pressed={shown?.status === status}
            aria-label={status}
            onClick={() => choose(status)}
          >
            {PRESENSI_LETTER[status]}
          </button>
        ))}
      </div>
      {shown && showsCatatan(shown.status) && (
        <div className="field">
          <label htmlFor={noteId}>{shown.status === IZIN ? T.catatanWajib : T.catatanOpsional}</label>
          <input
            id={noteId}
            type="text"
            maxLength={PRESENSI_CATATAN_MAX}
            value={note}
            aria-invalid={waiting || undefined}
            aria-describedby={waiting ? errorId : undefined}
            onChange={(event) => setNote(event.target.value)}
            onBlur={commitNote}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitNote();
            }}
          />
          {waiting && (
            <span id={errorId} className="field-error">
              {PRESENSI_MSG.catatanRequired}
            </span>
          )}
        </div>
      )}
      {state === 'refused' && refusedEntry ? (
        <RefusedMark label={MARK_STATE_TEXT.refused} message={refusedEntry.message} />
      ) : (
        <p className={`presensi-correction-state presensi-correction-state-${state}`}>{MARK_STATE_TEXT[state]}</p>
      )}
    </section>
  );
}
