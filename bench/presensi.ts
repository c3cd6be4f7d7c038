// Benchmark of attendance (Presensi) on a demo-seeded database plus BENCH_PARTICIPANTS
// participants (bench/size.ts, default 10,000). The first 10,000 (all of them below that) run
// 2026-01-05 (a Monday) to 2026-05-23: 20 weeks, 120 working days (Monday to Saturday), every
// working day marked (1.2 million marks); every one beyond 10,000 is an older internship (three
// months, starting on a Monday spread over 2016–2025) with marks on its first 20 working days —
// so 100,000 participants hold 3.0 million marks. Participants and marks are written with
// `insert … select generate_series` (seconds, where the API would take minutes).
// Timed over HTTP on the real app, in this process:
//   - GET /api/presensi/rekap for the whole period (goal < 1 s; its heap growth too, measured as
//     below), against a baseline measured in the
//     same run: a plain `select count(*)` of the same marks, the least any recap must read;
//   - GET /api/presensi/rekap.xlsx (goal < 5 s), with the process's heap growth while it is made
//     (peak heapUsed sampled every 10 ms, over the heap before the request), and against the JSON
//     recap of the same run (the cost of writing the workbook);
//   - the mentor's pull GET /api/presensi (its 30 participants' marks) in full and `?since=` with
//     nothing changed, and one participant's marks GET /api/presensi/peserta/{id}: p50/p99;
//   - PUT /api/presensi of 30 marks (a mentor's group for one day): p50/p99 over 200 requests, each
//     setting another status than the stored one on nearly every mark it sends.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/db/client';
import { startBenchApp } from './app';
import { Client, login, percentile } from './http';
import { rowsOf } from '../server/db/client';
import { openBenchDatabase } from './server';
import { PARTICIPANTS, participantsLabel } from './size';

/** Participants of the marked period; the rest (beyond it) are older internships. */
const PERIOD_PARTICIPANTS = Math.min(PARTICIPANTS, 10_000);
const OLDER_PARTICIPANTS = PARTICIPANTS - PERIOD_PARTICIPANTS;
/** Working days marked of each older internship, and its length in days. */
const OLDER_MARKED_DAYS = 20;
const OLDER_LENGTH_DAYS = 91;
const PULLS = 50;
const PULL_GOAL_MS = 500;
const SINCE_GOAL_MS = 100;
const ONE_GOAL_MS = 100;
const FROM = '2026-01-05';
const TO = '2026-05-23';
const GROUP = 30;
const PUTS = 200;
const WARMUP = 10;
const RUNS = 5;
const REKAP_GOAL_MS = 1000;
const XLSX_GOAL_MS = 5000;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (values: readonly number[]) => percentile(values, 50);

/** The bench's participants (`Presensi Bench nnnnn`, 10 % Mahasiswa) and all their marks. */
async function generate(db: Db): Promise<{ marks: number; seconds: number }> {
  const start = performance.now();
  await db.execute(sql`
    insert into peserta (nama, jenjang, instansi_id, divisi_id, mentor_id, pembimbing_id, tanggal_masuk, tanggal_selesai)
    select 'Presensi Bench ' || lpad(g::text, 5, '0'),
           case when g % 10 = 0 then 'Mahasiswa' else 'SMK' end,
           case when g % 10 = 0 then k.id else s.id end,
           d.ids[1 + g % array_length(d.ids, 1)],
           case when g <= ${GROUP} then m.id end,
           p.id, ${FROM}::date, ${TO}::date
    from generate_series(1, ${PERIOD_PARTICIPANTS}) g,
         (select min(id) id from instansi where jenis = 'Sekolah') s,
         (select min(id) id from instansi where jenis = 'Kampus') k,
         (select array_agg(id order by id) ids from divisi) d,
         (select id from users where username = 'mentor') m,
         (select id from users where username = 'pembimbing') p`);
  await markEveryDay(db, sql`b.nama like 'Presensi Bench %'`, FROM, TO);
  if (OLDER_PARTICIPANTS > 0) await generateOlder(db);
  await db.execute(sql`analyze presensi`);
  await db.execute(sql`analyze peserta`);
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from presensi`));
  return { marks: row?.n ?? 0, seconds: (performance.now() - start) / 1000 };
}

/**
 * The older internships (`Presensi Arsip nnnnnn`, no mentor): each starts on a Monday of
 * 2016-01-04 + (g mod 500) weeks and lasts three months; its first 20 working days are marked.
 */
async function generateOlder(db: Db): Promise<void> {
  await db.execute(sql`
    insert into peserta (nama, jenjang, instansi_id, divisi_id, pembimbing_id, tanggal_masuk, tanggal_selesai)
    select 'Presensi Arsip ' || lpad(g::text, 6, '0'),
           case when g % 10 = 0 then 'Mahasiswa' else 'SMK' end,
           case when g % 10 = 0 then k.id else s.id end,
           d.ids[1 + g % array_length(d.ids, 1)],
           p.id, date '2016-01-04' + (g % 500) * 7, date '2016-01-04' + (g % 500) * 7 + ${OLDER_LENGTH_DAYS}::int
    from generate_series(1, ${OLDER_PARTICIPANTS}::int) g,
         (select min(id) id from instansi where jenis = 'Sekolah') s,
         (select min(id) id from instansi where jenis = 'Kampus') k,
         (select array_agg(id order by id) ids from divisi) d,
         (select id from users where username = 'pembimbing') p`);
  // From a Monday, n working days (Monday to Saturday) end on day ⌊n/6⌋·7 + n mod 6 − 1 (20: day 22).
  await db.execute(sql`
    insert into presensi (peserta_id, tanggal, status, catatan)
    select b.id, day::date, st.status, case when st.status = 'Izin' then 'Keperluan keluarga' end
    from peserta b
    cross join lateral generate_series(b.tanggal_masuk::date, b.tanggal_masuk::date + ${Math.floor(OLDER_MARKED_DAYS / 6) * 7 + (OLDER_MARKED_DAYS % 6) - 1}::int, interval '1 day') day
    cross join lateral (select case (b.id * 7 + extract(doy from day)::int) % 20
                          when 0 then 'Alpa' when 1 then 'Izin' when 2 then 'Sakit' else 'Hadir' end as status) st
    where b.nama like 'Presensi Arsip %' and extract(isodow from day) <> 7`);
}

/** Runs `request` while sampling heapUsed every 10 ms; answers its time and the peak growth. */
async function withHeap<T>(request: () => Promise<T>): Promise<{ result: T; growth: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  try {
    const result = await request();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Marks every Monday–Saturday of [from, to] of the participants `b` matching `where`: about 90 %
 * Hadir, the rest Izin (with its note), Sakit and Alpa, spread by participant and day.
 */
export async function markEveryDay(db: Db, where: SQL, from: string, to: string): Promise<void> {
  await db.execute(sql`
    insert into presensi (peserta_id, tanggal, status, catatan)
    select b.id, day::date, st.status, case when st.status = 'Izin' then 'Keperluan keluarga' end
    from peserta b
    cross join generate_series(${from}::date, ${to}::date, interval '1 day') day
    cross join lateral (select case (b.id * 7 + extract(doy from day)::int) % 20
                          when 0 then 'Alpa' when 1 then 'Izin' when 2 then 'Sakit' else 'Hadir' end as status) st
    where ${where} and extract(isodow from day) <> 7`);
}

/** p50/p99 of `runs` GETs of `path` (after 3 warm-up requests), brotli as a device asks. */
async function timeGets(client: Client, path: string, runs: number): Promise<{ p50: number; p99: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 3; i++) {
    const answer = await client.request('GET', path, { headers: { 'accept-encoding': 'br' } });
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    if (i >= 3) times.push(answer.ms);
    bytes = answer.bytes;
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes };
}

/** The mentor's pull of its group's marks, in full and `?since=` with nothing changed; one participant's marks. */
async function pulls(mentor: Client, hr: Client, one: number): Promise<void> {
  const full = await mentor.request('GET', '/api/presensi', { headers: { 'accept-encoding': 'identity' }, keep: true });
  if (full.status !== 200) throw new Error(`GET /api/presensi answered ${full.status}`);
  const { data, cursor } = JSON.parse(full.body?.toString() ?? '{}') as { data: unknown[]; cursor: string };
  const line = (name: string, figure: { p50: number; p99: number; bytes: number }, goal: number) =>
    console.log(`${name} p99: ${ms(figure.p99)} (p50 ${ms(figure.p50)}, ${PULLS} requests, ${(figure.bytes / 1024).toFixed(1)} KB br) (goal p99 < ${goal} ms) ${figure.p99 < goal ? 'ok' : 'SHORT'}`);
  line(`GET /api/presensi, the mentor's full pull (${data.length.toLocaleString('en')} marks of ${GROUP} participants)`, await timeGets(mentor, '/api/presensi', PULLS), PULL_GOAL_MS);
  line("GET /api/presensi?since=<cursor>, the mentor's pull with nothing changed", await timeGets(mentor, `/api/presensi?since=${encodeURIComponent(cursor)}`, PULLS), SINCE_GOAL_MS);
  line(`GET /api/presensi/peserta/${one}, one participant's marks (HR)`, await timeGets(hr, `/api/presensi/peserta/${one}`, PULLS), ONE_GOAL_MS);
}

export async function benchPresensi(): Promise<void> {
  const bench = await openBenchDatabase();
  const older = OLDER_PARTICIPANTS > 0 ? ` + ${OLDER_PARTICIPANTS.toLocaleString('en')} older × ${OLDER_MARKED_DAYS}` : '';
  console.log(`\npresensi (attendance; ${bench.label}, ${participantsLabel()}: ${PERIOD_PARTICIPANTS.toLocaleString('en')} × 120 working days${older})`);
  let app: FastifyInstance | null = null;
  const clients: Client[] = [];
  try {
    const started = await startBenchApp(bench.database, bench.dataDir);
    app = started.app;
    const db = bench.database.db;
    const made = await generate(db);
    console.log(`marks written with generate_series: ${made.marks.toLocaleString('en')} in ${made.seconds.toFixed(1)} s (info)`);
    const hr = new Client(started.port, 1, await login(started.port, 'hr', 'hr1234'));
    const mentor = new Client(started.port, 1, await login(started.port, 'mentor', 'mentor1234'));
    clients.push(hr, mentor);

    // Baseline: counting the same marks, no grouping, no HTTP.
    const counts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await db.execute(sql`select count(*) from presensi where tanggal between ${FROM} and ${TO}`);
      counts.push(performance.now() - start);
    }

    const query = `?from=${FROM}&to=${TO}`;
    const rekapTimes: number[] = [];
    const rekapGrowths: number[] = [];
    let rekapBytes = 0;
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const { result: answer, growth } = await withHeap(() => hr.request('GET', `/api/presensi/rekap${query}`, { keep: i === 0, headers: { 'accept-encoding': 'identity' } }));
      rekapGrowths.push(growth);
      if (answer.status !== 200) throw new Error(`GET /api/presensi/rekap answered ${answer.status}`);
      if (i === 0) rows = (JSON.parse(answer.body?.toString() ?? '{}') as { data: unknown[] }).data.length;
      rekapTimes.push(answer.ms);
      rekapBytes = answer.bytes;
    }
    const rekap = median(rekapTimes);
    const count = median(counts);
    console.log(`select count(*) of the period's marks (baseline, in process): ${ms(count)} (median of ${RUNS})`);
    console.log(
      `GET /api/presensi/rekap, whole period: ${ms(rekap)} median of ${RUNS} (first ${ms(rekapTimes[0] ?? 0)}), ${rows.toLocaleString('en')} rows, ${mb(rekapBytes)} JSON, heap growth max ${mb(Math.max(...rekapGrowths))}; ×${(rekap / count).toFixed(1)} the count — goal < ${REKAP_GOAL_MS} ms: ${rekap < REKAP_GOAL_MS ? 'met' : 'NOT met'}`,
    );

    const rekapP99 = percentile(rekapTimes, 99);
    console.log(`GET /api/presensi/rekap p99 (the slowest of ${RUNS}): ${ms(rekapP99)} (goal < ${REKAP_GOAL_MS} ms) ${rekapP99 < REKAP_GOAL_MS ? 'ok' : 'SHORT'}`);

    const xlsxTimes: number[] = [];
    const growths: number[] = [];
    let xlsxBytes = 0;
    for (let i = 0; i < 3; i++) {
      const { result, growth } = await withHeap(() => hr.request('GET', `/api/presensi/rekap.xlsx${query}`, { headers: { 'accept-encoding': 'identity' } }));
      if (result.status !== 200) throw new Error(`GET /api/presensi/rekap.xlsx answered ${result.status}`);
      xlsxTimes.push(result.ms);
      growths.push(growth);
      xlsxBytes = result.bytes;
    }
    const xlsx = median(xlsxTimes);
    console.log(
      `GET /api/presensi/rekap.xlsx, whole period: ${ms(xlsx)} median of 3, ${mb(xlsxBytes)}; ×${(xlsx / rekap).toFixed(1)} the JSON recap; heap growth while made: max ${mb(Math.max(...growths))} (×${(Math.max(...growths) / Math.max(...rekapGrowths)).toFixed(1)} the JSON recap's) — goal < ${XLSX_GOAL_MS} ms: ${xlsx < XLSX_GOAL_MS ? 'met' : 'NOT met'}`,
    );

    // A mentor's day: the group's 30 marks of one date, each request a new date or a new status.
    const [group] = rowsOf<{ ids: number[] }>(
      await db.execute(sql`select array_agg(p.id order by p.id) as ids from peserta p join users u on u.id = p.mentor_id where u.username = 'mentor' and p.nama like 'Presensi Bench %'`),
    );
    const ids = group?.ids ?? [];
    if (ids.length !== GROUP) throw new Error(`the mentor's bench group has ${ids.length} participants`);
    await pulls(mentor, hr, ids[0] as number);
    const days: string[] = [];
    for (let d = new Date(`${FROM}T00:00:00Z`); d.toISOString().slice(0, 10) <= TO; d.setUTCDate(d.getUTCDate() + 1)) if (d.getUTCDay() !== 0) days.push(d.toISOString().slice(0, 10));
    const putTimes: number[] = [];
    for (let i = 0; i < PUTS + WARMUP; i++) {
      const tanggal = days[i % days.length] as string;
      const status = Math.floor(i / days.length) % 2 === 0 ? 'Sakit' : 'Hadir';
      const answer = await mentor.request('PUT', '/api/presensi', { body: { presensi: ids.map((peserta_id) => ({ peserta_id, tanggal, status })) } });
      if (answer.status !== 200) throw new Error(`PUT /api/presensi answered ${answer.status}`);
      if (i >= WARMUP) putTimes.push(answer.ms);
    }
    console.log(`PUT /api/presensi, ${GROUP} marks (a mentor's day): p50 ${ms(percentile(putTimes, 50))}, p99 ${ms(percentile(putTimes, 99))} (${PUTS} requests, nearly every mark changed)`);
  } finally {
    for (const client of clients) client.close();
    await app?.close();
    await bench.dispose();
  }
}
