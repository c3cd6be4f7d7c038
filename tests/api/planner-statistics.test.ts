// The planner's statistics (server/db/planner-statistics.ts): PGlite runs no autovacuum, so the
// server analyses its tables at start and every few hours. pg_class.reltuples is what ANALYZE writes: -1 for a
// table never analysed (PostgreSQL 14 and later), else its estimated row count.
import { count, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, type Db, rowsOf } from '../../server/db/client';
import { startStatisticsTimer } from '../../server/db/planner-statistics';
import { peserta } from '../../server/db/schema';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function reltuples(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ reltuples: number }>(await db.execute(sql`select reltuples from pg_class where relname = ${table}`));
  return Number(row?.reltuples);
}

const pesertaCount = async (db: Db) => Number((await db.select({ value: count() }).from(peserta))[0]?.value ?? 0);

describe('planner statistics', () => {
  it('should analyse every table of an embedded database when the timer starts (before it resolves), and leave PostgreSQL to autovacuum', async () => {
    t = await buildTestApp();
    await t.db.execute(sql`insert into divisi (nama) select 'Divisi statistik ' || i from generate_series(1, 40) i`);
    const divisiRows = Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from divisi`))[0]?.n);
    const before = await reltuples(t.db, 'divisi');
    expect(before).not.toBe(divisiRows);
    const logged: unknown[] = [];
    const timer = await startStatisticsTimer(t.database, (...line) => logged.push(line), 60_000);
    await timer.stop();
    expect(logged).toEqual([]);
    if (testDbKind() === 'pglite') {
      expect(await reltuples(t.db, 'divisi')).toBe(divisiRows);
      expect(await reltuples(t.db, 'peserta')).toBe(await pesertaCount(t.db));
    } else {
      expect(await reltuples(t.db, 'divisi')).toBe(before);
    }
  });

  it('should never run ANALYZE on a PostgreSQL server, also not at its interval', async () => {
    const asked: unknown[] = [];
    const postgresDatabase = { kind: 'postgres', db: { execute: async (query: unknown) => asked.push(query) } } as unknown as Database;
    const timer = await startStatisticsTimer(postgresDatabase, () => {}, 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await timer.stop();
    expect(asked).toEqual([]);
  });
});
