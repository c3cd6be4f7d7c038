// Benchmark of the metrics' cost (server/metrics.ts) on the incremental participant pull,
// `GET /api/peserta?since=<cursor>` with nothing changed (a device's every-few-seconds poll):
// p50 and p99 on two servers of the same build, each on its own database with the same 2,000
// generated participants, requests interleaved (A, B, A, B, …) so both see the same noise:
//   with:    the product as it is — every answer recorded (count and duration by route and
//            status), and /metrics scraped every 100 requests as Prometheus would;
//   without: the same server built with `metrics: false` (a setting only this bench turns off).
// Goal: p99 with metrics at most 2 % over p99 without.
import { startBenchApp } from './app';
import { generate } from './generate';
import { Client, login, percentile } from './http';
import { openBenchDatabase } from './server';

const PARTICIPANTS = 2_000;
const REQUESTS = 2_000;
const WARMUP = 100;
const SCRAPE_EVERY = 100;
const GOAL_RATIO = 1.02;
const TOKEN = 'bench-metrics-token-0123456789';

const ms = (value: number) => `${value.toFixed(2)} ms`;

export async function benchMetrics(): Promise<void> {
  console.log('metrics (GET /metrics) cost on GET /api/peserta?since= with nothing changed');
  const opened = [await openBenchDatabase(), await openBenchDatabase()];
  const [withDb, withoutDb] = opened;
  if (!withDb || !withoutDb) return;
  console.log(`database: ${withDb.label}`);
  const apps = [
    await startBenchApp(withDb.database, withDb.dataDir, null, { metricsToken: TOKEN }),
    await startBenchApp(withoutDb.database, withoutDb.dataDir, null, { metrics: false }),
  ];
  try {
    const clients: Client[] = [];
    const cursors: string[] = [];
    for (const [i, side] of apps.entries()) {
      const client = new Client(side.port, 1, await login(side.port, 'hr', 'hr1234'));
      await generate((i === 0 ? withDb : withoutDb).database.db, client, PARTICIPANTS);
      const first = await client.json<{ cursor: string }>('GET', '/api/peserta');
      clients.push(client);
      cursors.push(first.cursor);
    }
    const times: [number[], number[]] = [[], []];
    const scraper = new Client(apps[0]!.port, 1, TOKEN);
    for (let round = 0; round < REQUESTS + WARMUP; round++) {
      for (const side of [0, 1] as const) {
        const answer = await clients[side]!.request('GET', `/api/peserta?since=${encodeURIComponent(cursors[side]!)}`);
        if (answer.status !== 200) throw new Error(`GET /api/peserta?since= answered ${answer.status}`);
        if (round >= WARMUP) times[side].push(answer.ms);
      }
      if (round % SCRAPE_EVERY === 0) {
        const scrape = await scraper.request('GET', '/metrics');
        if (scrape.status !== 200) throw new Error(`GET /metrics answered ${scrape.status}`);
      }
    }
    const [with50, with99, without50, without99] = [percentile(times[0], 50), percentile(times[0], 99), percentile(times[1], 50), percentile(times[1], 99)];
    const ratio = with99 / without99;
    console.log(`with metrics:    p50 ${ms(with50)}, p99 ${ms(with99)} (${times[0].length} requests, /metrics scraped every ${SCRAPE_EVERY})`);
    console.log(`without metrics: p50 ${ms(without50)}, p99 ${ms(without99)} (same run, interleaved)`);
    console.log(`metrics cost: p50 ×${(with50 / without50).toFixed(3)}, p99 ×${ratio.toFixed(3)} — goal ≤ ×${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'ok' : 'over'}`);
  } finally {
    for (const side of apps) await side.app.close();
    for (const db of opened) await db.dispose();
  }
}
