/**
 * Outbox replay: sends queued mutations to the API in FIFO order (ARCHITECTURE.md "Write").
 * Runs in the service worker (on `sync` and on a 'REPLAY' message) and in the page as a
 * fallback. It must never touch the DOM or sessionStorage: the token comes from Dexie meta.
 *
 * Foundation stage: the sending, conflict and reconcile steps are not written yet (the scoring
 * issue adds them). replayOutbox() only counts the entries it would send.
 */
import { db as appDb, type MagangDb } from '@/db/db';

/** Background Sync tag under which the page asks for a replay. */
export const OUTBOX_SYNC_TAG = 'outbox-replay';

/** What one replay run did. */
export interface ReplayResult {
  /** Entries waiting in the outbox when the run started. */
  pending: number;
  /** Entries sent and confirmed by the server in this run. */
  sent: number;
}

/**
 * Replays the outbox. For now it only reads how many entries are pending and returns that
 * count with `sent: 0`; it sends nothing and changes nothing.
 */
export async function replayOutbox(db: MagangDb = appDb): Promise<ReplayResult> {
  const pending = await db.outbox.where('state').equals('pending').count();
  return { pending, sent: 0 };
}
