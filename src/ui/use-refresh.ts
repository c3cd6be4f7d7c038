import { useCallback, useEffect, useRef, useState } from 'react';

export interface Refresh {
  /** True while a refresh runs. */
  loading: boolean;
  /** True when the last refresh failed (offline, server error); false after a success. */
  failed: boolean;
  /** Runs the refresh again (after a mutation, on a retry button). */
  refresh: () => Promise<void>;
}

/**
 * While the last refresh failed, it is tried again this often: a server that comes back fires
 * no `online` event (the browser never went offline), so without it a screen would say its data
 * is stale until the user reloads. A failed try costs one refused request.
 */
export const FAILED_REFRESH_RETRY_MS = 3_000;

/**
 * Keeps a screen's data fresh: runs `load` on mount, whenever the browser comes back online
 * (window 'online'), and every FAILED_REFRESH_RETRY_MS while the last run failed and the tab is
 * visible. The screen keeps showing what it has; `failed` only tells it that the newest data
 * could not be fetched.
 */
export function useRefresh(load: () => Promise<unknown>): Refresh {
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      await loadRef.current();
      if (mounted.current) setFailed(false);
    } catch {
      if (mounted.current) setFailed(true);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      mounted.current = false;
      window.removeEventListener('online', onOnline);
    };
  }, [refresh]);

  useEffect(() => {
    if (!failed) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine !== false) void refresh();
    }, FAILED_REFRESH_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [failed, refresh]);

  return { loading, failed, refresh };
}
