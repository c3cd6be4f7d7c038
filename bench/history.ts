// Benchmark of the history's (Riwayat) cost on a score save: p50 and p99 of POST /api/nilai/bulk
// on two servers of the same build, each on its own fresh demo database, measured in the same
// run with their requests interleaved (A, B, A, B, …) so both see the same machine noise:
//   with:    the product as it is — every changed score is recorded in `riwayat`
//   without: the same server whose database discards every history row before it is written (a
//            BEFORE INSERT trigger added here, to this bench's database only). The two reads the
//            history needs (the scores before, the competency names) still run; their cost is
//            measured apart as the third figure.
// Each request changes every score of one of the mentor's open participants (so each records a row).
import { count, eq, inArray, sql } from 'drizzle-orm';
import { kompetensi, nilai } from '../server/db/schema';
import { riwayat } from '../server/db/schema-riwayat';
import { startBenchApp } from './app';
import { Client, login, percentile } from './http';
import { type Target, openTargets, saveRound } from './score-targets';
import { openBenchDatabase } from './server';

const REQUESTS = 300;
const WARMUP = 20;


interface Side {
  client: Client;
  targets: Target[];
  times: number[];
}


async function save(side: Side, round: number): Promise<void> {
  const time = await saveRound(side.client, side.targets, round);
  if (round >= WARMUP) side.times.push(time);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchHistory(): Promise<void> {
  console.log('history (Riwayat) cost on a score save');
  const opened = [await openBenchDatabase(), await openBenchDatabase()];
  const [withDb, withoutDb] = opened;
  if (!withDb || !withoutDb) return;
  const apps = [await startBenchApp(withDb.database, withDb.dataDir), await startBenchApp(withoutDb.database, withoutDb.dataDir)];
  await withoutDb.database.db.execute(sql.raw('create function bench_discard_riwayat() returns trigger language plpgsql as $$ begin return null; end; $$'));
  await withoutDb.database.db.execute(sql.raw('create trigger bench_discard_riwayat before insert on riwayat for each row execute function bench_discard_riwayat()'));
  try {
    const sides: Side[] = [];
    for (const app of apps) {
      const client = new Client(app.port, 1, await login(app.port, 'mentor', 'mentor1234'));
      sides.push({ client, targets: await openTargets(client), times: [] });
    }
    const [withHistory, withoutHistory] = sides as [Side, Side];
    for (let round = 0; round < REQUESTS + WARMUP; round++) {
      await save(withHistory, round);
      await save(withoutHistory, round);
    }
    // The reads the history adds to a save, timed alone on the database with history.
    const target = withHistory.targets[0] as Target;
    const readTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await withDb.database.db.transaction(async (tx) => {
        await tx.select().from(nilai).where(eq(nilai.peserta_id, target.peserta_id));
        await tx.select({ id: kompetensi.id, nama: kompetensi.nama }).from(kompetensi).where(inArray(kompetensi.id, target.kompetensi));
      });
      readTimes.push(performance.now() - start);
    }
    const [written] = await withDb.database.db.select({ n: count() }).from(riwayat);
    const [kept] = await withoutDb.database.db.select({ n: count() }).from(riwayat);
    console.log(`history rows: with ${written?.n ?? 0}, without ${kept?.n ?? 0}`);
    const p = (side: Side, q: number) => percentile(side.times, q);
    const [with50, with99, without50, without99] = [p(withHistory, 50), p(withHistory, 99), p(withoutHistory, 50), p(withoutHistory, 99)];
    console.log(`POST /api/nilai/bulk with history:    p50 ${ms(with50)}, p99 ${ms(with99)} (${REQUESTS} requests)`);
    console.log(`POST /api/nilai/bulk without history: p50 ${ms(without50)}, p99 ${ms(without99)} (same run, interleaved)`);
    console.log(`history cost: p50 ×${(with50 / without50).toFixed(2)}, p99 ×${(with99 / without99).toFixed(2)}; its two reads alone: p50 ${ms(percentile(readTimes, 50))}`);
  } finally {
    for (const side of apps) await side.app.close();
    for (const db of opened) await db.dispose();
  }
}
