// The daily reminders (Pengingat): once a day, across every instance on the database, remind
// mentors of incomplete scores of participants about to finish and approvers of participants
// waiting long at their step, then prune old notifications. Who is reminded is the pure rule of
// src/domain/pengingat.ts; this file reads the rows, writes the notifications and keeps the timer.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { APPROVAL_STEPS, BUSHEAD, DISETUJUI, DITOLAK, HR, PEMBIMBING, type Review, type ReviewStatus } from '../../src/domain/approval-chain';
import { jakartaDate } from '../../src/domain/dates';
import {
  PENGINGAT_DEFAULTS,
  PENGINGAT_JOB,
  type PengingatSettings,
  addDays,
  dueRunDate,
  nilaiReminders,
  overdueByStep,
  waitingSince,
} from '../../src/domain/pengingat';
import { idIn } from '../db/list-params';
import { type Db, type Tx, rowsOf } from '../db/client';
import { peserta, users } from '../db/schema';
import { jobRuns } from '../db/schema-jobs';
import { notifikasi } from '../db/schema-notifikasi';
import { enqueuePush } from './push-antrian';
import { pruneNotifikasi } from './notifikasi';

/** How often an instance checks whether today's run is due. */
export const PENGINGAT_CHECK_MS = 5 * 60_000;

const CURRENT_XID = sql`(pg_current_xact_id()::text::bigint)`;

// Written out with table names: inside a select list drizzle leaves columns unqualified. Used
// for the few participants of the end-date window only (a count each); the approval reminder,
// which reads every participant, groups instead.
/** Scores of the participant that count: active competencies of its division and level. */
const COUNTING = sql<number>`(select count(*) from nilai n join kompetensi k on k.id = n.kompetensi_id
  where n.peserta_id = peserta.id and k.aktif and k.jenjang = peserta.jenjang
  and exists (select 1 from divisi_kategori dk where dk.kompetensi_id = k.id and dk.divisi_id = peserta.divisi_id))`;
/** The competencies the participant must be scored on. */
const REQUIRED = sql<number>`(select count(*) from kompetensi k join divisi_kategori dk on dk.kompetensi_id = k.id
  where dk.divisi_id = peserta.divisi_id and k.jenjang = peserta.jenjang and k.aktif)`;

/** What one run did. */
export interface PengingatRun {
  /** False when another run (or instance) had already done this day. */
  ran: boolean;
  tanggal: string;
  /** Score reminders written. */
  nilai: number;
  /** Approvers whose reminder digest was written. */
  persetujuan: number;
  /** Old notifications deleted. */
  pruned: number;
}

/**
 * Mentors of participants ending within the window with incomplete scores: one reminder per
 * mentor, participant and end date. A later day of the same window adds none (the one sent
 * is still in the inbox, read or not); a changed end date is a new window.
 */
async function remindNilai(tx: Tx, today: string, settings: PengingatSettings): Promise<number> {
  const rows = await tx
    .select({
      pesertaId: peserta.id,
      nama: peserta.nama,
      mentorId: peserta.mentor_id,
      mentorTerima: users.terima_pengingat,
      tanggalSelesai: peserta.tanggal_selesai,
      counting: COUNTING,
      required: REQUIRED,
    })
    .from(peserta)
    .innerJoin(users, eq(users.id, peserta.mentor_id))
    .where(and(gte(peserta.tanggal_selesai, today), lte(peserta.tanggal_selesai, addDays(today, settings.hariSebelumSelesai))));
  // A participant with nothing to score (no active competency) cannot be completed: no reminder.
  const candidates = rows
    .filter((row) => Number(row.required) > 0)
    .map((row) => ({ ...row, scoresComplete: Number(row.counting) >= Number(row.required) }));
  const due = nilaiReminders(candidates, today, settings);
  if (due.length === 0) return 0;
  const told = await tx
    .select({ userId: notifikasi.user_id, pesertaIds: notifikasi.peserta_ids, tanggal: sql<string | null>`${notifikasi.fakta}->>'tanggal'` })
    .from(notifikasi)
    .where(and(eq(notifikasi.jenis, 'pengingat_nilai'), idIn(notifikasi.user_id, [...new Set(due.map((row) => row.mentorId))])));
  const seen = new Set(told.flatMap((row) => row.pesertaIds.map((id) => `${row.userId}|${id}|${row.tanggal}`)));
  const fresh = due.filter((row) => !seen.has(`${row.mentorId}|${row.pesertaId}|${row.tanggalSelesai}`));
  if (fresh.length === 0) return 0;
  const reminders = fresh.map((row) => ({
    user_id: row.mentorId,
    jenis: 'pengingat_nilai' as const,
    tautan: `/penilaian?peserta=${row.pesertaId}`,
    fakta: { nama: row.nama, tanggal: row.tanggalSelesai },
    peserta_ids: [row.pesertaId],
  }));
  await tx.insert(notifikasi).values(reminders);
  // Pushed like every notification (queued in this transaction).
  await enqueuePush(tx, reminders);
  return fresh.length;
}

/** A participant that can wait at a step, as the approval reminder reads it. */
interface WaitingRow extends Record<string, unknown> {
  peserta_id: number;
  pembimbing: string | null;
  hr: string | null;
  bushead: string | null;
  /** Milliseconds since the epoch (float8: the same number from both drivers). */
  scores_at: number | string | null;
  reviews_at: number | string | null;
}

/**
 * Every approver (switch on) of a step with participants waiting there for more than
 * `hariMenunggu` days: one digest counting them. An unread one from an earlier day is brought up
 * to date (and to the top of the inbox) instead of a second one beside it.
 */
async function remindPersetujuan(tx: Tx, now: Date, settings: PengingatSettings): Promise<number> {
  // One pass over all scores and reviews (grouped, hashed), not a lookup per participant: the
  // complete participants with no rejection and not fully approved — the only ones that can
  // wait — with their three statuses and the last change of their scores and reviews.
  const result = await tx.execute<WaitingRow>(sql`
    with required as (
      select dk.divisi_id, k.jenjang, count(*) as n
      from kompetensi k join divisi_kategori dk on dk.kompetensi_id = k.id
      where k.aktif group by dk.divisi_id, k.jenjang
    ),
    counted as (
      select n.peserta_id, count(*) as n, max(n.updated_at) as scores_at
      from nilai n
      join peserta p on p.id = n.peserta_id
      join kompetensi k on k.id = n.kompetensi_id and k.aktif and k.jenjang = p.jenjang
      join divisi_kategori dk on dk.kompetensi_id = k.id and dk.divisi_id = p.divisi_id
      group by n.peserta_id
    ),
    steps as (
      select peserta_id,
        max(status) filter (where role_reviewer = ${PEMBIMBING}) as pembimbing,
        max(status) filter (where role_reviewer = ${HR}) as hr,
        max(status) filter (where role_reviewer = ${BUSHEAD}) as bushead,
        bool_or(status = ${DITOLAK}) as rejected,
        count(*) filter (where status = ${DISETUJUI}) as approved,
        max(updated_at) as reviews_at
      from reviews group by peserta_id
    )
    select p.id as peserta_id, s.pembimbing, s.hr, s.bushead,
      (extract(epoch from c.scores_at) * 1000)::float8 as scores_at,
      (extract(epoch from s.reviews_at) * 1000)::float8 as reviews_at
    from peserta p
    join required r on r.divisi_id = p.divisi_id and r.jenjang = p.jenjang
    join counted c on c.peserta_id = p.id and c.n >= r.n
    left join steps s on s.peserta_id = p.id
    where not coalesce(s.rejected, false) and coalesce(s.approved, 0) < ${APPROVAL_STEPS.length}`);
  // postgres.js answers an array of rows, PGlite an object with \`rows\`.
  const rows = rowsOf<WaitingRow>(result);
  if (rows.length === 0) return 0;
  const time = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)));
  const overdue = overdueByStep(
    rows.map((row) => {
      const reviewList: Review[] = [];
      for (const [step, status] of [[PEMBIMBING, row.pembimbing], [HR, row.hr], [BUSHEAD, row.bushead]] as const) {
        if (status !== null) reviewList.push({ role_reviewer: step, status: status as ReviewStatus });
      }
      return { pesertaId: row.peserta_id, reviews: reviewList, inList: true, since: waitingSince([time(row.reviews_at), time(row.scores_at)]) };
    }),
    now,
    settings,
  );
  let written = 0;
  for (const [step, ids] of overdue) {
    const approvers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, step), eq(users.terima_pengingat, true)));
    for (const { id: userId } of approvers) {
      const pesertaIds = [...ids].sort((a, b) => a - b);
      const fakta = { hari: settings.hariMenunggu };
      const updated = await tx
        .update(notifikasi)
        .set({ peserta_ids: pesertaIds, fakta, dibuat: sql`now()`, change_xid: CURRENT_XID })
        .where(and(eq(notifikasi.user_id, userId), eq(notifikasi.jenis, 'pengingat_persetujuan'), eq(notifikasi.dibaca, false)))
        .returning({ id: notifikasi.id });
      const row = { user_id: userId, jenis: 'pengingat_persetujuan' as const, tautan: '/approval?status=perlu_tindakan', fakta, peserta_ids: pesertaIds };
      if (updated.length === 0) await tx.insert(notifikasi).values(row);
      await enqueuePush(tx, [row]);
      written++;
    }
  }
  return written;
}

/**
 * Today's reminders, once: the day's row in `job_runs` is inserted in the same transaction as
 * the reminders, so of several instances (or runs) only the one whose insert commits writes
 * them — another waits on that row's key, then finds it taken — and a run that fails leaves
 * the day to the next try. Old notifications are pruned after a run.
 */
export async function runPengingat(db: Db, settings: PengingatSettings = PENGINGAT_DEFAULTS, now = new Date()): Promise<PengingatRun> {
  const tanggal = jakartaDate(now);
  const result = await db.transaction(async (tx) => {
    const claimed = await tx.insert(jobRuns).values({ name: PENGINGAT_JOB, tanggal }).onConflictDoNothing().returning({ name: jobRuns.name });
    if (claimed.length === 0) return { ran: false, tanggal, nilai: 0, persetujuan: 0, pruned: 0 };
    const nilaiCount = await remindNilai(tx, tanggal, settings);
    const persetujuan = await remindPersetujuan(tx, now, settings);
    return { ran: true, tanggal, nilai: nilaiCount, persetujuan, pruned: 0 };
  });
  if (result.ran) result.pruned = await pruneNotifikasi(db);
  return result;
}

/** A running reminder timer. */
export interface PengingatTimer {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Checks now and every PENGINGAT_CHECK_MS whether today's run is due (from PENGINGAT_JAM on,
 * Jakarta time) and not yet done by this instance; runs it then. A failed run is logged and
 * tried again at the next check.
 */
export function startPengingatTimer(db: Db, settings: PengingatSettings, log: (message: string, error?: unknown) => void): PengingatTimer {
  let doneFor: string | null = null;
  let running: Promise<void> | null = null;
  const check = () => {
    const due = dueRunDate(new Date(), settings.jam);
    if (!due || due === doneFor || running) return;
    running = runPengingat(db, settings)
      .then((run) => {
        doneFor = run.tanggal;
        if (run.ran) log(`Pengingat ${run.tanggal}: ${run.nilai} pengingat nilai, ${run.persetujuan} pengingat persetujuan, ${run.pruned} notifikasi lama dihapus`);
      })
      .catch((error: unknown) => log('Pengingat gagal dijalankan', error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(check, PENGINGAT_CHECK_MS);
  timer.unref();
  check();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
