/**
 * One participant's scores and reviews in the mirror, read and written as a unit, and the
 * reconcile step of replay: server state first, then every change still queued for that
 * participant re-applied in FIFO order, so the mirror = server + pending changes.
 * Callers run these inside a Dexie transaction over nilai, reviews, peserta (and outbox).
 */
import type { MagangDb } from '@/db/db';
import type { NilaiRecord, ReviewRecord } from '@/db/records';
import { type Review, approvalProgress, normalizeReviews } from '@/domain/approval-chain';
import { type ScoreRow, applyOptimistic } from '@/domain/outbox';

/** The participant's scores and reviews as the mirror holds them. */
export async function readPesertaState(
  db: MagangDb,
  pesertaId: number,
): Promise<{ nilai: NilaiRecord[]; reviews: Review[] }> {
  const [nilai, reviews] = await Promise.all([
    db.nilai.where('peserta_id').equals(pesertaId).toArray(),
    db.reviews.where('peserta_id').equals(pesertaId).toArray(),
  ]);
  return { nilai, reviews: normalizeReviews(reviews) };
}

/**
 * Replaces the participant's scores and reviews in the mirror. `pendingKey` marks rows that
 * differ from what the server last sent (optimistic), or null for server state. The peserta
 * row's embedded reviews and status follow, so lists reading it stay consistent.
 */
export async function writePesertaState(
  db: MagangDb,
  pesertaId: number,
  state: { nilai: readonly (ScoreRow & Partial<NilaiRecord>)[]; reviews: readonly Review[] },
  pendingKey: string | null,
): Promise<void> {
  const old = await db.nilai.where('peserta_id').equals(pesertaId).toArray();
  const byKompetensi = new Map(old.map((row) => [row.kompetensi_id, row]));
  const nilai: NilaiRecord[] = state.nilai.map((row) => {
    const before = byKompetensi.get(row.kompetensi_id);
    const changed = !before || before.skor !== row.skor;
    const next: NilaiRecord = { ...before, ...row, peserta_id: pesertaId };
    if (pendingKey && changed) next.pendingKey = pendingKey;
    else if (!pendingKey) delete next.pendingKey;
    return next;
  });
  const oldReviews = new Map(
    (await db.reviews.where('peserta_id').equals(pesertaId).toArray()).map((row) => [row.role_reviewer, row]),
  );
  const reviews: ReviewRecord[] = normalizeReviews(state.reviews).map((review) => {
    const before = oldReviews.get(review.role_reviewer);
    const next: ReviewRecord = {
      peserta_id: pesertaId,
      role_reviewer: review.role_reviewer,
      status: review.status,
      catatan: review.catatan ?? null,
    };
    const changed = !before || before.status !== next.status || (before.catatan ?? null) !== next.catatan;
    if (pendingKey && changed) next.pendingKey = pendingKey;
    else if (pendingKey && before?.pendingKey) next.pendingKey = before.pendingKey;
    return next;
  });
  await db.nilai.where('peserta_id').equals(pesertaId).delete();
  await db.nilai.bulkPut(nilai);
  await db.reviews.where('peserta_id').equals(pesertaId).delete();
  await db.reviews.bulkPut(reviews);
  const row = await db.peserta.get(pesertaId);
  if (row) {
    const plain = reviews.map(({ role_reviewer, status, catatan }) => ({ role_reviewer, status, catatan }));
    await db.peserta.put({ ...row, reviews: plain, status: { is_complete: approvalProgress(plain).complete } } as typeof row);
  }
}

/**
 * Writes the server's state of a participant, then re-applies the changes still queued for
 * it (pending, not refused) in FIFO order, marked with their keys.
 */
export async function reconcilePeserta(
  db: MagangDb,
  pesertaId: number,
  server: { nilai: readonly (ScoreRow & Partial<NilaiRecord>)[]; reviews: readonly Review[] },
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.nilai, db.reviews, db.peserta], async () => {
    await writePesertaState(db, pesertaId, server, null);
    const queued = (await db.outbox.where('pesertaId').equals(pesertaId).sortBy('seq')).filter(
      (entry) => entry.state !== 'conflict',
    );
    for (const entry of queued) {
      const state = await readPesertaState(db, pesertaId);
      await writePesertaState(db, pesertaId, applyOptimistic(entry, state), entry.key);
    }
  });
}
