/**
 * The outbox: queued replayable mutations (ARCHITECTURE.md "Write"). This module owns the
 * outbox rows and the optimistic mirror writes that go with them: enqueue() applies a change
 * to the participant's scores and reviews AND appends its entry in ONE Dexie transaction, so
 * the mirror never shows a change the outbox does not hold. It never sends anything (replay.ts
 * does) and never drops an entry silently: only the user dismisses a conflict.
 */
import type { MagangDb } from '@/db/db';
import type { OutboxKind, OutboxRecord } from '@/db/records';
import { applyOptimistic } from '@/domain/outbox';
import { readPesertaState, writePesertaState } from './peserta-state';

/** What a screen asks to queue. */
export interface NewChange {
  user: number;
  role: string;
  kind: OutboxKind;
  pesertaId: number;
  payload: unknown;
}

/** A fresh idempotency key (uuid v4; crypto.randomUUID exists in pages and workers). */
function newKey(): string {
  return crypto.randomUUID();
}

/** Queues a change and applies it to the mirror as pending, atomically; returns the entry. */
export async function enqueue(db: MagangDb, change: NewChange, now = Date.now()): Promise<OutboxRecord> {
  const entry: OutboxRecord = {
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
  await db.transaction('rw', [db.outbox, db.nilai, db.reviews, db.peserta], async () => {
    const state = await readPesertaState(db, change.pesertaId);
    await writePesertaState(db, change.pesertaId, applyOptimistic(change, state), entry.key);
    entry.seq = await db.outbox.add(entry);
  });
  return entry;
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

/** Marks an entry refused with the message the user will see. */
export async function markConflict(db: MagangDb, seq: number, message: string): Promise<void> {
  await db.outbox.update(seq, { state: 'conflict', lastError: message });
}

/** The user asks to try a refused change again: it goes back in the queue, re-checked on replay. */
export async function retryConflict(db: MagangDb, seq: number): Promise<void> {
  await db.outbox.update(seq, { state: 'pending', lastError: null, attempts: 0, nextAttemptAt: 0, sentAt: undefined });
}

/** The user dismisses a refused change: the only way an entry leaves without being sent. */
export async function dismissConflict(db: MagangDb, seq: number): Promise<void> {
  await db.outbox.where('seq').equals(seq).and((row) => row.state === 'conflict').delete();
}
