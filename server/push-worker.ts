// The loop that drains the push queue every PUSH_DRAIN_EVERY_MS while the server runs (every
// instance runs one: the claim in services/push-sender.ts keeps them apart). stop() waits for a
// drain in progress, so a shutdown never cuts a send between its push and its delete.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { type PushTransport, drainPushQueue, webPushTransport } from './services/push-sender';

export const PUSH_DRAIN_EVERY_MS = 2000;

export interface PushWorker {
  stop(): Promise<void>;
}

/** Starts draining (null when push is off: no VAPID keys). */
export function startPushWorker(options: { db: Db; config: Config; log: FastifyBaseLogger; transport?: PushTransport; everyMs?: number }): PushWorker | null {
  const { config } = options;
  if (!config.vapid) return null;
  const transport = options.transport ?? webPushTransport(config.vapid);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let failing = false;
  const tick = () => {
    running = (async () => {
      // Drain until no due push is left, then wait for the next tick.
      for (;;) {
        const result = await drainPushQueue(options.db, { transport, jamTenang: config.jamTenang ?? 'mati' });
        if (stopped || result.sent + result.retried + result.dropped + result.gone === 0) break;
      }
      failing = false;
    })()
      .catch((error: unknown) => {
        // Logged once per run of failures (a database that is down fails every tick).
        if (!failing) options.log.error({ err: error }, 'Antrian notifikasi push gagal diproses');
        failing = true;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.everyMs ?? PUSH_DRAIN_EVERY_MS);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
