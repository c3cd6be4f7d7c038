// /api/review: the approval chain (spec 4, 7). Reads: a participant's three steps (a Mentor
// only their own participants). Decisions: Pembimbing, HR, BusHead, each on its own step;
// the chain's refusals answer 409 with the spec's text; each accepts an Idempotency-Key.
import type { FastifyInstance } from 'fastify';
import type { ApprovalAction } from '../../src/domain/approval-chain';
import { approveBodySchema, rejectBodySchema } from '../../src/domain/outbox';
import { currentUser, requireRole } from '../auth/plugin';
import { decide, readReviews } from '../services/approval';
import { answerHeaders, idempotencyScope, runIdempotent } from '../services/idempotency';
import { parseId, parseInput } from '../validation';

/** The note of a decision: approve's is optional, reject's required (400), cancel has none. */
function catatanOf(action: ApprovalAction, body: unknown): string | null {
  if (action === 'cancel') return null;
  if (action === 'reject') return parseInput(rejectBodySchema, body ?? {}).catatan;
  return parseInput(approveBodySchema, body ?? {}).catatan || null;
}

/** Registers GET /peserta/:id and POST /approve/:id, /reject/:id, /cancel/:id (at /api/review). */
export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const approvers = requireRole('Pembimbing', 'HR', 'BusHead');

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
      const answer = await runIdempotent(app.db, scope, (tx) => decide(tx, user, action, id, catatan));
      return reply.code(answer.status).headers(answerHeaders(answer)).send(answer.body);
    });
  }
}
