/**
 * One participant's scores and reviews in the mirror, and the one way queued changes are
 * laid over them: mergeQueued() (pure) applies queued changes in FIFO order to a base state
 * and marks each row with the key of the change that last altered it; reapplyQueued() is the
 * one Dexie writer around it, used by enqueue (mirror + the new change), reconcile (server
 * state + every change still queued) and pulls (pulled rows + every change still queued).
 * So the mirror is always the server's state with the pending changes on top.
 */
import type { MagangDb } from '@/db/db';
import { getMirrorOwner } from '@/db/meta';
import type { NilaiRecord, OutboxRecord, ReviewRecord } from '@/db/records';
import { type Review, approvalProgress } from '@/domain/approval-chain';
import { applyOptimistic } from '@/domain/outbox';
import { type PesertaState, reviewSteps, sameReviewStep } from '@/domain/peserta-state';

/** A participant's rows as the mirror stores them (pendingKey on optimistic rows). */
export interface MirrorState {
  nilai: NilaiRecord[];
  reviews: ReviewRecord[];
}

/** What mergeQueued needs of an outbox entry. */
export type QueuedChange = Pick<OutboxRecord, 'key' | 'kind' | 'role' | 'payload'>;

/** A participant's three review steps as mirror rows. */
function reviewRows(pesertaId: number, reviews: readonly Review[]): ReviewRecord[] {
  return reviewSteps(reviews).map((step) => ({ peserta_id: pesertaId, ...step }));
}

/** The server's state (a PesertaState, or rows of a pull) as mirror rows (no pending marks). */
export function serverRows(pesertaId: number, server: { nilai: readonly NilaiRecord[]; reviews: readonly Review[] }): MirrorState {
  return {
    nilai: server.nilai.map((row) => {
      const next: NilaiRecord = { ...row, peserta_id: pesertaId };
      delete next.pendingKey;
      return next;
    }),
    reviews: reviewRows(pesertaId, server.reviews),
  };
}

/**
 * `base` with `changes` applied in order (pure; inputs untouched). A row a change alters is
 * marked with that change's key; a row it leaves alone keeps its mark.
 */
export function mergeQueued(pesertaId: number, base: MirrorState, changes: readonly QueuedChange[]): MirrorState {
  let nilai = base.nilai.map((row) => ({ ...row }));
  // The three steps always, each keeping the mark it had.
  let reviews = reviewRows(pesertaId, base.reviews).map((row) => {
    const mark = base.reviews.find((r) => r.role_reviewer === row.role_reviewer)?.pendingKey;
    return mark ? { ...row, pendingKey: mark } : row;
  });
  for (const change of changes) {
    const next = applyOptimistic(change, { nilai, reviews });
    const oldNilai = new Map(nilai.map((row) => [row.kompetensi_id, row]));
    nilai = next.nilai.map((row) => {
      const before = oldNilai.get(row.kompetensi_id);
      const merged: NilaiRecord = { ...before, ...row, peserta_id: pesertaId };
      if (!before || before.skor !== row.skor) merged.pendingKey = change.key;
      return merged;
    });
    const oldReviews = new Map(reviews.map((row) => [row.role_reviewer, row]));
    reviews = reviewRows(pesertaId, next.reviews).map((row) => {
      const before = oldReviews.get(row.role_reviewer);
      if (!before || !sameReviewStep(before, row)) return { ...row, pendingKey: change.key };
      return before?.pendingKey ? { ...row, pendingKey: before.pendingKey } : row;
    });
  }
  return { nilai, reviews };
}

/** The participant's rows as the mirror holds them. */
async function readMirrorState(db: MagangDb, pesertaId: number): Promise<MirrorState> {
  const [nilai, reviews] = await Promise.all([
    db.nilai.where('peserta_id').equals(pesertaId).toArray(),
    db.reviews.where('peserta_id').equals(pesertaId).toArray(),
  ]);
  return { nilai, reviews };
}

/** Replaces the participant's rows; its peserta row's embedded reviews and status follow. */
async function writeMirrorState(db: MagangDb, pesertaId: number, state: MirrorState): Promise<void> {
  await db.nilai.where('peserta_id').equals(pesertaId).delete();
  await db.nilai.bulkPut(state.nilai);
  await db.reviews.where('peserta_id').equals(pesertaId).delete();
  await db.reviews.bulkPut(state.reviews);
  const row = await db.peserta.get(pesertaId);
  if (row) {
    const plain = state.reviews.map(({ role_reviewer, status, catatan }) => ({ role_reviewer, status, catatan }));
    await db.peserta.put({ ...row, reviews: plain, status: { is_complete: approvalProgress(plain).complete } } as typeof row);
  }
}

/**
 * True when the entry's change belongs in the mirror: not refused, and made by the user whose
 * data the mirror holds (another user's unsent changes wait in the outbox, unseen).
 */
export function showsInMirror(entry: OutboxRecord, owner: number | null): boolean {
  return entry.state !== 'conflict' && (owner === null || entry.user === owner);
}

/** The changes still queued for the participant by the mirror's owner (not refused), FIFO. */
async function queuedFor(db: MagangDb, pesertaId: number): Promise<OutboxRecord[]> {
  const [rows, owner] = await Promise.all([db.outbox.where('pesertaId').equals(pesertaId).sortBy('seq'), getMirrorOwner(db)]);
  return rows.filter((entry) => showsInMirror(entry, owner));
}

/**
 * Lays queued changes over the participant's state, in one transaction (the caller's when it
 * runs inside one over outbox, nilai, reviews, peserta and meta). Base: `server` when given, else
 * the mirror as it stands. Changes: `only` when given (enqueue: just the new one, the mirror
 * already shows the others), else every change still queued for the participant.
 */
export async function reapplyQueued(
  db: MagangDb,
  pesertaId: number,
  options: { server?: PesertaState; only?: readonly QueuedChange[] } = {},
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.nilai, db.reviews, db.peserta, db.meta], async () => {
    const base = options.server ? serverRows(pesertaId, options.server) : await readMirrorState(db, pesertaId);
    const changes = options.only ?? (await queuedFor(db, pesertaId));
    await writeMirrorState(db, pesertaId, mergeQueued(pesertaId, base, changes));
  });
}
