/**
 * Typed calls of the scoring and approval API (spec section 7) that the outbox replay and the
 * screens share: a participant's reviews and scores, and the five replayable mutations sent
 * with their Idempotency-Key (CONTRACT.md).
 */
import { z } from 'zod';
import { APPROVAL_STEPS, REVIEW_STATUSES } from '@/domain/approval-chain';
import { type OutboxKind, requestFor } from '@/domain/outbox';
import type { ApiClient } from './client';

const reviewSchema = z.object({
  role_reviewer: z.enum(APPROVAL_STEPS),
  status: z.enum(REVIEW_STATUSES),
  catatan: z.string().nullish(),
});
export type ReviewRow = z.infer<typeof reviewSchema>;

const nilaiSchema = z.object({
  id: z.number().int().optional(),
  peserta_id: z.number().int(),
  kompetensi_id: z.number().int(),
  skor: z.number().int(),
  kompetensi: z.object({ nama: z.string() }).nullish(),
});
export type NilaiRow = z.infer<typeof nilaiSchema>;

const reviewsResponseSchema = z.object({ data: z.object({ reviews: z.array(reviewSchema) }) });
const nilaiResponseSchema = z.object({ data: z.object({ nilai: z.array(nilaiSchema) }) });

/** GET /api/review/peserta/{id}: the three steps of a participant. */
export async function fetchReviews(api: ApiClient, pesertaId: number): Promise<ReviewRow[]> {
  const { data } = await api.get(`/api/review/peserta/${pesertaId}`, reviewsResponseSchema);
  return data.reviews;
}

/** GET /api/nilai/peserta/{id}: a participant's scores. */
export async function fetchNilai(api: ApiClient, pesertaId: number): Promise<NilaiRow[]> {
  const { data } = await api.get(`/api/nilai/peserta/${pesertaId}`, nilaiResponseSchema);
  return data.nilai;
}

/** Sends one replayable mutation with its Idempotency-Key; rejects with the client's ApiError. */
export async function sendOutboxRequest(
  api: ApiClient,
  entry: { key: string; kind: OutboxKind; pesertaId: number; payload: unknown },
): Promise<void> {
  const { method, path } = requestFor(entry.kind, entry.pesertaId);
  await api.request(method, path, {
    body: method === 'POST' ? (entry.payload ?? {}) : undefined,
    headers: { 'Idempotency-Key': entry.key },
  });
}
