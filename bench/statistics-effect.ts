// What the planner's statistics change (server/db/planner-statistics.ts): a few of the server's
// heaviest reads timed on the freshly generated data as it stands (PGlite never analyses by
// itself), then after ANALYZE of every table, in the same run: median of RUNS each
// after a warm-up, printed with the ratio after / before.
import type { Db } from '../server/db/client';
import { analyzeAll } from '../server/db/planner-statistics';
import { LINGKUP_KERJA } from '../src/domain/working-set';
import type { Client } from './http';

const RUNS = 5;
const BR = { 'accept-encoding': 'br' };

const READS = [
  { name: "HR's working set, first page of 1,000", path: `/api/peserta?lingkup=${LINGKUP_KERJA}&limit=1000` },
  { name: 'approval archive, no search (page 1 of 5)', path: '/api/peserta/arsip?daftar=approval&page=1&limit=5' },
  { name: 'certificate archive, no search (page 1 of 5)', path: '/api/sertifikat/arsip?jenjang=SMK&page=1&limit=5' },
  { name: 'participant archive, far page (page 400 of 5)', path: '/api/peserta/arsip?daftar=peserta&page=400&limit=5' },
];

/** The median of RUNS answers after a warm-up, in ms; null when one got no answer (the client's 60 s timeout). */
async function medianMs(client: Client, path: string): Promise<number | null> {
  try {
    const first = await client.request('GET', path, { headers: BR });
    if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push((await client.request('GET', path, { headers: BR })).ms);
    times.sort((a, b) => a - b);
    return times[Math.floor(RUNS / 2)] ?? 0;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('timeout')) return null;
    throw error;
  }
}

const shown = (value: number | null) => (value === null ? 'no answer within 60 s' : `${value.toFixed(1)} ms`);

/** Times READS, analyses every table (as the server's start-up does), and times them again. */
export async function statisticsEffect(db: Db, hr: Client): Promise<void> {
  const before = [];
  for (const read of READS) before.push(await medianMs(hr, read.path));
  const started = performance.now();
  await analyzeAll(db);
  console.log(`planner statistics: ANALYZE of every table took ${(performance.now() - started).toFixed(0)} ms (info)`);
  for (const [i, read] of READS.entries()) {
    const after = await medianMs(hr, read.path);
    const was = before[i] ?? null;
    const ratio = after !== null && was !== null ? `×${(after / was).toFixed(2)}` : 'no ratio';
    console.log(`planner statistics: ${read.name}: ${shown(was)} before ANALYZE, ${shown(after)} after (${ratio}; median of ${RUNS}) (info)`);
  }
}
