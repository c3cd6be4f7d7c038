/**
 * What one participant's date shows on a marking screen, as pure functions over the mirror's
 * mark, the Izin marks waiting for their note, the user's refused saves and the participant's
 * reviews: the mark shown, where it is (markState: on the device, sent, refused, waiting, none),
 * the lock, and whether the date may be marked at all.
 */
import type { Review } from '@/domain/approval-chain';
import { type Periode, IZIN, type Weekday, markKey, presensiLock, tanggalBlock } from '@/domain/presensi';
import { type MarkInput, type MarkState, markState } from '@/domain/presensi-screen';
import type { PresensiRecord } from '@/db/records';
import type { RefusedPresensi } from '@/db/presensi-read';

/** One participant's date on the screen. */
export interface MarkCell {
  pesertaId: number;
  tanggal: string;
  /** The mark the device holds: the server's with the queued changes on top (null: none). */
  held: MarkInput | null;
  /** The mark shown: an Izin waiting for its note, else the held one. */
  shown: MarkInput | null;
  state: MarkState;
  /** The refusal's text of the newest refused save of this user that set this date, else null. */
  refused: string | null;
  /** The attendance lock's text (the Pembimbing has decided), else null. */
  lock: string | null;
  /** Why this date cannot be marked (outside the internship, future, not a working day), else null. */
  block: string | null;
}

/** What the cells of a date read. */
export interface CellSources {
  marks: ReadonlyMap<number, PresensiRecord>;
  refused: readonly RefusedPresensi[];
  /** markKey of every date whose Izin waits for its note. */
  waiting: ReadonlySet<string>;
  reviewsOf: (pesertaId: number) => readonly Review[];
  today: string;
  hariKerja: readonly Weekday[];
  /** The role marking (the lock is the mentor's; HR may always correct). */
  role: string;
}

/** The cell of participant `peserta` on `tanggal`. */
export function markCell(peserta: Periode & { id: number }, tanggal: string, sources: CellSources): MarkCell {
  const record = sources.marks.get(peserta.id);
  const held: MarkInput | null = record ? { status: record.status, catatan: record.catatan } : null;
  const waiting = sources.waiting.has(markKey(peserta.id, tanggal));
  let refused: string | null = null;
  for (const entry of sources.refused) {
    if (entry.marks.some((mark) => mark.peserta_id === peserta.id && mark.tanggal === tanggal)) refused = entry.message;
  }
  const state = markState({ waiting, queued: record?.pendingKey !== undefined, refused: refused !== null, marked: record !== undefined });
  return {
    pesertaId: peserta.id,
    tanggal,
    held,
    shown: waiting ? { status: IZIN, catatan: null } : held,
    state,
    refused: state === 'refused' ? refused : null,
    lock: presensiLock(sources.role, sources.reviewsOf(peserta.id)),
    block: tanggalBlock(tanggal, peserta, sources.today, sources.hariKerja),
  };
}

/** Whether the cell's buttons work: no lock and a date that may be marked. */
export function isEditable(cell: MarkCell): boolean {
  return cell.lock === null && cell.block === null;
}
