// /api/review: the approval chain (spec 4, 7). Reads: a participant's three steps (a Mentor
// only their own participants). Decisions: Pembimbing, HR, BusHead, each on its own step;
// the chain's refusals answer 409 with the spec's text; each accepts an Idempotency-Key and
// answers the participant's `state` after the change (with a key, also on a 409).
import type { FastifyInstance } from 'fastify';
import type { ApprovalAction } from '../../src/domain/approval-chain';
import { ID_MAX } from '../../src/domain/master-data';
import { approveBodySchema, rejectBodySchema, reviewBatchQuerySchema } from '../../src/domain/outbox';
import { currentUser, requireRole } from '../auth/plugin';
import { decide, readReviews, readReviewsBatch } from '../services/approval';
import { answerHeaders, idempotencyScope, runIdempotent } from '../services/idempotency';
import { answerState } from '../services/scoring';
import { parseId, parseInput } from '../validation';

/** The note of a decision: approve's is optional, reject's required (400), cancel has none. */
function catatanOf(action: ApprovalAction, body: unknown): string | null {
  if (action === 'cancel') return null;
  if (action === 'reject') return parseInput(rejectBodySchema, body ?? {}).catatan;
  return parseInput(approveBodySchema, body ?? {}).catatan || null;
}

/** Registers GET /peserta?ids=, GET /peserta/:id and POST /approve/:id, /reject/:id, /cancel/:id (at /api/review). */
export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const approvers = requireRole('Pembimbing', 'HR', 'BusHead');

  // The outbox's pre-send re-check of every queued participant in one request.
  app.get('/peserta', { preHandler: requireRole() }, async (request) => {
    const { ids } = parseInput(reviewBatchQuerySchema, request.query);
    // Beyond a 32-bit id no row exists (and the query would fail on the integer column).
    return { data: await readReviewsBatch(app.db, currentUser(request), ids.filter((id) => id <= ID_MAX)) };
  });

  app.get<{ Params: { id: string } }>('/peserta/:id', { preHandler: requireRole() }, async (request) => {
    const id = parseId(request.params.id);
    return { data: { reviews: await readReviews(app.db, currentUser(request), id) } };
  });

  for (const action of ['approve', 'reject', 'cancel'] as const) {
    app.post<{ Params: { id: string } }>(`/${action}/:id`, { preHandler: approvers }, async (request, reply) => {
      const user = currentUser(request);
      const scope = idempotencyScope(request, user.id);
      const id = parseId(request.params.id);
      const catatan = catatanOf(action, request.body);
      const answer = await runIdempotent(app.db, scope, (tx) => decide(tx, user, action, id, catatan), (tx) => answerState(tx, [id]));
      return reply.code(answer.status).headers(answerHeaders(answer)).send(answer.body);
    });
  }
}
