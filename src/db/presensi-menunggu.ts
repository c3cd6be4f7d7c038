/**
 * The Izin marks waiting on the device for their note (an Izin is only sent with one): kept in
 * `meta` under one key per user, so a tapped Izin survives leaving the screen, another date and a
 * reload, and shows as waiting until its note is written (then it is queued like any mark) or
 * another status is tapped. This module owns those keys; the screens read them live.
 */
import { markKey } from '@/domain/presensi';
import type { MagangDb } from './db';

/** A participant's date whose Izin waits for its note. */
export interface WaitingIzin {
  peserta_id: number;
  tanggal: string;
}

const keyOf = (user: number) => `presensi-menunggu:${user}`;

function isWaiting(value: unknown): value is WaitingIzin {
  const row = value as Partial<WaitingIzin> | null;
  return typeof row?.peserta_id === 'number' && typeof row.tanggal === 'string';
}

/** The user's Izin marks waiting for their note. */
export async function readWaitingIzin(db: MagangDb, user: number | null): Promise<WaitingIzin[]> {
  if (user === null) return [];
  const row = await db.meta.get(keyOf(user));
  return Array.isArray(row?.value) ? row.value.filter(isWaiting) : [];
}

/** Changes the user's waiting list in one transaction: `add` joins it, `remove` leaves it. */
async function change(db: MagangDb, user: number, add: readonly WaitingIzin[], remove: readonly WaitingIzin[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const held = new Map((await readWaitingIzin(db, user)).map((row) => [markKey(row.peserta_id, row.tanggal), row]));
    for (const row of remove) held.delete(markKey(row.peserta_id, row.tanggal));
    for (const row of add) held.set(markKey(row.peserta_id, row.tanggal), { peserta_id: row.peserta_id, tanggal: row.tanggal });
    if (held.size === 0) await db.meta.delete(keyOf(user));
    else await db.meta.put({ key: keyOf(user), value: [...held.values()] });
  });
}

/** Keeps an Izin of `at` waiting for its note. */
export function holdIzin(db: MagangDb, user: number, at: WaitingIzin): Promise<void> {
  return change(db, user, [at], []);
}

/** The dates `at` wait no longer (their mark was queued, or another status tapped). */
export function releaseIzin(db: MagangDb, user: number, at: readonly WaitingIzin[]): Promise<void> {
  return change(db, user, [], at);
}
