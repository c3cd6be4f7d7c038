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
 * - never-sent entries are re-checked with the src/domain rule against the participant's
 *   reviews (an attendance save: every participant of its marks, and each mark's date against
 *   the participant's mirrored period). Those are read for all queued participants in ONE batch request up front
 *   (again only after RECHECK_MAX_AGE_MS), and replaced by the state a send or a 409 returned,
 *   so an entry after an own change on the same participant is judged on the state after it;
 *   if the rule forbids it, the entry becomes a conflict with the rule's message, unsent;
 * - send with `Idempotency-Key: <entry.key>` (a resend after a lost answer is applied once),
 *   and with `X-Dibuat-Pada: <when it was made>` when it waited in the outbox (dibuatPadaOf);
 * - 2xx: the entry is deleted and the participant state the answer carries is reconciled
 *   (no read after); 409 or another 4xx: conflict with the server's message (and its state);
 *   401: pause (queue kept) until a new login; network or 5xx: backoff and stop, the entry
 *   stays at the head. After the run, the history (Riwayat) of the participants whose changes
 *   were sent is pulled again where the device holds it (pull-riwayat.ts).
 * So a change costs its send plus a share of one batch read.
 */
import { type ApiClient, answerErrorField, createApiClient, isApiError } from '@/api/client';
import { checkHealth, fetchNilai, fetchReviewsBatch, sendOutboxRequest } from '@/api/nilai';
import { db as appDb, type MagangDb } from '@/db/db';
import { getCachedProfile, getSession } from '@/db/meta';
import type { OutboxFailure, OutboxRecord } from '@/db/records';
import { jakartaDate } from '@/domain/dates';
import { changePesertaIds, presensiMarksOf, presensiRecheckBlock, recheckBlock } from '@/domain/outbox';
import { presensiPutAnswerSchema, type StoredMark } from '@/domain/presensi';
import { type PesertaState, type ReviewStep, statesOf } from '@/domain/peserta-state';
import { REVIEW_BATCH_MAX } from '@/domain/review';
import { dibuatPadaOf } from '@/domain/riwayat';
import { OUTBOX_LOCK_NAME, PAUSED_KEY, RECHECK_MAX_AGE_MS } from './constants';
import {
  markConflict,
  markPaused,
  markRetry,
  markSending,
  markSent,
  pendingEntries,
} from './outbox';
import { refreshHeldRiwayat } from './pull-riwayat';
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

/**
 * Reviews for the pre-send re-check, per participant: read in batches of the participants
 * still ahead in the queue, replaced by what the server answered to our own sends.
 * `null` = the server does not let this user read it (unknown, another mentor's): the
 * entry is sent and the server's refusal becomes the conflict.
 */
class RecheckReviews {
  private readonly known = new Map<number, { reviews: ReviewStep[] | null; at: number }>();

  constructor(
    private readonly api: ApiClient,
    private readonly now: () => number,
    /** Participants of the never-sent entries, in queue order. */
    private readonly order: readonly number[],
  ) {}

  private fresh(pesertaId: number): boolean {
    const hit = this.known.get(pesertaId);
    return hit !== undefined && this.now() - hit.at <= RECHECK_MAX_AGE_MS;
  }

  async get(pesertaId: number): Promise<ReviewStep[] | null> {
    if (!this.fresh(pesertaId)) {
      // This participant and the next ones ahead not read lately, one request.
      const from = Math.max(0, this.order.indexOf(pesertaId));
      const ids = [pesertaId];
      for (const id of this.order.slice(from)) {
        if (ids.length >= REVIEW_BATCH_MAX) break;
        if (!ids.includes(id) && !this.fresh(id)) ids.push(id);
      }
      const read = await fetchReviewsBatch(this.api, ids);
      const at = this.now();
      for (const id of ids) this.known.set(id, { reviews: read.get(id) ?? null, at });
    }
    return this.known.get(pesertaId)?.reviews ?? null;
  }

  /** The state the server answered for a participant (right after our change, or current on a 409). */
  set(states: readonly PesertaState[]): void {
    for (const state of states) this.known.set(state.peserta_id, { reviews: state.reviews, at: this.now() });
  }
}

type EntryOutcome = 'sent' | 'conflict' | 'unauthorized' | 'offline';

/**
 * Why a never-sent presensi.save may not be sent now, or null: the lock of each participant
 * against its latest reviews (unknown to this user: the server judges), each date against the
 * participant's period as mirrored (absent: the server judges), today in Jakarta by `now`.
 */
async function presensiBlock(db: MagangDb, recheck: RecheckReviews, entry: OutboxRecord, now: number): Promise<string | null> {
  const ids = changePesertaIds(entry);
  // One after another: the first read fetches the participants ahead in one batch, the rest are then known.
  const reviews: (ReviewStep[] | null)[] = [];
  for (const id of ids) reviews.push(await recheck.get(id));
  const rows = await db.peserta.bulkGet(ids);
  const facts = new Map(ids.map((id, i) => [id, { reviews: reviews[i] ?? null, periode: rows[i] ?? null }]));
  return presensiRecheckBlock(entry.role, presensiMarksOf(entry.payload), (id) => facts.get(id) ?? { reviews: null, periode: null }, jakartaDate(new Date(now)));
}

/** The stored marks a presensi.save's answer carries (none for any other answer). */
function storedMarksOf(body: unknown): StoredMark[] {
  const parsed = presensiPutAnswerSchema.safeParse(body);
  return parsed.success ? parsed.data.data : [];
}

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
    if (entry.sentAt === undefined && entry.kind === 'presensi.save') {
      // The lock's and the dates' text; the states are not all at hand (scores), the next pull brings them.
      const block = await presensiBlock(db, recheck, entry, now);
      if (block) {
        await markConflict(db, seq, block);
        return 'conflict';
      }
      await markSending(db, seq, now);
    } else if (entry.sentAt === undefined) {
      const reviews = await recheck.get(entry.pesertaId);
      const block = reviews && recheckBlock(entry.kind, entry.role, reviews);
      if (block) {
        // The scores are the one part of the state not at hand: one read, then reconciled with the conflict.
        const nilai = await fetchNilai(api, entry.pesertaId).catch(() => null);
        await markConflict(db, seq, block, nilai && reviews ? [{ peserta_id: entry.pesertaId, reviews, nilai }] : []);
        return 'conflict';
      }
      await markSending(db, seq, now);
    }
    const { states, body } = await sendOutboxRequest(api, entry, dibuatPada);
    // A resend gets the answer stored with the first request, so its state may be older than
    // now: it is taken as "the state right after this change"; a later entry sent on top of
    // it is still judged by the server, and the next pull corrects the mirror.
    await markSent(db, seq, states ?? [], entry.kind === 'presensi.save' ? storedMarksOf(body) : []);
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
      // Attendance writes no history (Riwayat): nothing to pull again for it.
      if (entry.kind !== 'presensi.save') sentPeserta.push(entry.pesertaId);
    }
    else if (outcome === 'conflict') conflicts += 1;
    else {
      if (outcome === 'unauthorized') await db.meta.put({ key: PAUSED_KEY, value: session.token });
      status = outcome;
      break;
    }
    serverAnswers = true;
  }
  await refreshHeldRiwayat(api, sentPeserta, db);
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
