// `npm run bench -- archive-search`: what the working set's predicate and the archive's name
// search cost on ~100,000 participants, on PGlite and (with BENCH_DATABASE_URL, a server the
// bench may create a database on) PostgreSQL — each with and without the index in question:
// migration 0014's: peserta.tanggal_selesai and the reviews not yet approved for the working set,
// a pg_trgm GIN index on peserta.nama for ILIKE '%q%'. Prints the median of 7 runs per query (after one warm-up).
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { type Database, PGLITE_EXTENSIONS, connectPostgres, wrapPglite } from '../server/db/client';
import { migrate } from '../server/db/migrate';

const PESERTA = Number(process.env.BENCH_ARSIP_PESERTA ?? 100_000);
const RUNS = 7;

/** ~100,000 participants over ten years: 500 schools, 10 divisions; ended ones approved except 3 %. */
const FILL = [
  `insert into users (employee_id, username, password_hash, role) values ('B-M', 'bench-mentor', 'x', 'Mentor') on conflict do nothing`,
  `insert into instansi (nama, jenis) select 'Sekolah ' || i || ' ' || md5(i::text), 'Sekolah' from generate_series(1, 500) i`,
  `insert into divisi (nama) select 'Divisi Bench ' || i from generate_series(1, 10) i`,
  `insert into peserta (nama, jenjang, instansi_id, divisi_id, mentor_id, tanggal_masuk, tanggal_selesai)
     select 'Peserta ' || substr(md5(i::text), 1, 10) || ' ' || (array['Putri','Budi','Sari','Agus','Dewi','Rizky','Kirana','Bayu'])[1 + i % 8],
       'SMK', (select min(id) from instansi) + i % 500, (select min(id) from divisi where nama like 'Divisi Bench%') + i % 10,
       (select id from users where username = 'bench-mentor'),
       d - 90, d
     from (select i, (date '2026-11-27' - ((i * 3650) / ${PESERTA}))::date as d from generate_series(1, ${PESERTA}) i) s`,
  `insert into reviews (peserta_id, role_reviewer, status)
     select p.id, r.role, case when p.tanggal_selesai < date '2026-11-27' - 200 and p.id % 33 <> 0 then 'Disetujui' else 'Menunggu' end
     from peserta p cross join (values ('Pembimbing'), ('HR'), ('BusHead')) r(role)`,
  'analyze',
];

const WORKING_SET = `select count(*) from peserta where (tanggal_selesai >= '2026-05-31' or id in (
  select r.peserta_id from reviews r where r.status in ('Menunggu', 'Ditolak') and r.status <> 'Disetujui'
  and not exists (select 1 from reviews s where s.peserta_id = r.peserta_id and s.status = 'Tidak_dilanjutkan' and s.status <> 'Disetujui')))`;
const NAME_COUNT = `select count(*) from peserta where nama ilike '%kirana%'`;
const NAME_PAGE = `select id from peserta where nama ilike '%a1b%' order by tanggal_masuk desc, lower(nama), nama, id limit 5`;

async function median(db: Database, query: string): Promise<number> {
  await db.db.execute(query);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    await db.db.execute(query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(RUNS / 2)] ?? 0) * 10) / 10;
}

async function measure(engine: string, db: Database): Promise<void> {
  for (const statement of FILL) await db.db.execute(statement);
  const line = async (what: string, query: string) => console.log(`${engine.padEnd(10)} ${what.padEnd(52)} ${(await median(db, query)).toString().padStart(8)} ms`);
  await line('working set count, 0014 indexes', WORKING_SET);
  await db.db.execute('drop index peserta_tanggal_selesai_idx');
  await db.db.execute('drop index reviews_belum_disetujui_idx');
  await line('working set count, without them', WORKING_SET);
  await db.db.execute('create index peserta_tanggal_selesai_idx on peserta (tanggal_selesai)');
  await db.db.execute(`create index reviews_belum_disetujui_idx on reviews (peserta_id) where status <> 'Disetujui'`);
  await db.db.execute('drop index peserta_nama_trgm_idx');
  await line("name ILIKE '%kirana%' count, no trigram index", NAME_COUNT);
  await line("name ILIKE '%a1b%' first page, no trigram index", NAME_PAGE);
  await db.db.execute('create index peserta_nama_trgm_idx on peserta using gin (nama gin_trgm_ops)');
  await db.db.execute('analyze peserta');
  await line("name ILIKE '%kirana%' count, trigram GIN index", NAME_COUNT);
  await line("name ILIKE '%a1b%' first page, trigram GIN index", NAME_PAGE);
}

export async function benchArchiveSearch(): Promise<void> {
  console.log(`archive search: ${PESERTA} participants, median of ${RUNS}`);
  const lite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await lite.waitReady;
  const pglite = wrapPglite(lite);
  await migrate(pglite);
  await measure('PGlite', pglite);
  await pglite.close();

  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: set BENCH_DATABASE_URL (a server where the bench may create a database) to measure it');
    return;
  }
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe('drop database if exists magang_bench_arsip');
  await admin.unsafe('create database magang_bench_arsip');
  const server = connectPostgres(new URL('/magang_bench_arsip', url).toString());
  try {
    await migrate(server);
    await measure('PostgreSQL', server);
  } finally {
    await server.close();
    await admin.unsafe('drop database if exists magang_bench_arsip');
    await admin.end();
  }
}
