/**
 * Typed calls of the nilai (score) and approval API that the outbox replay and the screens
 * share: a participant's scores, the reviews of many participants at once, the health check,
 * and the replayable changes (scores, decisions, and attendance marks) — the request each
 * outbox kind becomes, sent with its Idempotency-Key, whose answer carries the participants'
 * state after the change.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import type { OutboxKind } from '@/domain/outbox';
import { type PesertaState, type ReviewStep, type Score, reviewStepSchema, scoreSchema, statesOf } from '@/domain/peserta-state';
import { REVIEW_BATCH_MAX } from '@/domain/review';
import { DIBUAT_PADA_HEADER } from '@/domain/riwayat';
import type { ApiClient } from './client';

const nilaiResponseSchema = lazySchema(() => z.object({ data: z.object({ nilai: z.array(scoreSchema) }) }));
const reviewBatchResponseSchema = lazySchema(() => z.object({
  data: z.array(z.object({ peserta_id: z.number().int(), reviews: z.array(reviewStepSchema) })),
}));

/**
 * The request an outbox entry becomes (the participant's id is in the path, except for the bulk
 * saves; a notification's id, from the payload, for marking one read).
 */
export function requestFor(kind: OutboxKind, pesertaId: number, payload: unknown = null): { method: 'POST' | 'PUT' | 'DELETE'; path: string } {
  switch (kind) {
    case 'notifikasi.baca': {
      const id = (payload as { id?: unknown } | null)?.id;
      return typeof id === 'number' ? { method: 'POST', path: `/api/notifikasi/${id}/baca` } : { method: 'POST', path: '/api/notifikasi/baca-semua' };
    }
    case 'presensi.save':
      return { method: 'PUT', path: '/api/presensi' };
    case 'nilai.save':
      return { method: 'POST', path: '/api/nilai/bulk' };
    case 'nilai.reset':
      return { method: 'DELETE', path: `/api/nilai/peserta/${pesertaId}` };
    case 'review.approve':
      return { method: 'POST', path: `/api/review/approve/${pesertaId}` };
    case 'review.reject':
      return { method: 'POST', path: `/api/review/reject/${pesertaId}` };
    case 'review.cancel':
      return { method: 'POST', path: `/api/review/cancel/${pesertaId}` };
  }
}

/**
 * GET /api/review/peserta?ids=: the three steps of up to REVIEW_BATCH_MAX participants in one
 * request. Participants the user may not read (unknown, another mentor's) are absent.
 */
export async function fetchReviewsBatch(api: ApiClient, pesertaIds: readonly number[]): Promise<Map<number, ReviewStep[]>> {
  if (pesertaIds.length === 0) return new Map();
  if (pesertaIds.length > REVIEW_BATCH_MAX) throw new RangeError(`at most ${REVIEW_BATCH_MAX} ids per batch`);
  const { data } = await api.get(`/api/review/peserta?ids=${pesertaIds.join(',')}`, reviewBatchResponseSchema);
  return new Map(data.map((row) => [row.peserta_id, row.reviews]));
}

/** GET /api/nilai/peserta/{id}: a participant's scores. */
export async function fetchNilai(api: ApiClient, pesertaId: number): Promise<Score[]> {
  const { data } = await api.get(`/api/nilai/peserta/${pesertaId}`, nilaiResponseSchema);
  return data.nilai;
}

/** GET /api/health (no token): resolves when the server answers, rejects with the client's ApiError. */
export async function checkHealth(api: ApiClient, timeoutMs = 5_000): Promise<void> {
  await api.request('GET', '/api/health', { auth: false, timeoutMs });
}

/**
 * Sends one replayable change with its Idempotency-Key (and, for a change that waited in the
 * outbox, X-Dibuat-Pada: when it was made on the device) and returns the participant states
 * its answer carries (null when none) and the answer itself; rejects with the client's
 * ApiError (whose `body` may carry the states of a 409, see statesOf).
 */
export async function sendOutboxRequest(
  api: ApiClient,
  entry: { key: string; kind: OutboxKind; pesertaId: number; payload: unknown },
  dibuatPada: string | null = null,
): Promise<{ states: PesertaState[] | null; body: unknown }> {
  const { method, path } = requestFor(entry.kind, entry.pesertaId, entry.payload);
  const body = await api.request(method, path, {
    body: method === 'DELETE' ? undefined : (entry.payload ?? {}),
    headers: { 'Idempotency-Key': entry.key, ...(dibuatPada === null ? {} : { [DIBUAT_PADA_HEADER]: dibuatPada }) },
  });
  return { states: statesOf(body), body };
}
