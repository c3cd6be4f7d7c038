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
 * The window event that says the server answered again (the app fires it once after each drain
 * of the outbox, src/sync/follow-ups.ts): a server that comes back fires no `online` event, since the browser never
 * went offline, so without it a screen whose refresh failed would say its data is stale until
 * the user reloads.
 */
export const SERVER_ANSWERED_EVENT = 'magang:server-answered';

interface RefreshOptions {
  /**
   * Also run when the tab becomes visible again, if the last run started longer ago than this
   * many ms (a screen left open in a background tab catches up when the user returns).
   */
  visibleAfterMs?: number;
}

/**
 * Keeps a screen's data fresh: runs `load` on mount, whenever the browser comes back online
 * (window 'online'), and, while the last run failed, when the server answers again
 * (SERVER_ANSWERED_EVENT); with `visibleAfterMs`, also when the tab becomes visible again. The
 * screen keeps showing what it has; `failed` only tells it that the newest data could not be
 * fetched.
 */
export function useRefresh(load: () => Promise<unknown>, { visibleAfterMs }: RefreshOptions = {}): Refresh {
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const mounted = useRef(true);
  const lastRun = useRef(0);

  const refresh = useCallback(async () => {
    lastRun.current = Date.now();
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
    const onAnswered = () => void refresh();
    window.addEventListener(SERVER_ANSWERED_EVENT, onAnswered);
    return () => window.removeEventListener(SERVER_ANSWERED_EVENT, onAnswered);
  }, [failed, refresh]);

  useEffect(() => {
    if (visibleAfterMs === undefined) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastRun.current > visibleAfterMs) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [visibleAfterMs, refresh]);

  return { loading, failed, refresh };
}
