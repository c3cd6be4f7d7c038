/**
 * Reminders (Pengingat): a daily job on the server reminds
 * - a mentor of each of its participants whose internship ends within `hariSebelumSelesai` days
 *   (today included, Jakarta days) while its scores are incomplete: one notification per
 *   participant and end date (its reminder window), not one a day;
 * - every approver of a step of the participants that wait at that step for more than
 *   `hariMenunggu` days: one digest a day, counting them.
 * A user who switched 'Terima pengingat' off in the profile gets none. Pure: the server reads
 * the rows and asks these rules who is reminded.
 */
import { APPROVAL_STEPS, type ApprovalStep, type Review, canDecide } from './approval-chain';
import { ORGANISASI_TIME_ZONE, jakartaDate } from './dates';

/** The job's settings (PENGINGAT_JAM, PENGINGAT_HARI_SEBELUM_SELESAI, PENGINGAT_HARI_MENUNGGU). */
export interface PengingatSettings {
  /** Hour of the day in Jakarta (0-23) from which the day's run is due. */
  jam: number;
  /** A participant ending within this many days (today included) with incomplete scores reminds its mentor. */
  hariSebelumSelesai: number;
  /** A participant waiting at a step for more than this many days reminds the step's approvers. */
  hariMenunggu: number;
}

export const PENGINGAT_DEFAULTS: PengingatSettings = { jam: 7, hariSebelumSelesai: 7, hariMenunggu: 3 };

/** The name of the job in the table of job runs (one row per day). */
export const PENGINGAT_JOB = 'pengingat';

/** Texts of the profile's switch. */
export const PENGINGAT_MSG = {
  switchLabel: 'Terima pengingat',
  switchHint: 'Pengingat harian: nilai peserta yang belum lengkap menjelang akhir magang, dan peserta yang lama menunggu persetujuan Anda.',
  saved: 'Pengaturan pengingat disimpan',
  saveFailed: 'Gagal menyimpan pengaturan pengingat',
  offline: 'Pengaturan pengingat hanya dapat diubah saat online.',
} as const;

const DAY_MS = 86_400_000;

/** 'yyyy-mm-dd' plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The hour of `now` in Jakarta (0-23). */
export function jakartaHour(now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: ORGANISASI_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/**
 * The Jakarta day whose run is due at `now`, or null before `jam` o'clock: a server started
 * later in the day still runs that day's reminders once.
 */
export function dueRunDate(now: Date, jam: number): string | null {
  return jakartaHour(now) >= jam ? jakartaDate(now) : null;
}

/** True when `tanggalSelesai` lies in [today, today + days] (Jakarta calendar days). */
export function endsWithin(tanggalSelesai: string, today: string, days: number): boolean {
  return tanggalSelesai >= today && tanggalSelesai <= addDays(today, days);
}

/** A participant as the score reminder reads it. */
export interface NilaiReminderRow {
  pesertaId: number;
  mentorId: number | null;
  /** The mentor's 'Terima pengingat' switch. */
  mentorTerima: boolean;
  tanggalSelesai: string;
  /** Every active competency of its division and level is scored. */
  scoresComplete: boolean;
}

/** The participants whose mentor is reminded of incomplete scores today. */
export function nilaiReminders<T extends NilaiReminderRow>(rows: readonly T[], today: string, settings: PengingatSettings): (T & { mentorId: number })[] {
  return rows.filter(
    (row): row is T & { mentorId: number } =>
      row.mentorId !== null && row.mentorTerima && !row.scoresComplete && endsWithin(row.tanggalSelesai, today, settings.hariSebelumSelesai),
  );
}

/**
 * When a participant reached the step it waits at: its chain's last change, the latest
 * `updated_at` of its reviews (an earlier step's approval, a cancel or a cancelled rejection
 * putting the step back to Menunggu) and of its scores (the save that made them complete, for
 * the first step). Null when it has neither.
 */
export function waitingSince(times: readonly (Date | null | undefined)[]): Date | null {
  let latest: Date | null = null;
  for (const time of times) if (time && (!latest || time.getTime() > latest.getTime())) latest = time;
  return latest;
}

/** True when a wait begun at `since` has lasted more than `days` whole days at `now`. */
export function waitedLongerThan(since: Date, now: Date, days: number): boolean {
  return now.getTime() - since.getTime() > days * DAY_MS;
}

/** A participant as the approval reminder reads it. */
export interface PersetujuanReminderRow {
  pesertaId: number;
  reviews: readonly Review[];
  /** Scores complete: the participant is in the approval list. */
  inList: boolean;
  since: Date | null;
}

/** The step a participant waits at (scores complete, no rejection, earlier steps approved), or null. */
export function stepWaitedAt(row: Pick<PersetujuanReminderRow, 'reviews' | 'inList'>): ApprovalStep | null {
  if (!row.inList) return null;
  return APPROVAL_STEPS.find((step) => canDecide(step, row.reviews)) ?? null;
}

/** Per step, the participants waiting there for more than `hariMenunggu` days at `now`. */
export function overdueByStep(rows: readonly PersetujuanReminderRow[], now: Date, settings: PengingatSettings): Map<ApprovalStep, number[]> {
  const out = new Map<ApprovalStep, number[]>();
  for (const row of rows) {
    const step = stepWaitedAt(row);
    if (!step || !row.since || !waitedLongerThan(row.since, now, settings.hariMenunggu)) continue;
    out.set(step, [...(out.get(step) ?? []), row.pesertaId]);
  }
  return out;
}
