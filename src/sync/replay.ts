/**
 * Outbox replay: sends queued mutations to the API in FIFO order (ARCHITECTURE.md "Write").
 * Runs in the service worker (on `sync` and on a 'REPLAY' message) and in the page as a
 * fallback; one runner at a time (Web Locks across page and worker, plus a single in-flight
 * promise per context). It must never touch the DOM or sessionStorage: the token and the user
 * come from Dexie meta.
 *
 * Per entry of the logged-in user, oldest first:
 * - never sent yet: re-fetch the participant's reviews and run the domain rule; if it now
 *   forbids the change, the entry becomes a conflict with the spec's message and is not sent;
 * - send with `Idempotency-Key: <entry.key>` (a resend after a lost answer is applied once);
 * - 2xx: delete the entry; 409 or another 4xx: conflict with the server's message;
 *   401: pause (queue kept) until a new login; network error or 5xx: back off and stop,
 *   the entry stays at the head;
 * - afterwards the participant is re-pulled and the remaining queued changes re-applied.
 */
import { type ApiClient, createApiClient, isApiError } from '@/api/client';
import { fetchNilai, fetchReviews, sendOutboxRequest } from '@/api/scoring';
import { db as appDb, type MagangDb } from '@/db/db';
import { getCachedProfile, getSession } from '@/db/meta';
import type { OutboxRecord } from '@/db/records';
import { recheckBlock } from '@/domain/outbox';
import { markConflict, pendingEntries } from './outbox';
import { reconcilePeserta } from './peserta-state';

/** Background Sync tag under which the page asks for a replay. */
export const OUTBOX_SYNC_TAG = 'outbox-replay';
/** Web Lock name shared by every runner of this origin (pages and service worker). */
export const OUTBOX_LOCK_NAME = 'magang-outbox-replay';
/** First retry delay after a network failure; doubles per attempt up to the max. */
export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 60_000;
/** meta key holding the token that got a 401: replay waits for a different token. */
export const PAUSED_KEY = 'outbox:paused-token';

/** How a replay run ended. */
export type ReplayStatus = 'done' | 'offline' | 'unauthorized' | 'no-session' | 'busy' | 'waiting';

/** What one replay run did. */
export interface ReplayResult {
  status: ReplayStatus;
  /** Entries sent and confirmed by the server in this run. */
  sent: number;
  /** Entries that became conflicts in this run. */
  conflicts: number;
  /** Entries of the user still queued after the run. */
  remaining: number;
}

export interface ReplayOptions {
  db?: MagangDb;
  /** API client; default: same origin with the token of the mirrored session. */
  api?: ApiClient;
  /** Ignore the backoff delay (the 'Sinkronkan' button). */
  force?: boolean;
  now?: () => number;
}

/** Delay before the next try after `attempts` failed sends. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);
}

function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function refreshPeserta(api: ApiClient, db: MagangDb, pesertaId: number): Promise<void> {
  const [reviews, nilai] = await Promise.all([fetchReviews(api, pesertaId), fetchNilai(api, pesertaId)]);
  await reconcilePeserta(db, pesertaId, { reviews, nilai });
}

/** Refreshes after a send or a refusal; a failure here only leaves the mirror stale. */
async function refreshQuietly(api: ApiClient, db: MagangDb, pesertaId: number): Promise<void> {
  try {
    await refreshPeserta(api, db, pesertaId);
  } catch {
    // The next replay or pull refreshes it; the outbox itself is already correct.
  }
}

type EntryOutcome = 'sent' | 'conflict' | 'unauthorized' | 'offline';

async function replayEntry(api: ApiClient, db: MagangDb, entry: OutboxRecord, now: number): Promise<EntryOutcome> {
  const seq = entry.seq!;
  try {
    if (entry.sentAt === undefined) {
      const reviews = await fetchReviews(api, entry.pesertaId);
      const block = recheckBlock(entry.kind, entry.role, reviews);
      if (block) {
        await markConflict(db, seq, block);
        await refreshQuietly(api, db, entry.pesertaId);
        return 'conflict';
      }
      // Recorded before sending: from here on the server may have applied it.
      await db.outbox.update(seq, { state: 'sending', sentAt: now });
    }
    await sendOutboxRequest(api, entry);
    await db.outbox.delete(seq);
    await refreshQuietly(api, db, entry.pesertaId);
    return 'sent';
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      await db.outbox.update(seq, { state: 'pending' });
      return 'unauthorized';
    }
    if (isTransient(error)) {
      const attempts = entry.attempts + 1;
      await db.outbox.update(seq, {
        state: 'pending',
        attempts,
        lastError: errorText(error),
        nextAttemptAt: now + retryDelayMs(attempts),
      });
      return 'offline';
    }
    // 409 (the rules forbid it now) or another refusal: kept and shown, never dropped.
    await markConflict(db, seq, errorText(error));
    await refreshQuietly(api, db, entry.pesertaId);
    return 'conflict';
  }
}

async function runOnce(options: ReplayOptions): Promise<ReplayResult> {
  const db = options.db ?? appDb;
  const now = options.now ?? Date.now;
  const [session, profile] = await Promise.all([getSession(db), getCachedProfile(db)]);
  if (!session || !profile) return { status: 'no-session', sent: 0, conflicts: 0, remaining: 0 };
  const paused = await db.meta.get(PAUSED_KEY);
  const queue = await pendingEntries(db, profile.id);
  if (paused?.value === session.token) return { status: 'unauthorized', sent: 0, conflicts: 0, remaining: queue.length };

  const api = options.api ?? createApiClient({ getToken: () => session.token });
  let sent = 0;
  let conflicts = 0;
  let status: ReplayStatus = 'done';
  for (const queued of queue) {
    // Re-read: a page and the worker share the table; the entry may have changed meanwhile.
    const entry = await db.outbox.get(queued.seq!);
    if (!entry || entry.state === 'conflict') continue;
    if (!options.force && (entry.nextAttemptAt ?? 0) > now()) {
      status = 'waiting';
      break; // FIFO: the head waits for its backoff, the rest wait behind it.
    }
    const outcome = await replayEntry(api, db, entry, now());
    if (outcome === 'sent') sent += 1;
    else if (outcome === 'conflict') conflicts += 1;
    else {
      if (outcome === 'unauthorized') await db.meta.put({ key: PAUSED_KEY, value: session.token });
      status = outcome;
      break;
    }
  }
  const remaining = (await pendingEntries(db, profile.id)).length;
  return { status, sent, conflicts, remaining };
}

let inFlight: Promise<ReplayResult> | null = null;

/**
 * Replays the logged-in user's outbox once; concurrent calls in one context share the run,
 * and across contexts only the holder of the Web Lock runs (others answer 'busy').
 */
export function replayOutbox(options: ReplayOptions = {}): Promise<ReplayResult> {
  if (inFlight) return inFlight;
  // Web Locks exist in pages and workers alike (absent in Node tests: the promise suffices).
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  const run: Promise<ReplayResult> = locks
    ? locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock: Lock | null) =>
        lock ? runOnce(options) : { status: 'busy' as const, sent: 0, conflicts: 0, remaining: -1 },
      )
    : runOnce(options);
  const shared = run.finally(() => {
    inFlight = null;
  });
  inFlight = shared;
  return shared;
}
