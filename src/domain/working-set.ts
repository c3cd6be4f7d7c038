/**
 * The working set: which participants a device mirrors, per role. Everything else is the archive,
 * searched on the server and never mirrored. One table, used by the server's pulls (their SQL
 * follows `inWorkingSet` and a test holds them to it) and by the device (which drops rows the
 * pulls say left, unless a queued change still refers to them).
 *
 * - A Mentor holds its own participants whose internship is running or ended within the last
 *   90 days, plus any with work still pending for it: scores it may still edit (the Pembimbing
 *   has not decided and the chain was not stopped).
 * - Pembimbing, HR and BusHead hold participants running or ended within the last 180 days,
 *   plus every participant still waiting in the approval chain (a step Menunggu or Ditolak and
 *   the chain not stopped). A participant approved at every step long ago is archive.
 *
 * The windows are settings (JENDELA_KERJA_MENTOR_HARI, JENDELA_KERJA_HARI). A participant not yet
 * started is "running" (its end lies ahead).
 */
import { DISETUJUI, MENUNGGU, PEMBIMBING, type Review, TIDAK_DILANJUTKAN, stepStatuses } from './approval-chain';
import { addDays } from './pengingat';

/** The `lingkup` value of the pulls that answer only the working set. */
export const LINGKUP_KERJA = 'kerja';

/** Days after an internship's end during which it stays in the working set, per kind of role. */
export interface WorkingSetWindow {
  /** A Mentor's window (default 90). */
  mentorDays: number;
  /** Pembimbing's, HR's and BusHead's window (default 180). */
  approverDays: number;
}

/** The default windows. */
export const DEFAULT_WORKING_SET_WINDOW: WorkingSetWindow = { mentorDays: 90, approverDays: 180 };

/** The longest window a setting may give: ten years. */
export const WORKING_SET_DAYS_MAX = 3650;

/** The window (days) of `role`. */
export function windowDaysOf(role: string, window: WorkingSetWindow): number {
  return role === 'Mentor' ? window.mentorDays : window.approverDays;
}

/**
 * The first end date still inside the window on `today` ('yyyy-mm-dd', Jakarta): a participant
 * whose tanggal_selesai is on or after it is in the working set by date.
 */
export function workingSetBatas(role: string, today: string, window: WorkingSetWindow): string {
  return addDays(today, -windowDaysOf(role, window));
}

/**
 * Work still pending for `role` on a participant with these reviews. A Mentor: its scores are
 * still open (the Pembimbing step Menunggu and the chain not stopped). An approver: the chain
 * still waits (some step not Disetujui) and was not stopped (no step Tidak_dilanjutkan).
 */
export function hasPendingWork(role: string, reviews: readonly Review[]): boolean {
  const statuses = Object.entries(stepStatuses(reviews));
  if (statuses.some(([, status]) => status === TIDAK_DILANJUTKAN)) return false;
  if (role === 'Mentor') return statuses.some(([step, status]) => step === PEMBIMBING && status === MENUNGGU);
  return statuses.some(([, status]) => status !== DISETUJUI);
}

/** The fields the rule reads. */
export interface WorkingSetInput {
  tanggal_selesai: string;
  reviews?: readonly Review[] | null;
}

/** True when a device of `role` mirrors the participant, given the window's `batas` (workingSetBatas). */
export function inWorkingSet(role: string, participant: WorkingSetInput, batas: string): boolean {
  return participant.tanggal_selesai >= batas || hasPendingWork(role, participant.reviews ?? []);
}
