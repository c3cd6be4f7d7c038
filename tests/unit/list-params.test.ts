// Lists as one array parameter (server/db/list-params.ts) and the two checks that keep them so:
// the lint of the server's sources (scripts/check-list-params.mjs) and the guard every statement
// of the database layer passes (listParamsGuard, on a real embedded engine here).
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listParamProblems, serverListParamProblems } from '../../scripts/check-list-params.mjs';
import { type Database, wrapPglite } from '../../server/db/client';
import { ExpandedListError, STATEMENT_PARAMS_MAX, dateArray, idIn, intArray, listParamsGuard, textIn } from '../../server/db/list-params';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run lint: lists written out as parameters', () => {
  it('should refuse inArray with a JS array, sql.join of mapped values and in (${a}, ${b}', () => {
    const source = [
      'const rows = await tx.select().from(peserta).where(inArray(peserta.id, ids));',
      'await tx.delete(t).where(notInArray(t.key, [...keys]));',
      'const list = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::integer[]`;',
      'const open = sql`${reviews.status} in (${MENUNGGU}, ${DITOLAK})`;',
    ].join('\n');
    expect(listParamProblems(source).map((problem) => problem.line)).toEqual([1, 2, 3, 4]);
  });

  it('should let a sub-select, a list of columns and a comment pass', () => {
    const source = [
      'const own = inArray(presensi.peserta_id, tx.select({ id: peserta.id }).from(peserta));',
      'const expired = tx',
      '  .select({ key: k.key }).from(k);',
      'await tx.delete(k).where(inArray(k.key, expired));',
      'const keyColumns = sql.join([...key], sql`, `);',
      '// `inArray(col, array)` expands the array',
    ].join('\n');
    expect(listParamProblems(source)).toEqual([]);
  });

  it("should find nothing in the server's sources", () => {
    expect(serverListParamProblems(ROOT)).toEqual([]);
  });
});

describe('listParamsGuard', () => {
  const params = (n: number) => Array.from({ length: n }, (_, i) => i);
  it('should refuse a non-INSERT statement over the limit and a row-value list, and let a wide INSERT pass', () => {
    expect(() => listParamsGuard('select 1 where a in ($1, $2)', params(2))).not.toThrow();
    expect(() => listParamsGuard('select * from t where a = any($1::int[])', params(1))).not.toThrow();
    expect(() => listParamsGuard('select * from t where x', params(STATEMENT_PARAMS_MAX + 1))).toThrow(ExpandedListError);
    expect(() => listParamsGuard('update t set a = 1 where x', params(STATEMENT_PARAMS_MAX + 1))).toThrow(ExpandedListError);
    expect(() => listParamsGuard('select * from t where (a, b) in (($1, $2), ($3, $4))', params(4))).toThrow(ExpandedListError);
    expect(() => listParamsGuard('insert into t values ($1, $2)', params(2500))).not.toThrow();
  });
});

describe('lists on the embedded engine', () => {
  const marks = pgTable('marks', { peserta_id: integer('peserta_id').notNull(), tanggal: text('tanggal').notNull(), status: text('status').notNull() });
  let database: Database;
  const PAIRS = 500;
  const pairs = Array.from({ length: PAIRS }, (_, i) => ({ peserta_id: i + 1, tanggal: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, status: 'Hadir' }));

  beforeAll(async () => {
    database = wrapPglite(new PGlite());
    await database.db.execute(sql`create table marks (peserta_id integer not null, tanggal text not null, status text not null)`);
  }, 180_000);
  afterAll(() => database?.close());

  it('should insert 500 rows of three columns in one statement and read them back by two arrays', async () => {
    await database.db.insert(marks).values(pairs);
    const ids = intArray(pairs.map((pair) => pair.peserta_id));
    const dates = dateArray(pairs.map((pair) => pair.tanggal));
    const back = await database.db.execute(sql`select count(*)::int as n from marks where (peserta_id, tanggal::date) in (select * from unnest(${ids}, ${dates}))`);
    expect((back as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(PAIRS);
    const byId = await database.db.select().from(marks).where(idIn(marks.peserta_id, pairs.map((pair) => pair.peserta_id)));
    expect(byId).toHaveLength(PAIRS);
    const quoted = await database.db.select().from(marks).where(textIn(marks.status, ['Hadir', 'a"b\\c', 'x,y']));
    expect(quoted).toHaveLength(PAIRS);
  });

  it('should refuse a list written out element by element before it reaches the engine', async () => {
    const written = sql.join(pairs.map((pair) => sql`(${pair.peserta_id}::integer, ${pair.tanggal})`), sql`, `);
    await expect(database.db.execute(sql`select count(*) from marks where (peserta_id, tanggal) in (${written})`)).rejects.toBeInstanceOf(ExpandedListError);
    const ors = sql.join(pairs.slice(0, STATEMENT_PARAMS_MAX + 1).map((pair) => sql`peserta_id = ${pair.peserta_id}`), sql` or `);
    await expect(database.db.execute(sql`select count(*) from marks where ${ors}`)).rejects.toBeInstanceOf(ExpandedListError);
  });
});
