import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '@/db/db';
import { type OutboxStatus, readOutboxStatus } from '@/sync/status';
import { replayOutbox } from '@/sync/replay';
import { requestReplay } from '@/sync/trigger';

/** While the outbox holds entries the page retries this often: a server that comes back
 * online fires no `online` event (TOOLING.md), and Background Sync waits 5 minutes. */
export const OUTBOX_POLL_MS = 5_000;

const EMPTY: OutboxStatus = { pending: [], conflicts: [], needsLogin: false };

/**
 * The page side of replay (ARCHITECTURE.md "Write", step 3): asks the service worker and runs
 * the page fallback on app start, on `online`, when the tab becomes visible, every few seconds
 * while entries wait, and on demand ('Sinkronkan'). Returns the live outbox status.
 */
export function useOutboxSync(userId: number | null): {
  status: OutboxStatus;
  syncing: boolean;
  syncNow: () => Promise<void>;
} {
  const status = useLiveQuery(() => readOutboxStatus(db, userId), [userId]) ?? EMPTY;
  const [syncing, setSyncing] = useState(false);
  const running = useRef(false);

  const run = useCallback(async (force: boolean) => {
    if (running.current) return;
    running.current = true;
    setSyncing(true);
    try {
      await requestReplay();
      // The page fallback: the Web Lock makes it wait out (answer 'busy') a worker already running.
      await replayOutbox({ force });
    } finally {
      running.current = false;
      setSyncing(false);
    }
  }, []);

  useEffect(() => {
    if (userId === null) return;
    void run(false);
    const onOnline = () => void run(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run(false);
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, run]);

  const waiting = status.pending.length > 0 && !status.needsLogin;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void run(false), OUTBOX_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, run]);

  const syncNow = useCallback(() => run(true), [run]);
  return { status, syncing, syncNow };
}
