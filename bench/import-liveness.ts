// The event loop during HR's largest import: one POST /api/peserta/bulk of 5,000 rows on a fresh
// embedded database (PGlite runs every query on the server's own thread, so a long unbroken
// stretch of work there holds every other request). Measured in this process:
//   - the longest block of the event loop while the import runs (monitorEventLoopDelay), goal
//     ≤ 200 ms, printed as a ratio to the longest block of an idle stretch of the same length
//     measured just before (the machine's own noise);
//   - the slowest answer of /api/health/live, asked every 50 ms during the import by a client of
//     the same process, from the moment it was due (a late timer is a blocked loop), goal < 1 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PESERTA_BULK_MAX } from '../src/domain/peserta';
import { openDatabase } from '../server/db/client';
import { startBenchApp } from './app';
import { importMore } from './generate';
import { Client, login } from './http';

const BLOCK_GOAL_MS = 200;
const LIVE_GOAL_MS = 1000;
const PROBE_EVERY_MS = 50;

/** The longest block of the event loop while `work` runs, in ms. */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ value: T; blockMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const value = await work();
    return { value, blockMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

export async function benchImportLiveness(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magang-bench-import-'));
  const database = await openDatabase({ dataDir });
  const { app, port } = await startBenchApp(database, dataDir);
  try {
    const hr = new Client(port, 2, await login(port, 'hr', 'hr1234'));
    const probe = new Client(port, 1);
    // Probes every PROBE_EVERY_MS while `importing`; each answer's lateness from when it was due.
    const probeWhile = async (isRunning: () => boolean): Promise<number[]> => {
      const lateness: number[] = [];
      let due = performance.now();
      while (isRunning()) {
        due += PROBE_EVERY_MS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const answer = await probe.request('GET', '/api/health/live');
        if (answer.status !== 200) throw new Error(`import-liveness: /api/health/live answered ${answer.status}`);
        lateness.push(performance.now() - due);
        due = Math.max(due, performance.now());
      }
      return lateness;
    };

    console.log(`\nImport and the event loop (one POST /api/peserta/bulk of ${PESERTA_BULK_MAX.toLocaleString('en')} rows, PGlite, in process)`);
    let importing = true;
    const started = performance.now();
    const measured = await longestBlock(async () => {
      const [made, lateness] = await Promise.all([
        importMore(hr, PESERTA_BULK_MAX, 0, 'recent').finally(() => {
          importing = false;
        }),
        probeWhile(() => importing),
      ]);
      return { made, lateness };
    });
    const importMs = performance.now() - started;
    // The idle baseline: as long as the import took, nothing but the probes.
    let idle = true;
    const idleTimer = setTimeout(() => {
      idle = false;
    }, Math.min(importMs, 10_000));
    const baseline = await longestBlock(() => probeWhile(() => idle));
    clearTimeout(idleTimer);

    const slowestLive = Math.max(0, ...measured.value.lateness);
    const blockRatio = measured.blockMs / Math.max(baseline.blockMs, 1);
    console.log(`  import: ${(importMs / 1000).toFixed(2)} s, ${measured.value.made.created.toLocaleString('en')} rows, ${measured.value.lateness.length} liveness probes answered during it`);
    console.log(`  longest event-loop block: ${measured.blockMs.toFixed(0)} ms during the import, ${baseline.blockMs.toFixed(0)} ms idle (x${blockRatio.toFixed(1)}); goal ≤ ${BLOCK_GOAL_MS} ms: ${measured.blockMs <= BLOCK_GOAL_MS ? 'ok' : 'SHORT'}`);
    console.log(`  slowest /api/health/live from when it was due: ${slowestLive.toFixed(0)} ms; goal < ${LIVE_GOAL_MS} ms: ${slowestLive < LIVE_GOAL_MS ? 'ok' : 'SHORT'}`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
