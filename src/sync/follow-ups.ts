/**
 * What a page pulls after the outbox was drained, once per drain whatever the number of changes
 * in it: the inbox (the sends may have written notifications, and the server answers again), and
 * the screens whose last load failed load again (`onAnswered`). A drain announces itself once,
 * when its run ends (drained.ts), so twelve changes replayed in one run cost one round of
 * follow-ups, not twelve. Rounds never overlap: drains announced while a round runs are followed
 * by one more round after it, which then sees the server after all of them.
 *
 * The pre-send re-check stays per change (replay.ts): it is what refuses a stale change. The
 * participants' states need no follow-up: each send's answer carries them (reconciled as it
 * arrives), and the history the device holds is pulled again by the run itself.
 */
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { onDrained } from './drained';

interface FollowOptions {
  /** Called at the start of each round (the page: the screens whose load failed load again). */
  onAnswered?: () => void;
}

/** A page's subscription to the drains of `db`. */
export interface DrainFollower {
  /** Resolves when no round runs or waits. */
  idle(): Promise<void>;
  stop(): void;
}

/** Follows every drain of `db` (in any context of the origin) with one round of follow-ups. */
export function followDrains(api: ApiClient, db: MagangDb, { onAnswered }: FollowOptions = {}): DrainFollower {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function round(): Promise<void> {
    onAnswered?.();
    const { pullNotifikasi } = await import('./pull-notifikasi');
    await pullNotifikasi(api, db).catch(() => undefined);
  }

  async function rounds(): Promise<void> {
    do {
      again = false;
      await round();
    } while (again && !stopped);
  }

  const unsubscribe = onDrained(db.name, () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = rounds().finally(() => {
      running = null;
    });
  });

  return {
    idle: () => running ?? Promise.resolve(),
    stop() {
      stopped = true;
      unsubscribe();
    },
  };
}
