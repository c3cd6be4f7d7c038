// p99 of every list and pull endpoint at the bench's size (information and goals of
// `npm run bench -- server`), each asked again and again by one client (brotli, as a device
// asks), after a few warm-up requests:
//   - the working set's first pull, `GET /api/peserta?lingkup=kerja&limit=1000&after=…`, walked
//     page by page to its end (every page timed: p99 and the whole walk), then its incremental
//     pull `?lingkup=kerja&since=<first page's cursor>&batas=<its batas>` with nothing changed;
//   - the archive searches `GET /api/peserta/arsip?…&q=<a common name part>` and
//     `GET /api/sertifikat/arsip?…` (goal < 300 ms p99);
//   - the other lists and pulls a device makes (participants `?since=`, certificates, reviews,
//     a mentor's scores, notifications, master data);
//   - the whole certificate list (kept between requests) right after each of 20 re-issues.
// Each endpoint gets at most 30 s (at least 3 answers): a slow one is reported on fewer requests.
// An endpoint this server does not have yet (404, or 400 on an unknown path) or refuses to the
// role asking (403) is reported as such, not measured.
import { DEFAULT_WORKING_SET_WINDOW, LINGKUP_KERJA, workingSetBatas } from '../src/domain/working-set';
import { COMMON_NAME_PART, dayFromToday } from './generate';
import { type Answer, Client, login, percentile } from './http';

const BR = { 'accept-encoding': 'br' };
/** What browsers and common HTTP clients send (a large list changed a moment ago is sent as gzip to them). */
const USUAL_CODINGS = { 'accept-encoding': 'gzip, deflate, br' };
const PAGE_ROWS = 1000;
const WARMUP = 3;
/** Requests per endpoint: plenty for the small ones, fewer for the ones answering thousands of rows. */
const SMALL_RUNS = 100;
const LARGE_RUNS = 20;
/** Each endpoint's time budget: past it (and at least MIN_RUNS answers), the loop stops. */
const BUDGET_MS = 30_000;
const MIN_RUNS = 3;
const ARCHIVE_GOAL_MS = 300;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One endpoint to time: its path, the client asking, how often, and its p99 goal (ms; null = information). */
interface Target {
  name: string;
  path: string;
  client: Client;
  runs: number;
  goalMs: number | null;
}

function report(name: string, value: string, goalMs: number | null, ok: boolean): void {
  console.log(goalMs === null ? `${name}: ${value} (info)` : `${name}: ${value} (goal p99 < ${goalMs} ms) ${ok ? 'ok' : 'SHORT'}`);
}

/** False (and a line saying so) when the server has no such endpoint yet. */
function known(name: string, answer: Answer): boolean {
  if (answer.status === 200) return true;
  if (answer.status === 404 || answer.status === 400) {
    console.log(`${name}: not on this server (answered ${answer.status}; the endpoint comes with the working set and the archive) — not measured`);
    return false;
  }
  if (answer.status === 403) {
    console.log(`${name}: refused to this role on this server (403) — not measured`);
    return false;
  }
  throw new Error(`${name}: answered ${answer.status}`);
}

/** Times `target.runs` requests after the warm-up; prints p50/p99 and bytes against the goal. */
async function measure(target: Target): Promise<void> {
  const first = await target.client.request('GET', target.path, { headers: BR });
  if (!known(target.name, first)) return;
  for (let i = 1; i < WARMUP && first.ms * WARMUP < BUDGET_MS; i++) await target.client.request('GET', target.path, { headers: BR });
  const times: number[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < target.runs && (i < MIN_RUNS || performance.now() - start < BUDGET_MS); i++) {
    const answer = await target.client.request('GET', target.path, { headers: BR });
    if (answer.status !== 200) throw new Error(`${target.name}: answered ${answer.status}`);
    times.push(answer.ms);
    bytes = answer.bytes;
  }
  const p99 = percentile(times, 99);
  const cut = times.length < target.runs ? ` of ${target.runs}: the ${BUDGET_MS / 1000} s budget ran out` : '';
  report(`${target.name} p99`, `${ms(p99)} (p50 ${ms(percentile(times, 50))}, ${times.length} requests${cut}, ${kb(bytes)} br)`, target.goalMs, p99 < (target.goalMs ?? Infinity));
}

/** The working set's first pull page by page, then its incremental pull with nothing changed. */
async function workingSetPull(hr: Client, goals: { pageMs: number; sinceMs: number }): Promise<void> {
  const name = `GET /api/peserta?lingkup=${LINGKUP_KERJA}&limit=${PAGE_ROWS}&after=… (HR's working set, first pull)`;
  const times: number[] = [];
  let rows = 0;
  let bytes = 0;
  let after: number | null = null;
  let cursor: string | null = null;
  let batas: string | null = null;
  let total: number | null = null;
  const start = performance.now();
  do {
    const path = `/api/peserta?lingkup=${LINGKUP_KERJA}&limit=${PAGE_ROWS}${after === null ? '' : `&after=${after}`}`;
    const answer = await hr.request('GET', path, { headers: { 'accept-encoding': 'identity' }, keep: true });
    if (!known(name, answer)) return;
    const page = JSON.parse(answer.body?.toString() ?? '{}') as { data: unknown[]; cursor: string; next: number | null; total?: number; batas?: string };
    times.push(answer.ms);
    rows += page.data.length;
    bytes += answer.bytes;
    cursor ??= page.cursor;
    batas ??= page.batas ?? null;
    total ??= page.total ?? null;
    after = page.next;
  } while (after !== null);
  const walk = performance.now() - start;
  const p99 = percentile(times, 99);
  const scoped = batas !== null ? `batas ${batas}` : 'no batas in the answer: this server ignores lingkup and answers every participant';
  console.log(`${name}: ${times.length} pages, ${rows.toLocaleString('en')} rows${total === null ? '' : ` (total ${total.toLocaleString('en')})`}, ${(bytes / 1024 / 1024).toFixed(2)} MB raw, whole walk ${ms(walk)}; ${scoped} (info)`);
  report(`${name} page p99`, `${ms(p99)} (p50 ${ms(percentile(times, 50))})`, goals.pageMs, p99 < goals.pageMs);
  const since = `/api/peserta?lingkup=${LINGKUP_KERJA}&since=${encodeURIComponent(cursor ?? '0')}&batas=${batas ?? workingSetBatas('HR', dayFromToday(0), DEFAULT_WORKING_SET_WINDOW)}`;
  await measure({ name: `GET /api/peserta?lingkup=${LINGKUP_KERJA}&since=…&batas=… (nothing changed)`, path: since, client: hr, runs: SMALL_RUNS, goalMs: goals.sinceMs });
}

/**
 * The whole certificate list right after a change to it: HR re-issues one certificate (a write
 * of its participant), then the list is asked for — the kept list reads the changed
 * participant, makes the blocks of rows that changed and compresses them (a client taking gzip,
 * as browsers and common HTTP clients do, gets gzip joined from the kept blocks).
 */
async function certificateListAfterChange(hr: Client): Promise<void> {
  const name = 'GET /api/sertifikat/peserta?jenjang=SMK right after a certificate was re-issued';
  const completed = await hr.json<{ data: { id: number }[] }>('GET', `/api/sertifikat/arsip?jenjang=SMK&page=1&limit=${LARGE_RUNS}`);
  const times: number[] = [];
  for (const { id } of completed.data) {
    await hr.json('POST', `/api/sertifikat/terbitkan-ulang/${id}`);
    const answer = await hr.request('GET', '/api/sertifikat/peserta?jenjang=SMK', { headers: USUAL_CODINGS });
    if (answer.status !== 200) throw new Error(`${name}: answered ${answer.status}`);
    times.push(answer.ms);
  }
  const p99 = percentile(times, 99);
  report(`${name} p99`, `${ms(p99)} (p50 ${ms(percentile(times, 50))}, ${times.length} requests)`, 1000, p99 < 1000);
}

/** Prints the p99 of every list and pull endpoint; `hr` is logged in as HR on the app of `port`. */
export async function endpointLatencies(port: number, hr: Client, ids: readonly number[], cursor: string): Promise<void> {
  const mentor = new Client(port, 1, await login(port, 'mentor.bench1', 'mentor-bench-1234'));
  try {
    await workingSetPull(hr, { pageMs: 500, sinceMs: 100 });
    const q = encodeURIComponent(COMMON_NAME_PART);
    const period = `dari=${dayFromToday(-3 * 365)}&sampai=${dayFromToday(-365)}`;
    const someIds = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 200)) === 0).slice(0, 200);
    const targets: Target[] = [
      { name: `GET /api/peserta/arsip?daftar=peserta&jenjang=SMK&q=${COMMON_NAME_PART}&page=1&limit=50 (archive search)`, path: `/api/peserta/arsip?daftar=peserta&jenjang=SMK&q=${q}&page=1&limit=50`, client: hr, runs: SMALL_RUNS, goalMs: ARCHIVE_GOAL_MS },
      { name: `GET /api/peserta/arsip?daftar=peserta&jenjang=SMK&page=40&limit=50 (archive, a far page, no search)`, path: '/api/peserta/arsip?daftar=peserta&jenjang=SMK&page=40&limit=50', client: hr, runs: SMALL_RUNS, goalMs: ARCHIVE_GOAL_MS },
      { name: `GET /api/peserta/arsip?daftar=approval&jenjang=SMK&q=${COMMON_NAME_PART}&dari=…&sampai=… (archive of approvals, a period)`, path: `/api/peserta/arsip?daftar=approval&jenjang=SMK&q=${q}&${period}&page=1&limit=50`, client: hr, runs: SMALL_RUNS, goalMs: ARCHIVE_GOAL_MS },
      { name: `GET /api/sertifikat/arsip?jenjang=SMK&q=${COMMON_NAME_PART}&page=1&limit=50 (certificate archive search)`, path: `/api/sertifikat/arsip?jenjang=SMK&q=${q}&page=1&limit=50`, client: hr, runs: SMALL_RUNS, goalMs: ARCHIVE_GOAL_MS },
      { name: 'GET /api/peserta?since=<cursor> (nothing changed, every participant)', path: `/api/peserta?since=${encodeURIComponent(cursor)}`, client: hr, runs: SMALL_RUNS, goalMs: 100 },
      { name: `GET /api/peserta/${ids[0]} (one participant)`, path: `/api/peserta/${ids[0]}`, client: hr, runs: SMALL_RUNS, goalMs: 50 },
      { name: `GET /api/review/peserta?ids=<${someIds.length} ids> (the replay's batch read)`, path: `/api/review/peserta?ids=${someIds.join(',')}`, client: hr, runs: SMALL_RUNS, goalMs: 100 },
      { name: 'GET /api/sertifikat/peserta?jenjang=SMK (fully approved, with certificates)', path: '/api/sertifikat/peserta?jenjang=SMK', client: hr, runs: LARGE_RUNS, goalMs: 1000 },
      { name: 'GET /api/sertifikat/peserta?jenjang=Mahasiswa', path: '/api/sertifikat/peserta?jenjang=Mahasiswa', client: hr, runs: LARGE_RUNS, goalMs: 1000 },
      { name: `GET /api/peserta?lingkup=${LINGKUP_KERJA}&limit=${PAGE_ROWS} (a mentor's working set, first page)`, path: `/api/peserta?lingkup=${LINGKUP_KERJA}&limit=${PAGE_ROWS}`, client: mentor, runs: LARGE_RUNS, goalMs: 500 },
      { name: "GET /api/nilai/mentor/peserta (a mentor's participants and scores)", path: '/api/nilai/mentor/peserta', client: mentor, runs: LARGE_RUNS, goalMs: 1000 },
      { name: 'GET /api/notifikasi (HR inbox)', path: '/api/notifikasi', client: hr, runs: SMALL_RUNS, goalMs: 100 },
      ...['/api/users', '/api/instansi', '/api/divisi', '/api/kompetensi', '/api/grade'].map((path) => ({ name: `GET ${path} (master data)`, path, client: hr, runs: SMALL_RUNS, goalMs: 50 })),
    ];
    for (const target of targets) await measure(target);
    await certificateListAfterChange(hr);
  } finally {
    mentor.close();
  }
}
