// What the full list costs, part by part, on 10,000 participants (information lines of
// `npm run bench -- server`): a read of the whole list and its pieces, the incremental
// refresh a kept list makes after one change, and what a small request costs on its own.
import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../server/db/change-feed';
import { type Database, rowsOf } from '../server/db/client';
import { ListBody } from '../server/services/kept-list-body';
import { createPesertaListCache } from '../server/services/peserta-list-cache';
import { selectPeserta, syncCursor } from '../server/services/peserta-read';
import { type Client, percentile } from './http';

const REBUILD_RUNS = 3;
const REFRESH_RUNS = 5;
const BR = { 'accept-encoding': 'br' };

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
const median = (values: number[]) => percentile(values, 50);
/** The whole answer as one block: what compressing all of it costs. */
const wholeBody = (json: Buffer) => new ListBody(Buffer.alloc(0), [{ key: 'whole', ids: [], json }], Buffer.alloc(0));
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

/**
 * The longest stretch the event loop was blocked while `run` ran: a 1 ms interval notes the
 * gap between its ticks (kept running a few ms after, so a block at the very end counts).
 */
async function longestBlock<T>(run: () => Promise<T>): Promise<{ value: T; blockMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    const value = await run();
    await sleep(5);
    return { value, blockMs: longest };
  } finally {
    clearInterval(timer);
  }
}


/** Server-side execution time of `query` (EXPLAIN ANALYZE), ms. */
async function executionMs(database: Database, query: string): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(`explain (analyze, format json) ${query}`)));
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { 'Execution Time': number }[];
  return parsed[0]?.['Execution Time'] ?? Number.NaN;
}

/** The queries of selectPeserta (server/services/peserta-read.ts) for the whole list, by hand. */
const LIST_QUERIES = {
  rows: `select p.id, p.nama, p.jenjang, p.instansi_id, i.nama, p.divisi_id, d.nama, p.mentor_id, m.username, p.pembimbing_id, pb.username,
    p.nama_pembimbing, p.kontak_pembimbing, p.tanggal_masuk, p.tanggal_selesai, p.updated_at
    from peserta p join instansi i on i.id = p.instansi_id join divisi d on d.id = p.divisi_id
    left join users m on m.id = p.mentor_id left join users pb on pb.id = p.pembimbing_id
    order by p.tanggal_masuk desc, p.id desc`,
  siswa: 'select peserta_id, nis, jurusan from peserta_siswa where peserta_id in (select id from peserta)',
  mahasiswa: 'select peserta_id, nim, jurusan, fakultas from peserta_mahasiswa where peserta_id in (select id from peserta)',
  reviews: 'select peserta_id, role_reviewer, status, catatan from reviews where peserta_id in (select id from peserta)',
  nilai: 'select peserta_id, kompetensi_id, skor from nilai where peserta_id in (select id from peserta) order by peserta_id, kompetensi_id',
};

/** Prints the cost lines; `client` is logged in as HR on the app that `changes` belongs to. */
export async function listCosts(database: Database, client: Client, changes: ChangeFeed): Promise<void> {
  // What one rebuild of the list costs, part by part (each measured on its own, this process).
  const parts = { cursor: [] as number[], select: [] as number[], selectBlock: [] as number[], stringify: [] as number[], br: [] as number[], gzip: [] as number[] };
  let jsonBytes = 0;
  for (let run = 0; run < REBUILD_RUNS; run++) {
    let t = performance.now();
    const { data, cursor } = await database.db.transaction(
      async (tx) => {
        const c = await syncCursor(tx);
        parts.cursor.push(performance.now() - t);
        t = performance.now();
        const { value: rows, blockMs } = await longestBlock(() => selectPeserta(tx, undefined));
        parts.select.push(performance.now() - t - 5);
        parts.selectBlock.push(blockMs);
        return { data: rows, cursor: c };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    t = performance.now();
    const json = Buffer.from(JSON.stringify({ data, cursor }));
    parts.stringify.push(performance.now() - t);
    jsonBytes = json.length;
    t = performance.now();
    await wholeBody(json).encoded('br');
    parts.br.push(performance.now() - t);
    t = performance.now();
    await wholeBody(json).encoded('gzip');
    parts.gzip.push(performance.now() - t);
  }
  const m = (values: number[]) => ms(median(values));
  console.log(
    `one rebuild of the full list (median of ${REBUILD_RUNS}, ${mb(jsonBytes)}): snapshot + cursor ${m(parts.cursor)}, selectPeserta ${m(parts.select)} (longest event-loop block inside it ${m(parts.selectBlock)}), JSON.stringify ${m(parts.stringify)}, brotli (q5, q3 over 32 MB) ${m(parts.br)}, gzip 6 of all of it ${m(parts.gzip)} (a new version's first request pays the read and, under 32 MB, brotli; gzip only for its changed blocks; info)`,
  );
  const server: Record<string, number> = {};
  for (const [name, query] of Object.entries(LIST_QUERIES)) server[name] = await executionMs(database, query);
  const fetched = await longestBlock(async () => {
    const start = performance.now();
    for (const query of Object.values(LIST_QUERIES)) await database.db.execute(sql.raw(query));
    return performance.now() - start;
  });
  console.log(
    `selectPeserta's queries: database execution only (EXPLAIN ANALYZE) ${Object.entries(server)
      .map(([name, value]) => `${name} ${ms(value)}`)
      .join(', ')}; executed and fetched by the driver without drizzle's mapping ${ms(fetched.value)} (longest event-loop block ${ms(fetched.blockMs)}) (info)`,
  );

  // What a small request costs on its own (PGlite runs each query on this thread).
  const repeat = async (times: number, run: () => Promise<unknown>) => {
    const values: number[] = [];
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      await run();
      values.push(performance.now() - start);
    }
    return median(values);
  };
  const select1 = await repeat(30, () => database.db.execute(sql`select 1`));
  const idleProfile = await repeat(30, () => client.request('GET', '/api/auth/profile', { headers: BR }));
  console.log(
    `per-request costs, idle (median of 30): select 1 ${ms(select1)}, GET /api/auth/profile over HTTP (the user kept while unchanged) ${ms(idleProfile)} (info)`,
  );

  // A kept list after one participant changed: the incremental pull, merge, sort and bytes.
  const cache = createPesertaListCache(database.db, changes);
  const coldStart = performance.now();
  const { value: first, blockMs: coldBlock } = await longestBlock(() => cache.answer(undefined, undefined));
  console.log(
    `a cold read of the full list by the cache (after a start or a rename): ${ms(performance.now() - coldStart - 5)}, longest event-loop block ${ms(coldBlock)} (read in slices of 1,000 rows in one snapshot; info)`,
  );
  const ids = first.notModified ? [] : (JSON.parse(first.list.json.toString()) as { data: { id: number }[] }).data.map((row) => row.id);
  const refresh: number[] = [];
  const refreshBlock: number[] = [];
  for (let run = 0; run < REFRESH_RUNS; run++) {
    const id = ids[(run * 1999) % ids.length] as number;
    const put = await client.request('PUT', `/api/peserta/${id}`, { body: { nama: `Peserta Segar ${run}` }, headers: { 'accept-encoding': 'identity' } });
    if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
    const start = performance.now();
    const { blockMs } = await longestBlock(() => cache.answer(undefined, undefined));
    refresh.push(performance.now() - start - 5);
    refreshBlock.push(blockMs);
  }
  console.log(
    `a kept full list after one change (median of ${REFRESH_RUNS}): refreshed in ${ms(median(refresh))}, longest event-loop block ${ms(median(refreshBlock))} (incremental pull + merge + the changed blocks of rows made again + an ETag from the blocks' keys; compression off the loop; info)`,
  );
}
