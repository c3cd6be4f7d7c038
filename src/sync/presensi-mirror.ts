/**
 * The attendance marks in the mirror (table `presensi`) and the one way queued presensi.save
 * changes are laid over them: reapplyPresensi() takes, per participant and date, the server's
 * mark (given, or the one the mirror keeps under a pending mark) and lays every change still
 * queued by the mirror's owner over it (layPresensi, FIFO). Used by enqueue (the new change
 * shows at once), markSent (the answer's stored marks become the base), markConflict and
 * retryConflict (a refused change's marks go back to the server's, and come again on a retry)
 * and the pulls (a mentor's, and one participant's when an approver opens its detail). So the marks shown are always the server's with the pending changes on top.
 */
import type { MagangDb } from '@/db/db';
import { getMirrorOwner } from '@/db/meta';
import type { PresensiRecord } from '@/db/records';
import { changeFamily, layPresensi, presensiMarksOf } from '@/domain/outbox';
import { type StoredMark, markKey } from '@/domain/presensi';
import { showsInMirror } from './peserta-state';

/** The key of a mark in the mirror: [peserta_id, tanggal]. */
export type MarkKey = [number, string];

/** The distinct keys of `marks`. */
export function markKeysOf(marks: readonly { peserta_id: number; tanggal: string }[]): MarkKey[] {
  const seen = new Map<string, MarkKey>();
  for (const mark of marks) seen.set(markKey(mark.peserta_id, mark.tanggal), [mark.peserta_id, mark.tanggal]);
  return [...seen.values()];
}

/** The server's mark under a held one: itself when not pending, else the base it keeps. */
function serverMarkOf(held: PresensiRecord | undefined): StoredMark | null {
  if (!held) return null;
  if (held.pendingKey !== undefined) return held.base ?? null;
  return held;
}

/**
 * Writes the marks at `keys` (and at every mark of `server`): base = the mark in `server` when
 * it has one, else the server's mark the mirror holds; over it every presensi.save still queued
 * by the mirror's owner, FIFO. A key left with no mark is deleted; an unchanged one is not
 * rewritten. One transaction (the caller's, when it runs inside one over outbox, presensi, meta).
 */
export async function reapplyPresensi(db: MagangDb, keys: readonly MarkKey[], server: readonly StoredMark[] = []): Promise<void> {
  await db.transaction('rw', [db.outbox, db.presensi, db.meta], async () => {
    const fromServer = new Map(server.map((mark) => [markKey(mark.peserta_id, mark.tanggal), mark]));
    const all = markKeysOf([...keys.map(([peserta_id, tanggal]) => ({ peserta_id, tanggal })), ...server]);
    if (all.length === 0) return;
    const [held, rows, owner] = await Promise.all([db.presensi.bulkGet(all), db.outbox.orderBy('seq').toArray(), getMirrorOwner(db)]);
    const changes = rows
      .filter((entry) => changeFamily(entry.kind) === 'attendance' && showsInMirror(entry, owner))
      .map((entry) => ({ key: entry.key, marks: presensiMarksOf(entry.payload) }));
    const puts: PresensiRecord[] = [];
    const deletes: MarkKey[] = [];
    all.forEach(([peserta_id, tanggal], i) => {
      const before = held[i];
      const base = fromServer.get(markKey(peserta_id, tanggal)) ?? serverMarkOf(before);
      const next = layPresensi(base, changes, { peserta_id, tanggal });
      if (next === null) {
        if (before) deletes.push([peserta_id, tanggal]);
      } else if (!before || JSON.stringify(before) !== JSON.stringify(next)) puts.push(next);
    });
    if (deletes.length > 0) await db.presensi.bulkDelete(deletes);
    if (puts.length > 0) await db.presensi.bulkPut(puts);
  });
}

/** The marks of a presensi.save payload as mirror keys. */
export function changeMarkKeys(payload: unknown): MarkKey[] {
  return markKeysOf(presensiMarksOf(payload));
}

/**
 * Drops the marks of every participant not in `keep` (they left the mirror: deleted, or no
 * longer the mentor's). Writes nothing when there are none. The caller's transaction.
 */
export async function dropPresensiExcept(db: MagangDb, keep: ReadonlySet<number>): Promise<void> {
  const held = (await db.presensi.orderBy('peserta_id').uniqueKeys()) as number[];
  const gone = held.filter((id) => !keep.has(id));
  if (gone.length > 0) await db.presensi.where('peserta_id').anyOf(gone).delete();
}

/** Drops the marks of `ids` (deleted participants). Writes nothing when none is held. The caller's transaction. */
export async function dropPresensiOf(db: MagangDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const held = db.presensi.where('peserta_id').anyOf([...ids]);
  if ((await held.count()) > 0) await held.delete();
}

/**
 * Removes the server's marks at `keys` (a pending mark stays, with no server mark under it).
 * The caller's transaction.
 */
export async function dropServerMarks(db: MagangDb, keys: readonly MarkKey[]): Promise<void> {
  const rows = await db.presensi.bulkGet([...keys]);
  const gone: MarkKey[] = [];
  for (const [i, row] of rows.entries()) {
    if (!row) continue;
    if (row.pendingKey === undefined) gone.push(keys[i]!);
    else if (row.base) await db.presensi.put({ ...row, base: null });
  }
  if (gone.length > 0) await db.presensi.bulkDelete(gone);
}

/**
 * Replaces the server's marks of participant `pesertaId` by `marks` (all of its marks, as
 * GET /api/presensi/peserta/{id} answers them): a held server mark the answer lacks is gone, the
 * changes still queued stay laid on top. Writes nothing when nothing changed. One transaction.
 */
export async function replaceServerMarksOf(db: MagangDb, pesertaId: number, marks: readonly StoredMark[]): Promise<void> {
  await db.transaction('rw', [db.outbox, db.presensi, db.meta], async () => {
    const held = (await db.presensi.where('peserta_id').equals(pesertaId).primaryKeys()) as MarkKey[];
    const sent = new Set(marks.map((mark) => mark.tanggal));
    const stale = held.filter(([, tanggal]) => !sent.has(tanggal));
    await reapplyPresensi(db, [], marks);
    if (stale.length > 0) await dropServerMarks(db, stale);
  });
}
