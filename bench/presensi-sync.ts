// Benchmark of attendance on the device's side of the wire: a mentor with exactly 30
// participants (a new Mentor account, so the demo mentor's own participants do not count) and 60
// working days of marks (2026-01-05 to 2026-03-14, Monday to Saturday, written with
// generate_series), on the real app (server/app.ts) over 127.0.0.1 in this process.
//   a. A day's 30 marks saved offline are ONE outbox entry, replayed by src/sync as it runs in
//      the page: requests counted at the client's fetch, against a baseline measured in the same
//      run — the same 30 marks queued as 30 single-mark saves.
//   b. After one new day of 30 marks, the mentor's incremental pull GET /api/presensi?since=<cursor>
//      against the full GET /api/presensi of the same moment: bytes (raw), as a ratio.
// Run: npm run bench -- presensi-sync
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import { enqueue, pendingEntries } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { startBenchApp } from './app';
import { Client, login } from './http';
import { rowsOf } from '../server/db/client';
import { markEveryDay } from './presensi';
import { openBenchDatabase } from './server';

const GROUP = 30;
const FROM = '2026-01-05';
/** The last marked day: 60 working days (10 weeks of Monday to Saturday) from FROM. */
const LAST_MARKED = '2026-03-14';
const PERIOD_END = '2026-03-31';
/** The new day the pull bench marks (over HTTP), and the days the replay bench queues. */
const NEW_DAY = '2026-03-16';
const BATCH_DAY = '2026-03-17';
const SINGLE_DAY = '2026-03-18';
const MENTOR = { employee_id: 'BENCH-M30', username: 'mentor30', password: 'mentor30bench', role: 'Mentor' } as const;
/**
 * Goal of (b): the day's pull carries the day's marks and little else — its bytes at most 1.1×
 * the new marks' share of all marks (30 of 1,830, 1.64 %). The participant list's P2 goal
 * (< 1 % after 10 changes among 10,000) cannot apply: one day of 61 is already 1.6 % of the marks.
 */
const PULL_OVERHEAD_GOAL = 1.1;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;
const IDENTITY = { 'accept-encoding': 'identity' };

function report(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name}: ${value} (goal ${goal}) ${ok ? 'ok' : 'SHORT'}`);
}

/** The new mentor's 30 participants and their marks of every working day FROM..LAST_MARKED; their ids. */
async function generate(database: Awaited<ReturnType<typeof openBenchDatabase>>['database'], mentorId: number): Promise<{ ids: number[]; marks: number }> {
  const db = database.db;
  await db.execute(sql`
    insert into peserta (nama, jenjang, instansi_id, divisi_id, mentor_id, pembimbing_id, tanggal_masuk, tanggal_selesai)
    select 'Presensi Sync ' || lpad(g::text, 2, '0'), 'SMK', s.id, d.ids[1 + g % array_length(d.ids, 1)], ${mentorId}, p.id, ${FROM}::date, ${PERIOD_END}::date
    from generate_series(1, ${GROUP}) g,
         (select min(id) id from instansi where jenis = 'Sekolah') s,
         (select array_agg(id order by id) ids from divisi) d,
         (select id from users where username = 'pembimbing') p`);
  await markEveryDay(db, sql`b.mentor_id = ${mentorId}`, FROM, LAST_MARKED);
  const [group] = rowsOf<{ ids: number[] }>(await db.execute(sql`select array_agg(id order by id) as ids from peserta where mentor_id = ${mentorId}`));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from presensi m join peserta b on b.id = m.peserta_id where b.mentor_id = ${mentorId}`));
  return { ids: group?.ids ?? [], marks: count?.n ?? 0 };
}

/** A day's marks of the group: mostly Hadir, one Sakit, one Izin with its note. */
function dayMarks(ids: readonly number[], tanggal: string) {
  return ids.map((peserta_id, i) => {
    const status = i === 0 ? 'Izin' : i === 1 ? 'Sakit' : 'Hadir';
    return { peserta_id, tanggal, status, catatan: status === 'Izin' ? 'Keperluan keluarga' : null };
  });
}

export async function benchPresensiSync(): Promise<void> {
  const bench = await openBenchDatabase();
  console.log(`\npresensi sync (a mentor's ${GROUP} participants × 60 working days of marks; ${bench.label})`);
  let app: FastifyInstance | null = null;
  const clients: Client[] = [];
  const device = new MagangDb(`bench-presensi-${randomBytes(4).toString('hex')}`);
  try {
    const started = await startBenchApp(bench.database, bench.dataDir);
    app = started.app;
    const hr = new Client(started.port, 1, await login(started.port, 'hr', 'hr1234'));
    clients.push(hr);
    const created = await hr.json<{ data: { id: number } }>('POST', '/api/users', MENTOR);
    const { ids, marks } = await generate(bench.database, created.data.id);
    if (ids.length !== GROUP) throw new Error(`the bench mentor has ${ids.length} participants`);
    console.log(`marks of the group written with generate_series: ${marks.toLocaleString('en')} (info)`);
    const session = await hr.json<{ token: string; user: { id: number; employee_id: string; username: string; role: string; signature_url: string | null } }>('POST', '/api/auth/login', {
      username: MENTOR.username,
      password: MENTOR.password,
    });
    const { token, user } = session;
    const mentor = new Client(started.port, 1, token);
    clients.push(mentor);

    // b. The full pull, one new day over the API, then the pull from the full pull's cursor.
    const full = await mentor.request('GET', '/api/presensi', { headers: IDENTITY, keep: true });
    if (full.status !== 200) throw new Error(`GET /api/presensi answered ${full.status}`);
    const fullAnswer = JSON.parse(full.body?.toString() ?? '{}') as { data: unknown[]; cursor: string };
    const put = await mentor.request('PUT', '/api/presensi', { body: { presensi: dayMarks(ids, NEW_DAY) }, headers: IDENTITY });
    if (put.status !== 200) throw new Error(`PUT /api/presensi answered ${put.status}`);
    const since = await mentor.request('GET', `/api/presensi?since=${encodeURIComponent(fullAnswer.cursor)}`, { headers: IDENTITY, keep: true });
    if (since.status !== 200) throw new Error(`GET /api/presensi?since= answered ${since.status}`);
    const sinceRows = (JSON.parse(since.body?.toString() ?? '{}') as { data: unknown[] }).data.length;
    const fullAfter = await mentor.request('GET', '/api/presensi', { headers: IDENTITY });
    console.log(
      `baseline: full GET /api/presensi ${kb(fullAfter.bytes)} raw (${fullAnswer.data.length + GROUP} marks, after the new day); the day's pull: ${sinceRows} marks, ${kb(since.bytes)} raw (info)`,
    );
    const pullRatio = since.bytes / fullAfter.bytes;
    const share = GROUP / (fullAnswer.data.length + GROUP);
    report(
      `presensi pull after one new day of ${GROUP} marks / full pull, bytes (raw)`,
      `${pct(pullRatio)} (×${pullRatio.toFixed(4)}; ×${(pullRatio / share).toFixed(2)} the new marks' share ${pct(share)})`,
      `≤ ${PULL_OVERHEAD_GOAL}× the share`,
      pullRatio <= PULL_OVERHEAD_GOAL * share && sinceRows === GROUP,
    );

    // a. The device: the mentor's session, and an API client counting every request it makes.
    await saveSession(device, { token, userRole: 'Mentor', username: MENTOR.username });
    await saveProfile(device, user);
    const counted = { all: 0, puts: 0 };
    const api = createApiClient({
      baseUrl: started.url,
      getToken: () => token,
      fetch: async (input, init) => {
        counted.all += 1;
        if (init?.method === 'PUT' && String(input).endsWith('/api/presensi')) counted.puts += 1;
        return fetch(input, init);
      },
    });
    const replayAll = async (): Promise<{ all: number; puts: number; ms: number }> => {
      Object.assign(counted, { all: 0, puts: 0 });
      const start = performance.now();
      for (let run = 0; run < 100; run++) {
        const result = await replayOutbox({ db: device, api });
        if (result.remaining === 0) break;
      }
      const left = await pendingEntries(device, user.id);
      const refused = await device.outbox.where('state').equals('conflict').count();
      if (left.length > 0 || refused > 0) throw new Error(`replay left ${left.length} entries, ${refused} refused`);
      return { ...counted, ms: performance.now() - start };
    };
    const change = (marks: ReturnType<typeof dayMarks>) => ({
      user: user.id,
      role: 'Mentor',
      kind: 'presensi.save' as const,
      pesertaId: Math.min(...marks.map((mark) => mark.peserta_id)),
      payload: { presensi: marks },
    });

    // Baseline: the 30 marks of a day queued as 30 single-mark saves.
    for (const mark of dayMarks(ids, SINGLE_DAY)) await enqueue(device, change([mark]));
    const singles = await replayAll();
    // The app's way: the group's day is one change.
    await enqueue(device, change(dayMarks(ids, BATCH_DAY)));
    const batch = await replayAll();
    console.log(
      `baseline: ${GROUP} single-mark saves replayed with ${singles.puts} PUT /api/presensi, ${singles.all} requests in all, ${singles.ms.toFixed(0)} ms; the day as one change: ${batch.puts} PUT, ${batch.all} requests in all (the other is the one re-check read, GET /api/review/peserta?ids=), ${batch.ms.toFixed(0)} ms (info)`,
    );
    report(
      `presensi replay of a day's ${GROUP} marks saved offline, PUT requests`,
      `${batch.puts} (×${(batch.puts / singles.puts).toFixed(3)} the single-mark saves' ${singles.puts}; all requests ×${(batch.all / singles.all).toFixed(3)})`,
      'exactly 1',
      batch.puts === 1,
    );
  } finally {
    for (const client of clients) client.close();
    await app?.close();
    device.close();
    await device.delete();
    await bench.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPresensiSync();
