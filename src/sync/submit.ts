/**
 * The one way a screen makes a replayable change (score save / reset, approve, reject,
 * cancel): queue it with its optimistic effect, then — when online — replay at once and
 * report what the server said, so the screen can show the spec's success text, the stale /
 * lock message, or 'Tersimpan di perangkat, menunggu koneksi'.
 */
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { isQuotaError } from '@/db/quota';
import { type NewChange, dismissConflict, enqueue } from './outbox';
import { startReplay } from './replay';
import { requestReplay } from './trigger';

/** How long a screen waits for a replay another context (the service worker) is running. */
export const SUBMIT_WAIT_MS = 8_000;
const POLL_MS = 100;

/** What became of a submitted change. */
export type SubmitOutcome =
  /** The server applied it. */
  | { outcome: 'sent' }
  /** Kept on the device (offline, server unreachable, or waiting for a new login). */
  | { outcome: 'queued' }
  /**
   * Refused by the re-check or the server; `message` is the spec's text, `title` the `error`
   * field of the server's answer when it sent one. Not kept: the user saw it.
   */
  | { outcome: 'refused'; message: string; title?: string }
  /** The device's storage is full: nothing was queued, the screen keeps the user's input. */
  | { outcome: 'storage-full' };

async function settle(db: MagangDb, seq: number, deadline: number): Promise<SubmitOutcome> {
  for (;;) {
    const entry = await db.outbox.get(seq);
    if (!entry) return { outcome: 'sent' };
    if (entry.state === 'conflict') {
      await dismissConflict(db, seq);
      return entry.lastErrorTitle
        ? { outcome: 'refused', message: entry.lastError ?? '', title: entry.lastErrorTitle }
        : { outcome: 'refused', message: entry.lastError ?? '' };
    }
    // Pending again after a failed try, or still with another runner past the deadline.
    if ((entry.state === 'pending' && entry.attempts > 0) || Date.now() >= deadline) return { outcome: 'queued' };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Queues `change` and, when `online`, sends it now; see SubmitOutcome. */
export async function submitChange(
  db: MagangDb,
  change: NewChange,
  options: { online: boolean; api?: ApiClient },
): Promise<SubmitOutcome> {
  let entry;
  try {
    entry = await enqueue(db, change);
  } catch (error) {
    if (isQuotaError(error)) return { outcome: 'storage-full' };
    throw error;
  }
  if (!options.online) {
    void requestReplay();
    return { outcome: 'queued' };
  }
  const result = await startReplay({ db, api: options.api, force: true });
  if (result.status === 'unauthorized' || result.status === 'no-session') return { outcome: 'queued' };
  return settle(db, entry.seq!, Date.now() + SUBMIT_WAIT_MS);
}
