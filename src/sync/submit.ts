/**
 * The one way a screen makes a replayable change (score save / reset, approve, reject,
 * cancel): queue it with its optimistic effect, then — when online — replay at once and
 * report what the server said, so the screen can show the success text, the stale /
 * lock message, or 'Tersimpan di perangkat, menunggu koneksi'.
 */
import { liveQuery } from 'dexie';
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { isQuotaError } from '@/db/quota';
import type { OutboxRecord } from '@/db/records';
import { type NewChange, dismissConflict, enqueue } from './outbox';
import { replayOutbox, startReplay } from './replay';
import { requestReplay } from './trigger';

/** How long a screen waits for a replay another context (the service worker) is running. */
export const SUBMIT_WAIT_MS = 8_000;

/** What became of a submitted change. */
export type SubmitOutcome =
  /** The server applied it. */
  | { outcome: 'sent' }
  /** Kept on the device (offline, server unreachable, or waiting for a new login). */
  | { outcome: 'queued' }
  /**
   * Refused by the re-check or the server; `message` is the refusal's text, `title` the `error`
   * field of the server's answer when it sent one. Not kept: the user saw it.
   */
  | { outcome: 'refused'; message: string; title?: string }
  /** The device's storage is full: nothing was queued, the screen keeps the user's input. */
  | { outcome: 'storage-full' };

/**
 * Resolves with what became of outbox entry `seq`, watching the row (a Dexie live query: it
 * wakes on every transition, also those written by the service worker's runner) rather than
 * reading it again and again: gone = sent; refused = dismissed here (the user sees it now);
 * pending again after a failed try = queued; still undecided at `deadline` = queued.
 */
export function awaitOutcome(db: MagangDb, seq: number, deadline: number, keepRefusal = false): Promise<SubmitOutcome> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let subscription: { unsubscribe(): void } | undefined;
    const timer = setTimeout(() => finish(() => resolve({ outcome: 'queued' })), Math.max(0, deadline - Date.now()));
    function finish(report: () => void): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      report();
    }
    subscription = liveQuery(() => db.outbox.get(seq)).subscribe({
      next: (entry) => {
        if (!entry) finish(() => resolve({ outcome: 'sent' }));
        else if (entry.state === 'conflict') finish(() => resolve(refusal(db, entry, keepRefusal)));
        else if (entry.state === 'pending' && entry.attempts > 0) finish(() => resolve({ outcome: 'queued' }));
      },
      error: (error: unknown) => finish(() => reject(error)),
    });
    // Settled before subscribe() returned: nothing unsubscribed it yet.
    if (settled) subscription.unsubscribe();
  });
}

/**
 * A refused entry as the screen reports it; dismissed, since the user sees the refusal now —
 * unless `keep`: a screen that shows refusals on its rows (attendance) keeps it there.
 */
async function refusal(db: MagangDb, entry: OutboxRecord, keep = false): Promise<SubmitOutcome> {
  if (!keep) await dismissConflict(db, entry.seq!);
  return entry.lastErrorTitle
    ? { outcome: 'refused', message: entry.lastError ?? '', title: entry.lastErrorTitle }
    : { outcome: 'refused', message: entry.lastError ?? '' };
}

/** How submitChange queues and reports a change. */
export interface SubmitOptions {
  online: boolean;
  api?: ApiClient;
  /** Queues the change (default: enqueue, a new entry); e.g. folded into a waiting one of its day. */
  queue?: (db: MagangDb, change: NewChange) => Promise<OutboxRecord>;
  /** A refusal stays in the outbox (shown on the screen's rows) instead of being dismissed. */
  keepRefusal?: boolean;
}

/** Queues `change` and, when `online`, sends it now; see SubmitOutcome. */
export async function submitChange(db: MagangDb, change: NewChange, options: SubmitOptions): Promise<SubmitOutcome> {
  const keep = options.keepRefusal ?? false;
  let entry;
  try {
    entry = await (options.queue ?? enqueue)(db, change);
  } catch (error) {
    if (isQuotaError(error)) return { outcome: 'storage-full' };
    throw error;
  }
  if (!options.online) {
    void requestReplay();
    return { outcome: 'queued' };
  }
  const deadline = Date.now() + SUBMIT_WAIT_MS;
  const again = () => replayOutbox({ db, api: options.api, force: true, waitForLockMs: deadline - Date.now() });
  let result = await startReplay({ db, api: options.api, force: true });
  // Another context (the service worker) was running the queue: once it is done, run it here,
  // so this change's fate is known now — that run may have begun before the change was queued,
  // or stopped at an unreachable server without a write this page could watch.
  if (result.status === 'busy') result = await again();
  // A run that ended 'done' without touching the change began before it was queued (a run in
  // progress is shared): one more run takes it.
  const untouched = (entry: OutboxRecord | undefined) => entry?.state === 'pending' && entry.attempts === 0 && entry.sentAt === undefined;
  if (result.status === 'done' && untouched(await db.outbox.get(entry.seq!))) result = await again();
  if (result.status === 'unauthorized' || result.status === 'no-session') return { outcome: 'queued' };
  // Still busy elsewhere at the deadline: learn the outcome from the row's changes.
  if (result.status === 'busy') return awaitOutcome(db, entry.seq!, deadline, keep);
  const current = await db.outbox.get(entry.seq!);
  if (!current) return { outcome: 'sent' };
  if (current.state === 'conflict') return refusal(db, current, keep);
  // This page's run ended and the change still waits: it failed, or the run stopped at an entry
  // before it (FIFO) that the server did not take.
  return { outcome: 'queued' };
}
