/**
 * What the outbox looks like to the user: pending count, refused entries and whether replay
 * waits for a new login. Read-only helpers over the outbox and meta tables.
 */
import type { MagangDb } from '@/db/db';
import { getSession } from '@/db/meta';
import type { OutboxRecord } from '@/db/records';
import { PAUSED_KEY } from './constants';

/** The outbox as the top bar shows it. */
export interface OutboxStatus {
  pending: OutboxRecord[];
  conflicts: OutboxRecord[];
  /** True when the last send got a 401 with the current token: the user must log in again. */
  needsLogin: boolean;
}

/**
 * The user's outbox status. Nothing while the user is unknown: another user's entries stay in
 * the outbox for them and are never shown to whoever uses the device next.
 */
export async function readOutboxStatus(db: MagangDb, user: number | null): Promise<OutboxStatus> {
  const rows = user === null ? [] : await db.outbox.where('user').equals(user).sortBy('seq');
  const [paused, session] = await Promise.all([db.meta.get(PAUSED_KEY), getSession(db)]);
  return {
    pending: rows.filter((row) => row.state !== 'conflict'),
    conflicts: rows.filter((row) => row.state === 'conflict'),
    needsLogin: Boolean(paused && session && paused.value === session.token),
  };
}
