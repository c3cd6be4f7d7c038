import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, errorMessage, type ApiClient } from '@/api/client';
import { fetchRekapPresensi } from '@/api/presensi-rekap';
import type { PresensiRekapQuery, RekapRow } from '@/domain/presensi';
import { REKAP_MSG } from '@/domain/rekap-presensi';

/** Why the last request brought no recap: no connection, or the server's refusal (its text). */
export type RekapFailure = { kind: 'offline' } | { kind: 'error'; message: string };

export interface RekapPresensi {
  /** The last recap the server answered (kept through later failures), or null before the first. */
  rows: RekapRow[] | null;
  /** The query `rows` answer. */
  shown: PresensiRekapQuery | null;
  /** A request runs. */
  loading: boolean;
  /** Why the last request failed, or null. */
  failure: RekapFailure | null;
  /** Asks the server for the recap of `query` (an earlier request still running is dropped). */
  load: (query: PresensiRekapQuery) => void;
  /** Asks again for the last query asked. */
  retry: () => void;
}

/**
 * The recap of the screen: the server computes it, so each query is one request, online only.
 * Offline (or the server unreachable) nothing is shown anew and the last answer stays; when
 * the browser comes back online after such a failure, the last query is asked again.
 */
export function useRekapPresensi(api: ApiClient): RekapPresensi {
  const [rows, setRows] = useState<RekapRow[] | null>(null);
  const [shown, setShown] = useState<PresensiRekapQuery | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<RekapFailure | null>(null);
  const asked = useRef<PresensiRekapQuery | null>(null);
  const running = useRef<AbortController | null>(null);

  const load = useCallback(
    (query: PresensiRekapQuery) => {
      asked.current = query;
      running.current?.abort();
      if (!navigator.onLine) {
        running.current = null;
        setLoading(false);
        setFailure({ kind: 'offline' });
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setLoading(true);
      fetchRekapPresensi(api, query, controller.signal).then(
        (answer) => {
          if (running.current !== controller) return;
          running.current = null;
          setRows(answer);
          setShown(query);
          setFailure(null);
          setLoading(false);
        },
        (error: unknown) => {
          if (running.current !== controller) return;
          running.current = null;
          setFailure(isApiError(error) && error.isNetworkError ? { kind: 'offline' } : { kind: 'error', message: errorMessage(error, REKAP_MSG.loadFailed) });
          setLoading(false);
        },
      );
    },
    [api],
  );

  const retry = useCallback(() => {
    if (asked.current) load(asked.current);
  }, [load]);

  // Back online after a failure for want of a connection: ask again.
  useEffect(() => {
    if (failure?.kind !== 'offline') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure, retry]);

  useEffect(() => () => running.current?.abort(), []);

  return { rows, shown, loading, failure, load, retry };
}
