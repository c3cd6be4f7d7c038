// /api/review: the approval chain. Reads: a participant's three steps (a Mentor
// only their own participants). Decisions: Pembimbing, HR, BusHead, each on its own step;
// the chain's refusals answer 409 with its `Data telah berubah. …` text; each accepts an Idempotency-Key and
// answers the participant's `state` after the change (with a key, also on a 409).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApprovalAction } from '../../src/domain/approval-chain';
import { ID_MAX } from '../../src/domain/master-data';
import { reviewDecisionAnswerSchema, reviewStepSchema, stateConflictSchema } from '../../src/domain/peserta-state';
import { REVIEW_MSG, approveBodySchema, rejectBodySchema, reviewBatchQuerySchema } from '../../src/domain/review';
import { currentUser, requireRole } from '../auth/plugin';
import { decide, readReviews, readReviewsBatch } from '../services/approval';
import { answerHeaders, idempotencyScope, runIdempotent } from '../services/idempotency';
import { DIBUAT_PADA_DOC, changeOrigin } from '../services/riwayat';
import { answerState } from '../services/peserta-state';
import { parseId, parseInput } from '../validation';

/** The note of a decision: approve's is optional, reject's required (400), cancel has none. */
function catatanOf(action: ApprovalAction, body: unknown): string | null {
  if (action === 'cancel') return null;
  if (action === 'reject') return parseInput(rejectBodySchema, body ?? {}).catatan;
  return parseInput(approveBodySchema, body ?? {}).catatan || null;
}

/** What each decision route answers and refuses (its OpenAPI documentation). */
const DECISION_DOC = {
  approve: { summary: "Approve the caller's step", body: approveBodySchema, text: REVIEW_MSG.approved },
  reject: { summary: "Reject at the caller's step (later steps become `Tidak_dilanjutkan`)", body: rejectBodySchema, text: REVIEW_MSG.rejected },
  cancel: { summary: "Cancel the caller's decision (later steps return to `Menunggu`)", body: undefined, text: REVIEW_MSG.cancelled },
} as const;

/** Registers GET /peserta?ids=, GET /peserta/:id and POST /approve/:id, /reject/:id, /cancel/:id (at /api/review). */
export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const approvers = requireRole('Pembimbing', 'HR', 'BusHead');

  // The outbox's pre-send re-check of every queued participant in one request.
  const batchDoc = {
    summary: "Several participants' review steps at once (the outbox's re-check)",
    description: 'Ids the caller may not read (a Mentor: other mentors\' participants) are left out.',
    query: reviewBatchQuerySchema,
    response: {
      description: 'By id',
      schema: z.object({ data: z.array(z.object({ peserta_id: z.number().int(), reviews: z.array(reviewStepSchema) })) }),
    },
    errors: { 400: '`ID tidak valid`, or more than 200 ids' },
  };
  app.get('/peserta', { preHandler: requireRole(), config: { openapi: batchDoc } }, async (request) => {
    const { ids } = parseInput(reviewBatchQuerySchema, request.query);
    // Beyond a 32-bit id no row exists (and the query would fail on the integer column).
    return { data: await readReviewsBatch(app.db, currentUser(request), ids.filter((id) => id <= ID_MAX)) };
  });

  const readDoc = {
    summary: "A participant's three review steps",
    description: 'A Mentor only its own participants (else 403). A step nobody decided is `Menunggu`.',
    response: { description: 'In chain order', schema: z.object({ data: z.object({ reviews: z.array(reviewStepSchema) }) }) },
    errors: { 403: "Another mentor's participant" },
  };
  app.get<{ Params: { id: string } }>('/peserta/:id', { preHandler: requireRole(), config: { openapi: readDoc } }, async (request) => {
    const id = parseId(request.params.id);
    return { data: { reviews: await readReviews(app.db, currentUser(request), id) } };
  });

  for (const action of ['approve', 'reject', 'cancel'] as const) {
    const { summary, body, text } = DECISION_DOC[action];
    const optionalBody = action === 'approve' ? ({ optionalBody: true } as const) : {};
    const openapi = {
      summary,
      description: "Each approver acts on its own step. The answer carries `state`: the participant's state after the change.",
      ...(body ? { body, ...optionalBody } : {}),
      idempotent: true,
      headers: DIBUAT_PADA_DOC,
      response: { description: `\`${text}\`; \`data.reviews\`: the three steps after the decision`, schema: reviewDecisionAnswerSchema },
      errors: { 409: "The chain's `Data telah berubah. …` text, or a participant outside the approval list; with a key the answer carries the current `state`" },
      conflictSchema: stateConflictSchema,
    } as const;
    app.post<{ Params: { id: string } }>(`/${action}/:id`, { preHandler: approvers, config: { openapi } }, async (request, reply) => {
      const user = currentUser(request);
      const scope = idempotencyScope(request, user.id);
      const id = parseId(request.params.id);
      const catatan = catatanOf(action, request.body);
      const origin = changeOrigin(request, user);
      const answer = await runIdempotent(app.db, scope, (tx) => decide(tx, origin, action, id, catatan, app.config), (tx) => answerState(tx, [id]));
      return reply.code(answer.status).headers(answerHeaders(answer)).send(answer.body);
    });
  }
}
