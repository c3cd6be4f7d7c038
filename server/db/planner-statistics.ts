// The planner's statistics. PostgreSQL chooses a query's plan from each table's statistics
// (row counts, value distributions), which its autovacuum daemon keeps current. PGlite is one
// process with no background workers: no autovacuum, so its tables are analysed only when asked,
// and with none the planner guesses — at 100,000 participants it estimated one row for the
// certificate archive's count and chose a plan of over a minute (docs/performance.md). So every
// start of an embedded database analyses every table, and a running one is analysed again every
// STATISTICS_INTERVAL_MS (startStatisticsTimer). Statistics that no longer match the data can be
// worse than none: analysing the reviews right after a bulk import (every review still
// 'Menunggu') and then approving most of them made the working set's page take over a minute at
// 100,000 participants in the bench, so a bulk import does not analyse on its own.
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

/** How often a running embedded database is analysed again. */
export const STATISTICS_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** ANALYZE of every table of the database. */
export async function analyzeAll(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** What startStatisticsTimer started: stop() ends it, waiting for a pass in progress. */
export interface StatisticsTimer {
  stop(): Promise<void>;
}

/**
 * On an embedded database (PGlite): analyses every table, resolving once that first pass is done
 * (before the server takes requests), then again every `intervalMs`; a failed pass is logged and
 * retried at the next. On PostgreSQL nothing (autovacuum does it).
 */
export async function startStatisticsTimer(
  database: Database,
  log: (message: string, error?: unknown) => void,
  intervalMs: number = STATISTICS_INTERVAL_MS,
): Promise<StatisticsTimer> {
  if (database.kind === 'postgres') return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = analyzeAll(database.db)
      .catch((error: unknown) => log('ANALYZE gagal dijalankan', error))
      .finally(() => {
        running = null;
      });
  };
  pass();
  await running;
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
