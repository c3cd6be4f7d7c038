// The approval chain on the server: reading a participant's three steps, and approve / reject /
// cancel decided by the SAME pure rules the web app and the outbox replay use
// (src/domain/approval-chain.ts), on rows locked for the whole transaction in the lock order
// of services/peserta-state.ts.
import { and, count, eq, sql } from 'drizzle-orm';
import {
  APPROVAL_STEPS,
  type ApprovalAction,
  MENUNGGU,
  type ReviewStatus,
  actionBlock,
  applyAction,
  isApprovalStep,
} from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { inApprovalList } from '../../src/domain/nilai';
import { type ReviewStep, reviewSteps, sameReviewStep } from '../../src/domain/peserta-state';
import { REVIEW_MSG } from '../../src/domain/review';
import type { AuthUser } from '../auth/plugin';
import type { Db, Tx } from '../db/client';
import { divisiKategori, kompetensi, nilai, reviews, users } from '../db/schema';
import { HttpError } from '../http-error';
import type { StoredAnswer } from './idempotency';
import { chainPoints, settleNotifikasi } from './notifikasi';
import { type PesertaScope, lockPeserta, lockReviews, readableIds, readableScope, selectReviews } from './peserta-state';
import { type ChangeOrigin, recordDecision } from './riwayat';
import { type IssueSettings, settleCertificates } from './sertifikat-terbit';

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
): Promise<{ peserta_id: number; reviews: ReviewStep[] }[]> {
  return db.transaction(
    async (tx) => {
      const readable = await readableIds(tx, user, ids);
      const reviewsOf = await selectReviews(tx, readable);
      return readable.map((id) => ({ peserta_id: id, reviews: reviewsOf.get(id) ?? [] }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** GET /api/review/peserta/:id: the three steps in order (Menunggu where nobody decided). */
export async function readReviews(db: Db, user: AuthUser, id: number): Promise<ReviewStep[]> {
  return db.transaction(
    async (tx) => {
      await readableScope(tx, user, id);
      return (await selectReviews(tx, [id])).get(id) ?? [];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Number of active competencies of a division and level: the ones a participant of that division and level is scored on. */
async function activeKompetensiCount(db: Db | Tx, divisiId: number, jenjang: Jenjang): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(kompetensi)
    .innerJoin(divisiKategori, eq(divisiKategori.kompetensi_id, kompetensi.id))
    .where(and(eq(divisiKategori.divisi_id, divisiId), eq(kompetensi.jenjang, jenjang), eq(kompetensi.aktif, true)));
  return row?.value ?? 0;
}

/** Number of the participant's scores on those competencies (a score of another level or division does not count). */
async function countingScoreCount(db: Db | Tx, row: PesertaScope): Promise<number> {
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
  approve: REVIEW_MSG.approved,
  reject: REVIEW_MSG.rejected,
  cancel: REVIEW_MSG.cancelled,
};

/**
 * POST /api/review/{approve|reject|cancel}/:id by `user`, whose role is its step, inside `tx`:
 * locks, re-checks the chain (409 with the chain's `Data telah berubah. …` text), requires approve / reject
 * to be for a participant in the approval list (409), applies the transition (a rejection
 * stops later steps; cancelling it resumes them), records the reviewer and note, and records the
 * decision in the history (Riwayat) with `origin`. The decision that makes the participant fully
 * approved issues their certificate, a cancel that un-approves them revokes it, and the people
 * the change concerns are notified (same transaction).
 */
export async function decide(
  tx: Tx,
  origin: ChangeOrigin,
  action: ApprovalAction,
  id: number,
  catatan: string | null,
  settings: IssueSettings,
): Promise<StoredAnswer> {
  const { user } = origin;
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
  const current = reviewSteps(stored);
  // No points, no notifications (settleNotifikasi does nothing on an empty map).
  const before = origin.notify === false ? new Map() : await chainPoints(tx, [id]);

  const block = actionBlock(action, role, current);
  if (block) throw new HttpError(409, block);
  if (action !== 'cancel') {
    const scores = await countingScoreCount(tx, row);
    const kompetensiCount = await activeKompetensiCount(tx, row.divisi_id, row.jenjang);
    if (!inApprovalList(scores, kompetensiCount)) throw new HttpError(409, REVIEW_MSG.notInApprovalList);
  }

  const next = applyAction(action, role, current, catatan);
  for (const step of next) {
    const before = current.find((review) => review.role_reviewer === step.role_reviewer);
    if (before && sameReviewStep(before, step)) continue;
    const decidedByMe = step.role_reviewer === role && action !== 'cancel';
    await tx
      .update(reviews)
      .set({ status: step.status, catatan: step.catatan ?? null, reviewer_id: decidedByMe ? user.id : null })
      .where(and(eq(reviews.peserta_id, id), eq(reviews.role_reviewer, step.role_reviewer)));
  }
  await recordDecision(tx, origin, action, id, action === 'cancel' ? null : catatan);
  await settleCertificates(tx, [id], settings);
  // The reviews just written are the chain after; the scores did not change.
  await settleNotifikasi(tx, user, before, { read: 'reviews', reviews: new Map([[id, next]]) });
  return { status: 200, body: { message: SUCCESS[action], data: { reviews: reviewSteps(next) } } };
}
