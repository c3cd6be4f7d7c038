/**
 * The working set: which participants a device mirrors, per role. Everything else is the archive,
 * searched on the server and never mirrored. One table, used by the server's pulls (their SQL
 * follows `inWorkingSet` and a test holds them to it) and by the device (which drops rows the
 * pulls say left, unless a queued change still refers to them).
 *
 * - A Mentor holds its own participants whose internship is running or ended within the last
 *   90 days, plus any with work still pending for it: scores it began and may still edit (the
 *   Pembimbing has not decided and the chain was not stopped).
 * - Pembimbing, HR and BusHead hold participants running or ended within the last 180 days,
 *   plus those still waiting in the approval chain (in the approval list — needed scores
 *   complete — with a step Menunggu, nobody having rejected or stopped it), those their own step
 *   rejected (they may cancel the rejection), and those whose certificate was issued or
 *   re-issued within the same window, however old the internship.
 * - Every role also holds a participant while its user has an unread notification about it.
 *
 * So a participant nobody ever scored, ended long ago, is archive for every approver (it is in
 * no approval list), and one approved at every step long ago is archive too.
 *
 * The windows are settings (JENDELA_KERJA_MENTOR_HARI, JENDELA_KERJA_HARI). A participant not yet
 * started is "running" (its end lies ahead).
 */
import { DITOLAK, MENUNGGU, PEMBIMBING, type Review, TIDAK_DILANJUTKAN, isApprovalStep, stepStatuses } from './approval-chain';
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
 * Work still pending for `role` on a participant (see the header). A Mentor: its scores are
 * still open (the Pembimbing step Menunggu and the chain not stopped) and it began scoring. An
 * approver: its own step rejected it (it may cancel the rejection), or the participant is in the
 * approval list (needed scores complete) and the chain still waits (a step Menunggu, none
 * Ditolak or Tidak_dilanjutkan). A participant nobody scored is nobody's pending work.
 */
export function hasPendingWork(role: string, participant: PendingWorkInput): boolean {
  const statuses = stepStatuses(participant.reviews ?? []);
  const values = Object.values(statuses);
  if (role === 'Mentor') return statuses[PEMBIMBING] === MENUNGGU && !values.includes(TIDAK_DILANJUTKAN) && participant.dinilai === true;
  if (isApprovalStep(role) && statuses[role] === DITOLAK) return true;
  const waiting = values.includes(MENUNGGU) && !values.includes(DITOLAK) && !values.includes(TIDAK_DILANJUTKAN);
  return waiting && participant.nilaiLengkap === true;
}

/** What pending work reads of a participant. */
export interface PendingWorkInput {
  reviews?: readonly Review[] | null;
  /** The needed scores are complete: it is in the approval list (inApprovalList). */
  nilaiLengkap?: boolean;
  /** At least one of its scores was given. */
  dinilai?: boolean;
}

/** The fields the rule reads: the participant's, and what the viewer holds of it. */
export interface WorkingSetInput extends PendingWorkInput {
  tanggal_selesai: string;
  /** The viewer has a notification about it still unread. */
  diberitahu?: boolean;
  /** The day ('yyyy-mm-dd') its valid certificate was issued or last re-issued; null: none. */
  sertifikatTerbit?: string | null;
}

/** True when a device of `role` mirrors the participant, given the window's `batas` (workingSetBatas). */
export function inWorkingSet(role: string, participant: WorkingSetInput, batas: string): boolean {
  if (participant.tanggal_selesai >= batas || participant.diberitahu === true) return true;
  const terbit = participant.sertifikatTerbit ?? null;
  if (role !== 'Mentor' && terbit !== null && terbit >= batas) return true;
  return hasPendingWork(role, participant);
}
