/**
 * The outbox: queued replayable mutations (src/sync/README.md), and the one owner of
 * its rows. Every transition of an entry is a function here: enqueue (with its optimistic
 * mirror change, in ONE Dexie transaction), markSending, markSent (deleted, with the server's
 * state reconciled in the same transaction), markRetry (network or 5xx: backoff), markPaused
 * (401), markConflict (refused, with the server's state when known), retryConflict and
 * dismissConflict (only the user drops an entry unsent). It never sends anything (replay.ts does).
 *
 * A full device never costs a queued change: when the mirror part of a transition is refused
 * for quota, the outbox part is written alone (the entry kept, sent, or marked refused) and
 * the mirror catches up on a later pull. Only when even the entry cannot be stored does
 * enqueue reject, with nothing accepted.
 */
import type { MagangDb } from '@/db/db';
import { isQuotaError } from '@/db/quota';
import type { OutboxFailure, OutboxKind, OutboxRecord } from '@/db/records';
import type { PesertaState } from '@/domain/peserta-state';
import { changeEffects } from './change-kinds';
import { reapplyQueued } from './peserta-state';
import { retryDelayMs } from './constants';

/** What a screen asks to queue. */
export interface NewChange {
  user: number;
  role: string;
  kind: OutboxKind;
  pesertaId: number;
  payload: unknown;
}

const MIRROR_TABLES = (db: MagangDb) => [db.outbox, db.nilai, db.reviews, db.peserta, db.presensi, db.notifikasi, db.meta];

/**
 * Runs `whole` (an outbox transition with its mirror change); when the device is full, runs
 * `outboxOnly` instead, so the transition itself is never lost to the mirror's lack of space.
 */
async function evenWhenFull<T>(whole: () => Promise<T>, outboxOnly: () => Promise<T>): Promise<T> {
  try {
    return await whole();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return outboxOnly();
  }
}

/** A fresh idempotency key (uuid v4; crypto.randomUUID exists in pages and workers). */
function newKey(): string {
  return crypto.randomUUID();
}

/** The entry a change becomes when it is queued on its own. */
function newEntry(change: NewChange, now: number): OutboxRecord {
  return {
    key: newKey(),
    user: change.user,
    role: change.role,
    kind: change.kind,
    pesertaId: change.pesertaId,
    payload: change.payload,
    createdAt: now,
    state: 'pending',
    attempts: 0,
    lastError: null,
  };
}

/**
 * Queues a change and applies it to the mirror as pending, atomically; returns the entry. On a
 * full device the entry is queued without its optimistic effect; rejects (nothing queued) with
 * the quota error when even the entry does not fit.
 */
export async function enqueue(db: MagangDb, change: NewChange, now = Date.now()): Promise<OutboxRecord> {
  return enqueueFolded(db, change, () => null, now);
}

/**
 * Like enqueue, but `fold` may first pick one of the user's queued entries (oldest first) and
 * the payload it becomes with this change folded in: that entry is rewritten — same key, same
 * place in the queue — and laid on the mirror again, instead of a second entry. Picking and
 * rewriting happen in ONE transaction with the queue, so a runner that claims the entry
 * (markSending) either sees the folded payload or the fold sees the claim and picks nothing.
 */
export async function enqueueFolded(
  db: MagangDb,
  change: NewChange,
  fold: (queued: readonly OutboxRecord[]) => { seq: number; payload: unknown } | null,
  now = Date.now(),
): Promise<OutboxRecord> {
  const write = async (withMirror: boolean): Promise<OutboxRecord> => {
    const queued = await db.outbox.where('user').equals(change.user).sortBy('seq');
    const folded = fold(queued);
    const into = folded && queued.find((entry) => entry.seq === folded.seq);
    let entry: OutboxRecord;
    if (into) {
      entry = { ...into, payload: folded.payload };
      await db.outbox.put(entry);
    } else {
      const fields = newEntry(change, now);
      entry = { ...fields, seq: await db.outbox.add({ ...fields }) };
    }
    if (withMirror) await changeEffects(entry.kind).queued(db, entry);
    return entry;
  };
  return evenWhenFull(
    () => db.transaction('rw', MIRROR_TABLES(db), () => write(true)),
    () => db.transaction('rw', db.outbox, () => write(false)),
  );
}

/** The user's entries still to send, in replay (FIFO) order. */
export async function pendingEntries(db: MagangDb, user: number): Promise<OutboxRecord[]> {
  const rows = await db.outbox.where('user').equals(user).sortBy('seq');
  return rows.filter((row) => row.state !== 'conflict');
}

/** The user's refused entries ('Perubahan ditolak'), oldest first. */
export async function conflictEntries(db: MagangDb, user: number): Promise<OutboxRecord[]> {
  const rows = await db.outbox.where('user').equals(user).sortBy('seq');
  return rows.filter((row) => row.state === 'conflict');
}

/** Writes each state with the changes still queued for its participant on top. */
async function reconcileAll(db: MagangDb, states: readonly PesertaState[]): Promise<void> {
  for (const state of states) await reapplyQueued(db, state.peserta_id, { server: state });
}

/**
 * About to send for the first time. Recorded before the request: from here on the server
 * may have applied it, so it is resent with its key, never re-checked locally again and never
 * folded into (enqueueFolded). Returns the entry as claimed — the payload to send, which may
 * have taken more marks since the runner read it — or undefined when it is gone.
 */
export async function markSending(db: MagangDb, seq: number, now: number): Promise<OutboxRecord | undefined> {
  await db.outbox.update(seq, { state: 'sending', sentAt: now });
  // Read after the claim: every fold before it is in the payload, and none can come after it.
  return db.outbox.get(seq);
}

/**
 * The server applied it: the entry goes, the states its answer carried are reconciled, and the
 * mirror is laid again from the rest of the answer (`answer`, e.g. the stored attendance marks).
 */
export async function markSent(db: MagangDb, seq: number, states: readonly PesertaState[], answer?: unknown): Promise<void> {
  await evenWhenFull(
    () =>
      db.transaction('rw', MIRROR_TABLES(db), async () => {
        const entry = await db.outbox.get(seq);
        await db.outbox.delete(seq);
        await reconcileAll(db, states);
        if (entry) await changeEffects(entry.kind).settled(db, entry, answer);
      }),
    () => db.outbox.delete(seq),
  );
}

/** The send failed without a verdict: back to pending with the backoff of its attempt count. */
export async function markRetry(db: MagangDb, entry: OutboxRecord, failure: OutboxFailure, message: string, now: number): Promise<void> {
  const attempts = entry.attempts + 1;
  const change: Partial<OutboxRecord> = {
    state: 'pending',
    attempts,
    lastError: message,
    lastFailure: failure,
    nextAttemptAt: now + retryDelayMs(attempts),
  };
  await db.outbox.update(entry.seq!, change);
}

/** The token was refused (401): back to pending, untouched otherwise, until a new login. */
export async function markPaused(db: MagangDb, seq: number): Promise<void> {
  await db.outbox.update(seq, { state: 'pending' });
}

/**
 * Marks an entry refused with the message the user will see (and the title of the server's
 * answer, when it sent one), reconciling the states known.
 */
export async function markConflict(
  db: MagangDb,
  seq: number,
  message: string,
  states: readonly PesertaState[] = [],
  title: string | null = null,
): Promise<void> {
  const refused: Partial<OutboxRecord> = { state: 'conflict', lastError: message, lastErrorTitle: title };
  await evenWhenFull(
    () =>
      db.transaction('rw', MIRROR_TABLES(db), async () => {
        await db.outbox.update(seq, refused);
        await reconcileAll(db, states);
        const entry = await db.outbox.get(seq);
        if (entry) await changeEffects(entry.kind).settled(db, entry);
      }),
    async () => {
      await db.outbox.update(seq, refused);
    },
  );
}

/** The user asks to try a refused change again: it goes back in the queue, re-checked on replay. */
export async function retryConflict(db: MagangDb, seq: number): Promise<void> {
  const change: Partial<OutboxRecord> = {
    state: 'pending',
    lastError: null,
    lastErrorTitle: null,
    attempts: 0,
    nextAttemptAt: 0,
    sentAt: undefined,
    lastFailure: undefined,
  };
  await db.transaction('rw', MIRROR_TABLES(db), async () => {
    await db.outbox.update(seq, change);
    const entry = await db.outbox.get(seq);
    if (entry) await changeEffects(entry.kind).settled(db, entry);
  });
}

/** The user dismisses a refused change: the only way an entry leaves without being sent. */
export async function dismissConflict(db: MagangDb, seq: number): Promise<void> {
  await db.outbox.where('seq').equals(seq).and((row) => row.state === 'conflict').delete();
}
