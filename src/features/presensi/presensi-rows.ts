/**
 * What one participant's date shows on the marking screen, as pure functions over the mirror's
 * mark, the screen's unsaved edit, the user's refused saves and the participant's reviews: the
 * mark shown, its state (saved, queued, refused, unsaved, none), the lock, and whether the date
 * may be marked at all. Also the marks a 'Simpan' sends.
 */
import type { Review } from '@/domain/approval-chain';
import { markKey } from '@/domain/presensi';
import { type MarkInput, catatanToSend, isChange } from '@/domain/presensi-screen';
import { type Periode, IZIN, type PresensiMark, type Weekday, presensiLock, tanggalBlock } from '@/domain/presensi';
import type { PresensiRecord } from '@/db/records';
import type { RefusedPresensi } from '@/db/presensi-read';

/** The state of a participant's date as its row or cell says it. */
export type MarkState = 'none' | 'saved' | 'queued' | 'unsaved';

/** One participant's date on the screen. */
export interface MarkCell {
  pesertaId: number;
  tanggal: string;
  /** The mark shown: the unsaved edit, else the mirror's (null: none). */
  shown: MarkInput | null;
  state: MarkState;
  /** The refusal's text of the newest refused save of this user that set this date, else null. */
  refused: string | null;
  /** The attendance lock's text (the Pembimbing has decided), else null. */
  lock: string | null;
  /** Why this date cannot be marked (outside the internship, future, not a working day), else null. */
  block: string | null;
  /** The edit is an Izin without a note: 'Simpan' refuses it. */
  needsCatatan: boolean;
}

/** What the cells of a date read. */
export interface CellSources {
  marks: ReadonlyMap<number, PresensiRecord>;
  refused: readonly RefusedPresensi[];
  edits: ReadonlyMap<string, MarkInput>;
  reviewsOf: (pesertaId: number) => readonly Review[];
  today: string;
  hariKerja: readonly Weekday[];
}

/** The cell of participant `peserta` on `tanggal`. */
export function markCell(peserta: Periode & { id: number }, tanggal: string, sources: CellSources): MarkCell {
  const held = sources.marks.get(peserta.id);
  const saved: MarkInput | null = held ? { status: held.status, catatan: held.catatan } : null;
  const edit = sources.edits.get(markKey(peserta.id, tanggal));
  const changed = edit !== undefined && isChange(edit, saved);
  const shown = changed ? edit : saved;
  let state: MarkState = 'none';
  if (changed) state = 'unsaved';
  else if (held?.pendingKey !== undefined) state = 'queued';
  else if (held) state = 'saved';
  let refused: string | null = null;
  for (const entry of sources.refused) {
    if (entry.marks.some((mark) => mark.peserta_id === peserta.id && mark.tanggal === tanggal)) refused = entry.message;
  }
  return {
    pesertaId: peserta.id,
    tanggal,
    shown,
    state,
    refused,
    lock: presensiLock('Mentor', sources.reviewsOf(peserta.id)),
    block: tanggalBlock(tanggal, peserta, sources.today, sources.hariKerja),
    needsCatatan: changed && edit.status === IZIN && catatanToSend(edit.status, edit.catatan) === null,
  };
}

/** Whether the cell's buttons work: no lock and a date that may be marked. */
export function isEditable(cell: MarkCell): boolean {
  return cell.lock === null && cell.block === null;
}

/** The marks 'Simpan' sends: every unsaved edit of an editable cell, as the API takes them. */
export function marksToSave(cells: readonly MarkCell[]): PresensiMark[] {
  return cells
    .filter((cell) => cell.state === 'unsaved' && cell.shown !== null && isEditable(cell))
    .map((cell) => ({
      peserta_id: cell.pesertaId,
      tanggal: cell.tanggal,
      status: cell.shown!.status,
      catatan: catatanToSend(cell.shown!.status, cell.shown!.catatan),
    }));
}
