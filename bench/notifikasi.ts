// Benchmark of the notifications' cost on a score save and on an approval: p50 and p99 on two
// servers of the same build, each on its own fresh demo database, measured in the same run with
// their requests interleaved (A, B, A, B, …) so both see the same machine noise:
//   with:    the product as it is — every score and approval write reads the participants' chain
//            before and after and writes what it causes (digests, rejection and cancel notices)
//   without: the same server built with `notifikasi: false` (a setting only this bench turns off):
//            no chain reads, nothing written.
// Score saves change every score of one of the mentor's open participants (scores stay complete:
// the common save, which reads the chain twice and tells nobody). Approvals alternate approve and
// cancel by the Pembimbing on those participants: every one moves a participant between the
// Pembimbing's and HR's digests, and a cancel also tells the mentor.
// Last, the daily reminder job (server/services/pengingat.ts) once on BENCH_PARTICIPANTS
// participants (bench/size.ts, default 10,000), timed:
// on the embedded database it holds the one connection while it runs.
import { count, eq } from 'drizzle-orm';
import { PENGINGAT_DEFAULTS } from '../src/domain/pengingat';
import { notifikasi } from '../server/db/schema-notifikasi';
import { runPengingat } from '../server/services/pengingat';
import { startBenchApp } from './app';
import { generate } from './generate';
import { Client, login, percentile } from './http';
import { type Target, openTargets, saveRound } from './score-targets';
import { openBenchDatabase } from './server';
import { PARTICIPANTS } from './size';

const REQUESTS = 300;
const WARMUP = 20;
/** The job is run as if this many days later: every participant waiting now has waited long enough. */
const JOB_DAYS_LATER = 10;


interface Side {
  mentor: Client;
  pembimbing: Client;
  targets: Target[];
  saves: number[];
  decisions: number[];
}


async function save(side: Side, round: number): Promise<void> {
  const time = await saveRound(side.mentor, side.targets, round);
  if (round >= WARMUP) side.saves.push(time);
}

async function decide(side: Side, round: number): Promise<void> {
  const target = side.targets[round % side.targets.length] as Target;
  // Each participant in turn: approved on one pass over the targets, cancelled on the next.
  const action = Math.floor(round / side.targets.length) % 2 === 0 ? 'approve' : 'cancel';
  const answer = await side.pembimbing.request('POST', `/api/review/${action}/${target.peserta_id}`, { body: {} });
  if (answer.status !== 200) throw new Error(`POST /api/review/${action} answered ${answer.status}`);
  if (round >= WARMUP) side.decisions.push(answer.ms);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(label: string, withTimes: number[], withoutTimes: number[]): void {
  const [with50, with99, without50, without99] = [percentile(withTimes, 50), percentile(withTimes, 99), percentile(withoutTimes, 50), percentile(withoutTimes, 99)];
  console.log(`${label} with notifications:    p50 ${ms(with50)}, p99 ${ms(with99)} (${withTimes.length} requests)`);
  console.log(`${label} without notifications: p50 ${ms(without50)}, p99 ${ms(without99)} (same run, interleaved)`);
  console.log(`${label} notification cost: p50 +${ms(with50 - without50)} (×${(with50 / without50).toFixed(2)}), p99 +${ms(with99 - without99)} (×${(with99 / without99).toFixed(2)})`);
}

export async function benchNotifikasi(): Promise<void> {
  console.log('notifications (Notifikasi) cost on a score save and an approval');
  const opened = [await openBenchDatabase(), await openBenchDatabase()];
  const [withDb, withoutDb] = opened;
  if (!withDb || !withoutDb) return;
  console.log(`database: ${withDb.label}`);
  const apps = [
    await startBenchApp(withDb.database, withDb.dataDir),
    await startBenchApp(withoutDb.database, withoutDb.dataDir, null, { notifikasi: false }),
  ];
  try {
    const sides: Side[] = [];
    for (const app of apps) {
      const mentor = new Client(app.port, 1, await login(app.port, 'mentor', 'mentor1234'));
      const pembimbing = new Client(app.port, 1, await login(app.port, 'pembimbing', 'pembimbing1234'));
      sides.push({ mentor, pembimbing, targets: await openTargets(mentor), saves: [], decisions: [] });
    }
    const [withSide, withoutSide] = sides as [Side, Side];
    for (let round = 0; round < REQUESTS + WARMUP; round++) {
      await save(withSide, round);
      await save(withoutSide, round);
    }
    // Every target now has complete scores: the Pembimbing may decide on each.
    for (let round = 0; round < REQUESTS + WARMUP; round++) {
      await decide(withSide, round);
      await decide(withoutSide, round);
    }
    const [written] = await withDb.database.db.select({ n: count() }).from(notifikasi);
    const [none] = await withoutDb.database.db.select({ n: count() }).from(notifikasi);
    console.log(`notification rows: with ${written?.n ?? 0}, without ${none?.n ?? 0}; ${withSide.targets.length} participants`);
    report('POST /api/nilai/bulk', withSide.saves, withoutSide.saves);
    report('POST /api/review/{approve|cancel}', withSide.decisions, withoutSide.decisions);

    const hr = new Client(apps[0]!.port, 1, await login(apps[0]!.port, 'hr', 'hr1234'));
    await generate(withDb.database.db, hr, PARTICIPANTS);
    const later = new Date(Date.now() + JOB_DAYS_LATER * 86_400_000);
    const start = performance.now();
    const run = await runPengingat(withDb.database.db, PENGINGAT_DEFAULTS, later);
    const jobMs = performance.now() - start;
    const [reminders] = await withDb.database.db.select({ n: count() }).from(notifikasi).where(eq(notifikasi.jenis, 'pengingat_nilai'));
    console.log(
      `daily reminder job on ${PARTICIPANTS.toLocaleString('en')} more participants (as of ${run.tanggal}): ${ms(jobMs)}; ` +
        `${run.nilai} score reminders (${reminders?.n ?? 0} stored), ${run.persetujuan} approval digests, ${run.pruned} pruned`,
    );
  } finally {
    for (const side of apps) await side.app.close();
    for (const db of opened) await db.dispose();
  }
}
