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
 * Keeps a screen's data fresh: runs `load` on mount and whenever the browser comes back
 * online (window 'online'). The screen keeps showing what it has; `failed` only tells it that
 * the newest data could not be fetched.
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

  return { loading, failed, refresh };
}
