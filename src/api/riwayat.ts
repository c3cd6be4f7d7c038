/** Typed call of the history API: GET /api/riwayat/peserta/{id}, a participant's Riwayat, newest first. */
import { type RiwayatEntry, riwayatResponseSchema } from '@/domain/riwayat';
import type { ApiClient } from './client';

/** A participant's history, newest first; rejects with the client's ApiError (403, 404, offline). */
export async function fetchRiwayat(api: ApiClient, pesertaId: number): Promise<RiwayatEntry[]> {
  const { data } = await api.get(`/api/riwayat/peserta/${pesertaId}`, riwayatResponseSchema);
  return data;
}
