/**
 * The history (Riwayat) pull: a participant's history is fetched when its detail opens and,
 * for the participants whose history the device holds, after the replay sent one of their
 * changes; stored per participant (table `riwayat`) so the detail shows it offline. Never part
 * of the participant list pulls (it would weigh on every list). A failed pull leaves the
 * stored history as it was and lets the client's error through.
 */
import type { ApiClient } from '@/api/client';
import { fetchRiwayat } from '@/api/riwayat';
import { db as appDb, type MagangDb } from '@/db/db';

/** GET /api/riwayat/peserta/{id} into the mirror (replacing what it held of that participant). */
export async function pullRiwayat(api: ApiClient, pesertaId: number, db: MagangDb = appDb): Promise<void> {
  const entries = await fetchRiwayat(api, pesertaId);
  await db.riwayat.put({ pesertaId, entries, fetchedAt: Date.now() });
}

/**
 * After the replay sent changes of `pesertaIds`: pulls again the history of those the device
 * holds one of (a detail was opened), one request each; failures are left for the next open.
 */
export async function refreshHeldRiwayat(api: ApiClient, pesertaIds: Iterable<number>, db: MagangDb = appDb): Promise<void> {
  const ids = [...new Set(pesertaIds)];
  if (ids.length === 0) return;
  const held = (await db.riwayat.bulkGet(ids)).filter((row) => row !== undefined).map((row) => row.pesertaId);
  await Promise.all(held.map((id) => pullRiwayat(api, id, db).catch(() => undefined)));
}
