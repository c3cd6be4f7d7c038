/**
 * Typed calls of the nilai (score) and approval API (spec section 7) that the outbox replay and the
 * screens share: a participant's reviews and scores (one, or the reviews of many at once), the
 * health check, and the five replayable mutations sent with their Idempotency-Key, whose
 * answers carry the participant's state after the change.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import { APPROVAL_STEPS, REVIEW_STATUSES } from '@/domain/approval-chain';
import { type OutboxKind, requestFor } from '@/domain/outbox';
import { REVIEW_BATCH_MAX } from '@/domain/review';
import type { ApiClient } from './client';

const reviewSchema = lazySchema(() => z.object({
  role_reviewer: z.enum(APPROVAL_STEPS),
  status: z.enum(REVIEW_STATUSES),
  catatan: z.string().nullish(),
}));
export type ReviewRow = z.infer<typeof reviewSchema>;

const nilaiSchema = lazySchema(() => z.object({
  id: z.number().int().optional(),
  peserta_id: z.number().int(),
  kompetensi_id: z.number().int(),
  skor: z.number().int(),
  kompetensi: z.object({ nama: z.string() }).nullish(),
}));
export type NilaiRow = z.infer<typeof nilaiSchema>;

const reviewsResponseSchema = lazySchema(() => z.object({ data: z.object({ reviews: z.array(reviewSchema) }) }));
const nilaiResponseSchema = lazySchema(() => z.object({ data: z.object({ nilai: z.array(nilaiSchema) }) }));
const reviewBatchResponseSchema = lazySchema(() => z.object({
  data: z.array(z.object({ peserta_id: z.number().int(), reviews: z.array(reviewSchema) })),
}));

/** A participant's reviews and scores as the replayable mutations answer them. */
const pesertaStateSchema = lazySchema(() => z.object({
  peserta_id: z.number().int(),
  reviews: z.array(reviewSchema),
  nilai: z.array(nilaiSchema),
}));
export type PesertaState = z.infer<typeof pesertaStateSchema>;

/** The state fields of a mutation's answer (2xx, or a 409 sent with a key): `states`, else `state`. */
const stateFieldsSchema = lazySchema(() => z.object({
  state: pesertaStateSchema.nullish(),
  states: z.array(pesertaStateSchema).optional(),
}));

/** The participant states carried by an answer body, or null when it carries none (an older server). */
export function statesOf(body: unknown): PesertaState[] | null {
  const parsed = stateFieldsSchema.safeParse(body);
  if (!parsed.success) return null;
  if (parsed.data.states) return parsed.data.states;
  return parsed.data.state ? [parsed.data.state] : null;
}

/** GET /api/review/peserta/{id}: the three steps of a participant. */
export async function fetchReviews(api: ApiClient, pesertaId: number): Promise<ReviewRow[]> {
  const { data } = await api.get(`/api/review/peserta/${pesertaId}`, reviewsResponseSchema);
  return data.reviews;
}

/**
 * GET /api/review/peserta?ids=: the three steps of up to REVIEW_BATCH_MAX participants in one
 * request. Participants the user may not read (unknown, another mentor's) are absent.
 */
export async function fetchReviewsBatch(api: ApiClient, pesertaIds: readonly number[]): Promise<Map<number, ReviewRow[]>> {
  if (pesertaIds.length === 0) return new Map();
  if (pesertaIds.length > REVIEW_BATCH_MAX) throw new RangeError(`at most ${REVIEW_BATCH_MAX} ids per batch`);
  const { data } = await api.get(`/api/review/peserta?ids=${pesertaIds.join(',')}`, reviewBatchResponseSchema);
  return new Map(data.map((row) => [row.peserta_id, row.reviews]));
}

/** GET /api/nilai/peserta/{id}: a participant's scores. */
export async function fetchNilai(api: ApiClient, pesertaId: number): Promise<NilaiRow[]> {
  const { data } = await api.get(`/api/nilai/peserta/${pesertaId}`, nilaiResponseSchema);
  return data.nilai;
}

/** GET /api/health (no token): resolves when the server answers, rejects with the client's ApiError. */
export async function checkHealth(api: ApiClient, timeoutMs = 5_000): Promise<void> {
  await api.request('GET', '/api/health', { auth: false, timeoutMs });
}

/**
 * Sends one replayable mutation with its Idempotency-Key and returns the participant states
 * its answer carries (null when none); rejects with the client's ApiError (whose `body` may
 * carry the states of a 409, see statesOf).
 */
export async function sendOutboxRequest(
  api: ApiClient,
  entry: { key: string; kind: OutboxKind; pesertaId: number; payload: unknown },
): Promise<PesertaState[] | null> {
  const { method, path } = requestFor(entry.kind, entry.pesertaId);
  const body = await api.request(method, path, {
    body: method === 'POST' ? (entry.payload ?? {}) : undefined,
    headers: { 'Idempotency-Key': entry.key },
  });
  return statesOf(body);
}
