/**
 * A participant's approval state as the API carries it, declared once for the server (which
 * answers it and documents it in OpenAPI), the web app and the service worker (which parse it):
 * one review step, one score, the `state` a replayable change answers, the answers of the five
 * replayable routes, and the one mapping of stored reviews into the three steps with its
 * comparison.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { APPROVAL_STEPS, REVIEW_STATUSES, type Review, normalizeReviews } from './approval-chain';

/** One review step as the API answers it: always all three steps, in chain order; no note = null. */
export const reviewStepSchema = lazySchema(() => z.object({
  role_reviewer: z.enum(APPROVAL_STEPS),
  status: z.enum(REVIEW_STATUSES),
  catatan: z.string().nullable(),
}));
export type ReviewStep = z.infer<typeof reviewStepSchema>;

/**
 * The three steps in chain order as the API answers them and the mirror stores them: a step
 * with no stored row is Menunggu, a missing note is null, nothing else of the input is kept.
 */
export function reviewSteps(reviews: readonly Review[]): ReviewStep[] {
  return normalizeReviews(reviews).map((review) => ({
    role_reviewer: review.role_reviewer,
    status: review.status,
    catatan: review.catatan ?? null,
  }));
}

/** True when two reviews of a step hold the same decision and note (a missing note is null). */
export function sameReviewStep(a: Review, b: Review): boolean {
  return a.role_reviewer === b.role_reviewer && a.status === b.status && (a.catatan ?? null) === (b.catatan ?? null);
}

/** One score as the API answers it (GET /api/nilai/peserta/{id}, the state of a change). */
export const scoreSchema = lazySchema(() => z.object({
  id: z.number().int(),
  peserta_id: z.number().int(),
  kompetensi_id: z.number().int(),
  skor: z.number().int(),
  kompetensi: z.object({ nama: z.string() }),
}));
export type Score = z.infer<typeof scoreSchema>;

/**
 * A participant's state right after a replayable change: its three review steps and every
 * score, read in the change's transaction. The outbox reconciles its mirror from it without
 * another read. Stored with the answer under the Idempotency-Key, so a resend gets the state
 * right after the FIRST request, which may be older than now (the next pull corrects that).
 */
export const pesertaStateSchema = lazySchema(() => z.object({
  peserta_id: z.number().int(),
  reviews: z.array(reviewStepSchema),
  nilai: z.array(scoreSchema),
}));
export type PesertaState = z.infer<typeof pesertaStateSchema>;

/**
 * The state fields of a replayable change's answer (2xx, and a 409 sent with an
 * Idempotency-Key): `state` of the one participant it concerns; POST /api/nilai/bulk sends
 * `states`, one per participant of the payload, and `state` too when there is just one.
 */
const stateFieldsSchema = lazySchema(() => z.object({
  state: pesertaStateSchema.optional(),
  states: z.array(pesertaStateSchema).optional(),
}));

/** The participant states an answer body carries (`states`, else `state`), or null when it carries none. */
export function statesOf(body: unknown): PesertaState[] | null {
  const parsed = stateFieldsSchema.safeParse(body);
  if (!parsed.success) return null;
  if (parsed.data.states) return parsed.data.states;
  return parsed.data.state ? [parsed.data.state] : null;
}

/** Answer of POST /api/nilai/bulk: the scores of the payload's participants and their states. */
export const nilaiSaveAnswerSchema = lazySchema(() => z.object({
  message: z.string(),
  data: z.object({ nilai: z.array(scoreSchema) }),
  state: pesertaStateSchema.optional(),
  states: z.array(pesertaStateSchema),
}));

/** Answer of DELETE /api/nilai/peserta/{id}: the participant's scores after the change (none) and its state. */
export const nilaiResetAnswerSchema = lazySchema(() => z.object({
  message: z.string(),
  data: z.object({ nilai: z.array(scoreSchema) }),
  state: pesertaStateSchema,
}));

/** Answer of POST /api/review/{approve|reject|cancel}/{id}: the three steps after the decision and the state. */
export const reviewDecisionAnswerSchema = lazySchema(() => z.object({
  message: z.string(),
  data: z.object({ reviews: z.array(reviewStepSchema) }),
  state: pesertaStateSchema,
}));

/** A refusal (409) of a replayable change: `{message}`, with the current state when sent with a key. */
export const stateConflictSchema = lazySchema(() => z.object({ message: z.string() }).extend(stateFieldsSchema.shape));
