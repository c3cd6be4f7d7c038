/**
 * Participant pulls: refresh the peserta, nilai and reviews mirror tables from the API, and
 * keep the changes still queued in the outbox applied on top (mirror = server + pending).
 * Pembimbing, HR and BusHead pull GET /api/peserta incrementally (`?since=` cursor in meta);
 * a Mentor pulls its own participants from GET /api/nilai/mentor/peserta (a full refresh).
 * Lives in src/sync, not src/db, because re-applying queued changes is the outbox's business.
 */
import { z } from 'zod';
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { getCursor, setCursor } from '@/db/meta';
import type { NilaiRecord, PesertaRecord, ReviewRecord } from '@/db/records';
import { normalizeReviews } from '@/domain/approval-chain';
import { pesertaListResponseSchema, pesertaSchema } from '@/domain/peserta';
import { reapplyQueued } from './peserta-state';

const mentorListSchema = z.object({
  data: z.array(pesertaSchema.extend({ kompetensi_count: z.number().int().optional() })),
});

/** What a pull changed. */
export interface PesertaPullResult {
  /** Rows written (all rows on a full pull). */
  changed: number;
  /** Rows removed. */
  deleted: number;
  full: boolean;
}

function mirrorRowsOf(rows: readonly PesertaRecord[]): { nilai: NilaiRecord[]; reviews: ReviewRecord[] } {
  const nilai: NilaiRecord[] = [];
  const reviews: ReviewRecord[] = [];
  for (const row of rows) {
    for (const score of row.nilai ?? []) nilai.push({ peserta_id: row.id, kompetensi_id: score.kompetensi_id, skor: score.skor });
    for (const review of normalizeReviews(row.reviews ?? [])) {
      reviews.push({ peserta_id: row.id, role_reviewer: review.role_reviewer, status: review.status, catatan: review.catatan ?? null });
    }
  }
  return { nilai, reviews };
}

/**
 * Writes server rows (replacing the whole table when `full`), removes `deletedIds`, then
 * re-applies every queued change of the touched participants, all in one transaction.
 */
async function writeRows(db: MagangDb, rows: readonly PesertaRecord[], deletedIds: readonly number[], full: boolean): Promise<void> {
  await db.transaction('rw', [db.peserta, db.nilai, db.reviews, db.outbox], async () => {
    const ids = rows.map((row) => row.id);
    if (full) {
      await Promise.all([db.peserta.clear(), db.nilai.clear(), db.reviews.clear()]);
    } else {
      const gone = [...ids, ...deletedIds];
      await db.peserta.bulkDelete([...deletedIds]);
      await db.nilai.where('peserta_id').anyOf(gone).delete();
      await db.reviews.where('peserta_id').anyOf(gone).delete();
    }
    const { nilai, reviews } = mirrorRowsOf(rows);
    await db.peserta.bulkPut([...rows]);
    await db.nilai.bulkPut(nilai);
    await db.reviews.bulkPut(reviews);

    // The pulled rows are the base: lay every still-queued change of those participants over them.
    const touched = full ? null : new Set(ids);
    const queued = (await db.outbox.orderBy('seq').toArray()).filter(
      (entry) => entry.state !== 'conflict' && (touched === null || touched.has(entry.pesertaId)),
    );
    for (const pesertaId of new Set(queued.map((entry) => entry.pesertaId))) await reapplyQueued(db, pesertaId);
  });
}

/**
 * GET /api/peserta[?since=cursor]: the first pull (no cursor) replaces the tables, later ones
 * apply only the changed rows and the deletions. Rejects with the client's error.
 */
export async function pullPesertaMirror(api: ApiClient, db: MagangDb): Promise<PesertaPullResult> {
  const cursor = await getCursor(db, 'peserta');
  const path = cursor ? `/api/peserta?since=${encodeURIComponent(cursor)}` : '/api/peserta';
  const answer = await api.get(path, pesertaListResponseSchema);
  const deleted = answer.deleted ?? [];
  await writeRows(db, answer.data, deleted, cursor === null);
  await setCursor(db, 'peserta', answer.cursor);
  return { changed: answer.data.length, deleted: deleted.length, full: cursor === null };
}

/** GET /api/nilai/mentor/peserta: replaces the mirror with the mentor's own participants. */
export async function pullMentorPeserta(api: ApiClient, db: MagangDb): Promise<PesertaPullResult> {
  const answer = await api.get('/api/nilai/mentor/peserta', mentorListSchema);
  await writeRows(db, answer.data, [], true);
  return { changed: answer.data.length, deleted: 0, full: true };
}
