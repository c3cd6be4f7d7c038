/**
 * Typed calls of HR's attendance recap: GET /api/presensi/rekap (the rows) and
 * GET /api/presensi/rekap.xlsx (the same rows as a workbook, its bytes and file name). Both are
 * computed by the server; failures are the client's ApiErrors (status 0 when it was not reached).
 */
import { type PresensiRekapQuery, type RekapRow, presensiRekapResponseSchema, rekapFileName } from '@/domain/presensi';
import { DOCUMENT_MIME } from '@/domain/sertifikat';
import { REKAP_MSG, rekapQueryString } from '@/domain/rekap-presensi';
import type { ApiClient } from './client';

/** A recap of two years may take the server a few seconds: more than the client's default wait. */
const REKAP_TIMEOUT_MS = 60_000;

/** The recap's rows for `query`. */
export async function fetchRekapPresensi(api: ApiClient, query: PresensiRekapQuery, signal?: AbortSignal): Promise<RekapRow[]> {
  const { data } = await api.get(`/api/presensi/rekap${rekapQueryString(query)}`, presensiRekapResponseSchema, {
    fallbackMessage: REKAP_MSG.loadFailed,
    signal,
    timeoutMs: REKAP_TIMEOUT_MS,
  });
  return data;
}

/** The recap workbook for `query`, with the name it is saved under. */
export async function fetchRekapWorkbook(api: ApiClient, query: PresensiRekapQuery): Promise<{ blob: Blob; fileName: string }> {
  const answer = await api.getBytes(`/api/presensi/rekap.xlsx${rekapQueryString(query)}`, {
    fallbackMessage: REKAP_MSG.unduhFailed,
    timeoutMs: REKAP_TIMEOUT_MS,
  });
  // No If-None-Match was sent, so there is always a body.
  if (!answer) throw new Error('no workbook');
  const blob = new Blob([answer.bytes as Uint8Array<ArrayBuffer>], { type: DOCUMENT_MIME.xlsx });
  return { blob, fileName: rekapFileName(query.from, query.to) };
}
