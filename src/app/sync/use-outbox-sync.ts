import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@/api/api-context';
import { db } from '@/db/db';
import { REACHABILITY_POLL_MS } from '@/sync/constants';
import { followDrains } from '@/sync/follow-ups';
import { startReplay } from '@/sync/replay';
import { type OutboxStatus, readOutboxStatus } from '@/sync/status';
import { SERVER_ANSWERED_EVENT } from '@/ui/use-refresh';

/**
 * While the outbox holds entries the page starts a replay this often: a server that comes back
 * fires no `online` event (only the network coming back does) and Chromium retries a failed
 * Background Sync only 5 minutes later. A run whose head failed on the network first asks GET
 * /api/health, so this is the reachability check: the queue moves within one period of the server
 * answering again, whatever the backoff.
 */
const OUTBOX_POLL_MS = REACHABILITY_POLL_MS;

const EMPTY: OutboxStatus = { pending: [], conflicts: [], needsLogin: false };

/**
 * The page side of replay (docs/architecture.md, "The outbox and its replay", step 2): asks the
 * service worker and runs the page fallback on app start, on `online`, when the tab becomes
 * visible, every few seconds while entries wait, and on demand ('Sinkronkan'); follows each drain
 * of the outbox, whichever context ran it, with one round of follow-ups (src/sync/follow-ups.ts).
 * Returns the live outbox status.
 */
export function useOutboxSync(userId: number | null): {
  status: OutboxStatus;
  syncing: boolean;
  syncNow: () => Promise<void>;
} {
  const api = useApi();
  const status = useLiveQuery(() => readOutboxStatus(db, userId), [userId]) ?? EMPTY;
  const [syncing, setSyncing] = useState(false);
  const running = useRef(false);

  const run = useCallback(async (force: boolean) => {
    if (running.current) return;
    running.current = true;
    setSyncing(true);
    try {
      // The worker is asked too; the Web Lock lets one of them send, the other answers 'busy'.
      await startReplay({ force });
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

  // A drain took changes out of the queue (sent, or refused): the server answers again, with this
  // session's token, so the inbox is pulled and screens whose last refresh failed load again —
  // once per drain, not once per change.
  useEffect(() => {
    if (userId === null) return;
    const follower = followDrains(api, db, { onAnswered: () => window.dispatchEvent(new Event(SERVER_ANSWERED_EVENT)) });
    return () => follower.stop();
  }, [api, userId]);

  const waiting = status.pending.length > 0 && !status.needsLogin;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void run(false), OUTBOX_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, run]);

  const syncNow = useCallback(() => run(true), [run]);
  return { status, syncing, syncNow };
}
