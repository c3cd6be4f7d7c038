/**
 * Reads of the attendance mirror (table `presensi`) for the marking screens: a group's day and a
 * participant's days, each mark flagged when a queued change of this device set it (`pendingKey`),
 * and the user's refused attendance saves with their text. Read-only; screens wrap it in
 * useLiveQuery. The writer is src/sync/presensi-mirror.ts.
 */
import { changeFamily, presensiMarksOf } from '@/domain/outbox';
import type { PresensiMark } from '@/domain/presensi';
import type { MagangDb } from './db';
import type { PresensiRecord } from './records';

/** A refused attendance save the user has not dismissed yet. */
export interface RefusedPresensi {
  seq: number;
  /** The refusal's text: the lock's, a date's reason with the date, or the server's message. */
  message: string;
  marks: PresensiMark[];
}

/** The marks of one date by participant, and the user's refused saves that touch that date (oldest first). */
export interface PresensiDay {
  marks: Map<number, PresensiRecord>;
  refused: RefusedPresensi[];
}

/** The user's refused attendance saves, oldest first (none for `userId` null). */
async function refusedOf(db: MagangDb, userId: number | null): Promise<RefusedPresensi[]> {
  if (userId === null) return [];
  const rows = await db.outbox.where('user').equals(userId).sortBy('seq');
  return rows
    .filter((entry) => changeFamily(entry.kind) === 'attendance' && entry.state === 'conflict')
    .map((entry) => ({ seq: entry.seq!, message: entry.lastError ?? '', marks: presensiMarksOf(entry.payload) }));
}

/** The marks of `tanggal` (yyyy-mm-dd) and the user's refused saves of that date. */
export async function readPresensiDay(db: MagangDb, tanggal: string, userId: number | null): Promise<PresensiDay> {
  const [rows, refused] = await Promise.all([db.presensi.where('tanggal').equals(tanggal).toArray(), refusedOf(db, userId)]);
  return {
    marks: new Map(rows.map((row) => [row.peserta_id, row])),
    refused: refused.filter((entry) => entry.marks.some((mark) => mark.tanggal === tanggal)),
  };
}

/** A participant's marks by date, oldest first. */
export async function readPresensiOf(db: MagangDb, pesertaId: number): Promise<PresensiRecord[]> {
  return db.presensi.where('peserta_id').equals(pesertaId).sortBy('tanggal');
}
