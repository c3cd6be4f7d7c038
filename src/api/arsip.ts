/**
 * The archive reads: GET /api/peserta/arsip and GET /api/sertifikat/arsip, one page of the
 * server's participants at a time (nothing is stored on the device), and the hook the three
 * lists page them with. Online only: offline nothing is asked.
 */
import { useEffect, useState } from 'react';
import {
  type ArsipDaftar,
  type ArsipParams,
  type ArsipPesertaResponse,
  type ArsipSertifikatResponse,
  arsipPesertaResponseSchema,
  arsipSearch,
  arsipSertifikatResponseSchema,
} from '@/domain/arsip';
import type { ApiClient } from './client';

/** GET /api/peserta/arsip?daftar=…: one page of the participant or approval archive. */
export function fetchArsipPeserta(api: ApiClient, daftar: ArsipDaftar, params: ArsipParams, signal?: AbortSignal): Promise<ArsipPesertaResponse> {
  return api.get(`/api/peserta/arsip?${arsipSearch(params, { daftar })}`, arsipPesertaResponseSchema, { signal });
}

/** GET /api/sertifikat/arsip: one page of the certificate archive (completed participants). */
export function fetchArsipSertifikat(api: ApiClient, params: ArsipParams, signal?: AbortSignal): Promise<ArsipSertifikatResponse> {
  return api.get(`/api/sertifikat/arsip?${arsipSearch(params)}`, arsipSertifikatResponseSchema, { signal });
}

/** The archive filters of a list (everything of ArsipParams but the page). */
export type ArsipFilters = Omit<ArsipParams, 'page'>;

/**
 * Reads one archive page whenever the filters or the page change (their key is the request's
 * query string) while `enabled` (the switch on, the device online). New filters go back to page
 * 1. A newer request aborts the older one, so an answer that arrives late never replaces a
 * newer one. Returns what the archive list shows (ArsipListState of src/ui/arsip.tsx, which
 * documents each field): the rows of the shown page (the last answer's while the next loads),
 * the server's total, the page and setPage, loading, failed and retry.
 */
export function useArsipQuery<T>(
  load: (params: ArsipParams, signal: AbortSignal) => Promise<{ data: T[]; total: number }>,
  filters: ArsipFilters,
  enabled: boolean,
) {
  const filterKey = arsipSearch({ ...filters, page: 1 });
  const [paging, setPaging] = useState({ page: 1, filterKey });
  // New filters reset the page during render, so no request asks the old page of the new filters.
  let page = paging.page;
  if (paging.filterKey !== filterKey) {
    page = 1;
    setPaging({ page: 1, filterKey });
  }
  const params: ArsipParams = { ...filters, page };
  const key = arsipSearch(params);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ rows: readonly T[]; total: number; loading: boolean; failed: boolean }>({
    rows: [],
    total: 0,
    loading: true,
    failed: false,
  });
  const loadRef = useLatest(load);
  const paramsRef = useLatest(params);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setAnswer((current) => ({ ...current, loading: true, failed: false }));
    loadRef.current(paramsRef.current, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setAnswer({ rows: result.data, total: result.total, loading: false, failed: false });
      },
      () => {
        if (controller.signal.aborted) return;
        setAnswer((current) => ({ ...current, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [key, enabled, attempt, loadRef, paramsRef]);

  return {
    ...answer,
    page,
    setPage: (next: number) => setPaging({ page: Math.max(1, Math.trunc(next)), filterKey }),
    retry: () => setAttempt((n) => n + 1),
  };
}

/** A ref always holding the latest `value` (read inside an effect without making it a dependency). */
function useLatest<V>(value: V): { current: V } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
