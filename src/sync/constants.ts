/**
 * Names and timings the replay, its triggers and the status read share. Kept apart from
 * replay.ts so that trigger.ts and status.ts (loaded by every page) need not import the runner.
 */

/** Background Sync tag under which the page asks for a replay. */
export const OUTBOX_SYNC_TAG = 'outbox-replay';
/** Web Lock name shared by every runner of this origin (pages and service worker). */
export const OUTBOX_LOCK_NAME = 'magang-outbox-replay';
/** First retry delay after a failed send; doubles per attempt up to the max. */
const OUTBOX_RETRY_BASE_MS = 2_000;
const OUTBOX_RETRY_MAX_MS = 60_000;
/** meta key holding the token that got a 401: replay waits for a different token. */
export const PAUSED_KEY = 'outbox:paused-token';
/**
 * How long reviews read for the pre-send re-check stay good within one run; a longer run
 * reads the remaining participants again (another user may have decided meanwhile).
 */
export const RECHECK_MAX_AGE_MS = 10_000;
/** While entries wait, the page asks this often whether the server answers again. */
export const REACHABILITY_POLL_MS = 3_000;

/** Delay before the next try after `attempts` failed sends. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);
}
/** BroadcastChannel on which a replay run tells every context of the origin that it drained the outbox. */
export const OUTBOX_DRAINED_CHANNEL = 'magang-outbox-drained';
