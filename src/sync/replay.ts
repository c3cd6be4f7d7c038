/**
 * Outbox replay: sends queued mutations to the API in FIFO order (src/sync/README.md).
 * Runs in the service worker (on `sync` and on a 'REPLAY' message) and in the page; one
 * runner at a time (Web Locks across page and worker, plus a single in-flight promise per
 * context). It never touches the DOM or sessionStorage: the token and the user come from
 * Dexie meta. Row transitions are outbox.ts's; this module only decides which one applies.
 *
 * A run, for the logged-in user's entries, oldest first:
 * - the head waits out its backoff only after a 5xx; after a network failure a cheap
 *   GET /api/health decides: the server answers → send now (no waiting out a long backoff);
 * - never-sent entries are re-checked with the src/domain rule of their kind (change-kinds.ts)
 *   against the participants' reviews (an attendance save: every participant of its marks, and
 *   each mark's date against the participant's mirrored period). The reviews are read for all
 *   queued participants in ONE batch request up front (recheck-reviews.ts; again only after
 *   RECHECK_MAX_AGE_MS), and replaced by the state a send or a 409 returned,
 *   so an entry after an own change on the same participant is judged on the state after it;
 *   if the rule forbids it, the entry becomes a conflict with the rule's message, unsent;
 * - send with `Idempotency-Key: <entry.key>` (a resend after a lost answer is applied once),
 *   and with `X-Dibuat-Pada: <when it was made>` when it waited in the outbox (dibuatPadaOf);
 * - 2xx: the entry is deleted and the participant state the answer carries is reconciled
 *   (no read after); 409 or another 4xx: conflict with the server's message (and its state);
 *   401: pause (queue kept) until a new login; network or 5xx: backoff and stop, the entry
 *   stays at the head. After the run, the history (Riwayat) the sent changes wrote is pulled
 *   again where the device holds it (pull-riwayat.ts), and a run that took entries out of the
 *   queue announces its drain once (drained.ts): the pages follow it up with one round of pulls
 *   (follow-ups.ts), however many changes it carried.
 * So a change costs its send plus a share of one batch read and of one round of follow-ups.
 */
import { type ApiClient, answerErrorField, createApiClient, isApiError } from '@/api/client';
import { checkHealth, sendOutboxRequest } from '@/api/nilai';
import { db as appDb, type MagangDb } from '@/db/db';
import { getCachedProfile, getSession } from '@/db/meta';
import type { OutboxFailure, OutboxRecord } from '@/db/records';
import { changePesertaIds } from '@/domain/outbox';
import { statesOf } from '@/domain/peserta-state';
import { dibuatPadaOf } from '@/domain/riwayat';
import { changeEffects } from './change-kinds';
import { OUTBOX_LOCK_NAME, PAUSED_KEY } from './constants';
import { announceDrained } from './drained';
import {
  markConflict,
  markPaused,
  markRetry,
  markSending,
  markSent,
  pendingEntries,
} from './outbox';
import { refreshHeldRiwayat } from './pull-riwayat';
import { RecheckReviews } from './recheck-reviews';
import { requestReplay } from './trigger';

/** How a replay run ended. */
type ReplayStatus = 'done' | 'offline' | 'unauthorized' | 'no-session' | 'busy' | 'waiting';

/** What one replay run did. */
interface ReplayResult {
  status: ReplayStatus;
  /** Entries sent and confirmed by the server in this run. */
  sent: number;
  /** Entries that became conflicts in this run. */
  conflicts: number;
  /** Entries of the user still queued after the run. */
  remaining: number;
}

interface ReplayOptions {
  db?: MagangDb;
  /** API client; default: same origin with the token of the mirrored session. */
  api?: ApiClient;
  /** Ignore every backoff delay (a user action: a submit, 'Sinkronkan', `online`). */
  force?: boolean;
  /**
   * When another context holds the replay's Web Lock: wait up to this long for it and then run,
   * instead of answering 'busy' at once ('busy' still when the wait runs out).
   */
  waitForLockMs?: number;
  now?: () => number;
}

/** No answer at all (status 0, or not an ApiError), a 5xx, or a verdict (null). */
function failureOf(error: unknown): OutboxFailure | null {
  if (!isApiError(error) || error.status === 0) return 'network';
  return error.status >= 500 ? 'server' : null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type EntryOutcome = 'sent' | 'conflict' | 'unauthorized' | 'offline';

async function replayEntry(
  api: ApiClient,
  db: MagangDb,
  recheck: RecheckReviews,
  entry: OutboxRecord,
  now: number,
): Promise<EntryOutcome> {
  const seq = entry.seq!;
  // Decided before markSending: a first send measures its wait from now, a resend from sentAt.
  const dibuatPada = dibuatPadaOf(entry, now);
  try {
    if (entry.sentAt === undefined) {
      const refusal = await changeEffects(entry.kind).recheck({ api, db, reviews: recheck }, entry, now);
      if (refusal) {
        await markConflict(db, seq, refusal.message, refusal.states);
        return 'conflict';
      }
      // Sent as claimed: a waiting attendance change may have taken more marks of its day.
      entry = (await markSending(db, seq, now)) ?? entry;
    }
    const { states, body } = await sendOutboxRequest(api, entry, dibuatPada);
    // A resend gets the answer stored with the first request, so its state may be older than
    // now: it is taken as "the state right after this change"; a later entry sent on top of
    // it is still judged by the server, and the next pull corrects the mirror.
    await markSent(db, seq, states ?? [], body);
    if (states) recheck.set(states);
    return 'sent';
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      await markPaused(db, seq);
      return 'unauthorized';
    }
    const failure = failureOf(error);
    if (failure) {
      await markRetry(db, entry, failure, errorText(error), now);
      return 'offline';
    }
    // 409 (the rules forbid it now) or another refusal: kept and shown, never dropped. A 409
    // carries the participant's current state; a 400/403/404 none: the next pull corrects the mirror.
    const states = isApiError(error) ? statesOf(error.body) : null;
    await markConflict(db, seq, errorText(error), states ?? [], answerErrorField(error));
    if (states) recheck.set(states);
    return 'conflict';
  }
}

/** True when the server answers GET /api/health. */
async function reachable(api: ApiClient): Promise<boolean> {
  try {
    await checkHealth(api);
    return true;
  } catch {
    return false;
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
  const unsent = queue.filter((entry) => entry.sentAt === undefined).flatMap((entry) => changePesertaIds(entry));
  const recheck = new RecheckReviews(api, now, [...new Set(unsent)]);
  let serverAnswers = false;
  let sent = 0;
  let conflicts = 0;
  let status: ReplayStatus = 'done';
  const sentPeserta: number[] = [];
  for (const queued of queue) {
    // Re-read: a page and the worker share the table; the entry may have changed meanwhile.
    const entry = await db.outbox.get(queued.seq!);
    if (!entry || entry.state === 'conflict') continue;
    if (!options.force && (entry.nextAttemptAt ?? 0) > now()) {
      // FIFO: the head waits, the rest wait behind it. A 5xx backoff holds; after a network
      // failure it lasts only while the server does not answer.
      if (entry.lastFailure === 'server') {
        status = 'waiting';
        break;
      }
      if (!serverAnswers && !(await reachable(api))) {
        status = 'offline';
        break;
      }
      serverAnswers = true;
    }
    const outcome = await replayEntry(api, db, recheck, entry, now());
    if (outcome === 'sent') {
      sent += 1;
      sentPeserta.push(...changeEffects(entry.kind).historyOf(entry));
    } else if (outcome === 'conflict') conflicts += 1;
    else {
      if (outcome === 'unauthorized') await db.meta.put({ key: PAUSED_KEY, value: session.token });
      status = outcome;
      break;
    }
    serverAnswers = true;
  }
  await refreshHeldRiwayat(api, sentPeserta, db);
  // A run paused on a 401 is followed up after the new login's run: a pull now would be
  // answered 401 too, and the page would end the session before it says 'Sesi berakhir'.
  if (sent + conflicts > 0 && status !== 'unauthorized') announceDrained({ db: db.name, sent, conflicts });
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
  const busy = { status: 'busy' as const, sent: 0, conflicts: 0, remaining: -1 };
  const waitMs = options.waitForLockMs ?? 0;
  const run: Promise<ReplayResult> = !locks
    ? runOnce(options)
    : waitMs > 0
      ? locks.request(OUTBOX_LOCK_NAME, { signal: AbortSignal.timeout(waitMs) }, () => runOnce(options)).catch((error: unknown) => {
          if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return busy;
          throw error;
        })
      : locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock: Lock | null) => (lock ? runOnce(options) : busy));
  const shared = run.finally(() => {
    inFlight = null;
  });
  inFlight = shared;
  return shared;
}

/**
 * The one way to start a replay, for every trigger (a submit, the page's timer and events,
 * the service worker's `sync` and 'REPLAY'): asks the service worker (message + Background
 * Sync, which outlive the page; a no-op where there is none) and runs here too — the Web Lock
 * lets only one of them send, the other answers 'busy'.
 */
export function startReplay(options: ReplayOptions = {}): Promise<ReplayResult> {
  void requestReplay();
  return replayOutbox(options);
}
