// The approval chain on the server (spec 4, CONTRACT): reading a participant's three steps,
// and approve / reject / cancel decided by the SAME pure rules the web app and the outbox
// replay use (src/domain/approval-chain.ts), on rows locked for the whole transaction.
//
// Lock order, shared by every writer of reviews and scores (and by services/peserta.ts):
// referenced rows (the caller's user row; for scores the competencies), then the peserta rows
// in ascending id (FOR NO KEY UPDATE — the lock the triggers of migration 0002 take anyway
// when they bump the participant, and the one a participant delete conflicts with), then their
// review rows (FOR UPDATE, ascending). Two approvers racing on one step therefore queue on the
// participant: the second sees the first's decision and gets the spec's 409.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  APPROVAL_STEPS,
  type ApprovalAction,
  type ApprovalStep,
  MENUNGGU,
  type Review,
  type ReviewStatus,
  actionBlock,
  applyAction,
  isApprovalStep,
  normalizeReviews,
} from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { inApprovalList } from '../../src/domain/nilai';
import { NILAI_API_MSG } from '../../src/domain/nilai-api';
import type { AuthUser } from '../auth/plugin';
import type { Db } from '../db/client';
import { divisiKategori, kompetensi, nilai, peserta, reviews, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { Tx } from './deletions';
import type { StoredAnswer } from './idempotency';

/** A review step as the API returns it (spec 3). */
export interface ApiReview {
  role_reviewer: ApprovalStep;
  status: Review['status'];
  catatan: string | null;
}

/** What the nilai (score) and approval rules need of a participant. */
export interface PesertaScope {
  id: number;
  jenjang: Jenjang;
  divisi_id: number;
  mentor_id: number | null;
}

const scopeColumns = { id: peserta.id, jenjang: peserta.jenjang, divisi_id: peserta.divisi_id, mentor_id: peserta.mentor_id };

/** A Mentor reads and scores only the participants assigned to them (CONTRACT); 403 otherwise. */
export function assertMentorOwns(user: AuthUser, row: PesertaScope): void {
  if (user.role === 'Mentor' && row.mentor_id !== user.id) throw new HttpError(403, SERVER_MSG.forbidden);
}

/** A participant's scope without locks; 404 unknown, 403 for another mentor's participant. */
export async function readableScope(db: Db | Tx, user: AuthUser, id: number): Promise<PesertaScope> {
  const [row] = await db.select(scopeColumns).from(peserta).where(eq(peserta.id, id));
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  assertMentorOwns(user, row);
  return row;
}

/** Locks the participants (FOR NO KEY UPDATE, ascending id) and returns the ones that exist. */
export async function lockPeserta(tx: Tx, ids: readonly number[]): Promise<Map<number, PesertaScope>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(scopeColumns)
    .from(peserta)
    .where(inArray(peserta.id, [...ids]))
    .orderBy(asc(peserta.id))
    .for('no key update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks the review rows of the participants (FOR UPDATE, ascending) and returns the stored rows of each. */
export async function lockReviews(tx: Tx, ids: readonly number[]): Promise<Map<number, Review[]>> {
  const out = new Map<number, Review[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await tx
    .select({ peserta_id: reviews.peserta_id, role_reviewer: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan })
    .from(reviews)
    .where(inArray(reviews.peserta_id, [...ids]))
    .orderBy(asc(reviews.peserta_id), asc(reviews.role_reviewer))
    .for('update');
  for (const { peserta_id, ...review } of rows) out.get(peserta_id)?.push(review);
  return out;
}

/** The three steps in order, in the API shape. */
function apiReviews(list: readonly Review[]): ApiReview[] {
  return normalizeReviews(list).map((review) => ({
    role_reviewer: review.role_reviewer,
    status: review.status,
    catatan: review.catatan ?? null,
  }));
}

/** The three steps of each participant (Menunggu where no row), without locks; absent ids get three Menunggu. */
export async function selectReviews(db: Db | Tx, ids: readonly number[]): Promise<Map<number, ApiReview[]>> {
  const stored = new Map<number, Review[]>(ids.map((id) => [id, []]));
  if (ids.length > 0) {
    const rows = await db
      .select({ peserta_id: reviews.peserta_id, role_reviewer: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan })
      .from(reviews)
      .where(inArray(reviews.peserta_id, [...ids]));
    for (const { peserta_id, ...review } of rows) stored.get(peserta_id)?.push(review);
  }
  return new Map([...stored].map(([id, list]) => [id, apiReviews(list)]));
}

/**
 * GET /api/review/peserta?ids=: the three steps of several participants, ascending id. Ids
 * the caller may not read (unknown, or another mentor's participant) are left out rather
 * than failing the whole batch: the single read would refuse them (404 / 403), and a
 * replaying client then learns the refusal from the change it sends.
 */
export async function readReviewsBatch(
  db: Db,
  user: AuthUser,
  ids: readonly number[],
): Promise<{ peserta_id: number; reviews: ApiReview[] }[]> {
  return db.transaction(
    async (tx) => {
      const scopes = await tx.select(scopeColumns).from(peserta).where(inArray(peserta.id, [...ids])).orderBy(asc(peserta.id));
      const readable = scopes.filter((row) => user.role !== 'Mentor' || row.mentor_id === user.id).map((row) => row.id);
      const reviewsOf = await selectReviews(tx, readable);
      return readable.map((id) => ({ peserta_id: id, reviews: reviewsOf.get(id) ?? [] }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** GET /api/review/peserta/:id: the three steps in order (Menunggu where nobody decided). */
export async function readReviews(db: Db, user: AuthUser, id: number): Promise<ApiReview[]> {
  return db.transaction(
    async (tx) => {
      await readableScope(tx, user, id);
      return (await selectReviews(tx, [id])).get(id) ?? [];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Number of active competencies of a division and level (spec 5's "competencies for their division and level"). */
export async function activeKompetensiCount(db: Db | Tx, divisiId: number, jenjang: Jenjang): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(kompetensi)
    .innerJoin(divisiKategori, eq(divisiKategori.kompetensi_id, kompetensi.id))
    .where(and(eq(divisiKategori.divisi_id, divisiId), eq(kompetensi.jenjang, jenjang), eq(kompetensi.aktif, true)));
  return row?.value ?? 0;
}

/** Number of the participant's scores on those competencies (a score of another level or division does not count). */
export async function countingScoreCount(db: Db | Tx, row: PesertaScope): Promise<number> {
  const [result] = await db
    .select({ value: count() })
    .from(nilai)
    .innerJoin(kompetensi, eq(kompetensi.id, nilai.kompetensi_id))
    .where(
      and(
        eq(nilai.peserta_id, row.id),
        eq(kompetensi.aktif, true),
        eq(kompetensi.jenjang, row.jenjang),
        sql`exists (select 1 from ${divisiKategori} where ${divisiKategori.kompetensi_id} = ${kompetensi.id} and ${divisiKategori.divisi_id} = ${row.divisi_id})`,
      ),
    );
  return result?.value ?? 0;
}

/** Creates the missing steps of a participant as Menunggu (no-op when all three exist). */
async function ensureReviewRows(tx: Tx, id: number): Promise<void> {
  await tx
    .insert(reviews)
    .values(APPROVAL_STEPS.map((step) => ({ peserta_id: id, role_reviewer: step, status: MENUNGGU as ReviewStatus })))
    .onConflictDoNothing({ target: [reviews.peserta_id, reviews.role_reviewer] });
}

const SUCCESS: Record<ApprovalAction, string> = {
  approve: NILAI_API_MSG.approved,
  reject: NILAI_API_MSG.rejected,
  cancel: NILAI_API_MSG.cancelled,
};

/**
 * POST /api/review/{approve|reject|cancel}/:id by `user`, whose role is its step, inside `tx`:
 * locks, re-checks the chain (409 with the spec's stale-data text), requires approve / reject
 * to be for a participant in the approval list (409), applies the transition (a rejection
 * stops later steps; cancelling it resumes them), records the reviewer and note.
 */
export async function decide(
  tx: Tx,
  user: AuthUser,
  action: ApprovalAction,
  id: number,
  catatan: string | null,
): Promise<StoredAnswer> {
  const role = user.role;
  if (!isApprovalStep(role)) throw new HttpError(403, SERVER_MSG.forbidden);
  // Referenced row first (reviewer_id points at it): a concurrent delete of this account
  // cannot then deadlock with the review update below.
  const [me] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('key share');
  if (!me) throw new HttpError(401, SERVER_MSG.unauthenticated);
  const row = (await lockPeserta(tx, [id])).get(id);
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);

  let stored = (await lockReviews(tx, [id])).get(id) ?? [];
  if (stored.length < APPROVAL_STEPS.length) {
    await ensureReviewRows(tx, id);
    stored = (await lockReviews(tx, [id])).get(id) ?? [];
  }
  const current = normalizeReviews(stored);

  const block = actionBlock(action, role, current);
  if (block) throw new HttpError(409, block);
  if (action !== 'cancel') {
    const scores = await countingScoreCount(tx, row);
    const kompetensiCount = await activeKompetensiCount(tx, row.divisi_id, row.jenjang);
    if (!inApprovalList(scores, kompetensiCount)) throw new HttpError(409, NILAI_API_MSG.notInApprovalList);
  }

  const next = applyAction(action, role, current, catatan);
  for (const step of next) {
    const before = current.find((review) => review.role_reviewer === step.role_reviewer);
    if (before && before.status === step.status && (before.catatan ?? null) === (step.catatan ?? null)) continue;
    const decidedByMe = step.role_reviewer === role && action !== 'cancel';
    await tx
      .update(reviews)
      .set({ status: step.status, catatan: step.catatan ?? null, reviewer_id: decidedByMe ? user.id : null })
      .where(and(eq(reviews.peserta_id, id), eq(reviews.role_reviewer, step.role_reviewer)));
  }
  return { status: 200, body: { message: SUCCESS[action], data: { reviews: apiReviews(next) } } };
}
