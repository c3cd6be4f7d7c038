/**
 * Scores (nilai): range, letter grades, the score edit locks with their messages, the mentor
 * list status, the approval-list inclusion rule, and the requests and refusals of the score
 * API. Pure.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { JENJANG } from './master-data';
import {
  APPROVAL_STEPS,
  type ApprovalStep,
  BUSHEAD,
  DISETUJUI,
  DITOLAK,
  HR,
  MENUNGGU,
  PEMBIMBING,
  type Review,
  TIDAK_DILANJUTKAN,
  approvalProgress,
  rejectingStep,
  stepStatuses,
} from './approval-chain';

export const SKOR_MIN = 0;
export const SKOR_MAX = 100;

/** True for an integer score 0-100. */
export function isValidSkor(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SKOR_MIN && value <= SKOR_MAX;
}

/** Letter grade on the score screens: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else E. */
export function letterGrade(skor: number): 'A' | 'B' | 'C' | 'D' | 'E' {
  if (skor >= 90) return 'A';
  if (skor >= 80) return 'B';
  if (skor >= 70) return 'C';
  if (skor >= 60) return 'D';
  return 'E';
}

/** Edit-lock and score texts. */
export const NILAI_MSG = {
  /** Edit Nilai's 'Simpan Nilai' with every input blank: nothing would be sent. */
  nothingToSave: 'Isi minimal satu nilai',
  stopped: 'Nilai tidak dapat diubah karena proses persetujuan telah dihentikan',
  mentorApproved: (step: ApprovalStep) => `Nilai tidak dapat diedit. ${step} sudah melakukan approval`,
  mentorRejected: (step: ApprovalStep) => `Nilai tidak dapat diedit. ${step} sudah menolak peserta`,
  approverApproved: (step: ApprovalStep) => `Nilai tidak dapat diubah karena ${step} sudah melakukan approval`,
  approverRejected: (step: ApprovalStep) => `Nilai tidak dapat diubah karena ${step} sudah menolak peserta`,
  ownDecision: 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan',
  busHeadNeverEdits: 'Nilai tidak dapat diubah karena BusHead tidak dapat mengedit nilai',
  reloaded: 'Data terbaru telah dimuat, silakan refresh halaman.',
  allRequired: 'Semua kolom nilai harus diisi!',
  outOfRange: 'Semua nilai harus antara 0-100!',
  saved: 'Nilai berhasil disimpan',
  allDeleted: 'Semua nilai berhasil dihapus',
  saveFailed: 'Gagal menyimpan nilai',
  /** An approver's score save ('Edit Nilai' on the approval screen) that failed. */
  approverSaveFailed: 'Gagal memperbarui data',
  deleteFailed: 'Gagal menghapus nilai',
  noKompetensiTitle: 'Kompetensi Belum Tersedia',
  noKompetensiHint: 'Hubungi HR untuk memperbarui kompetensi',
  resetConfirm: 'Apakah Anda yakin ingin menghapus semua nilai peserta ini?',
  // The API's refusals of a score on a competency it cannot have.
  kompetensiUnknown: 'Kompetensi yang dipilih tidak ditemukan',
  kompetensiWrongJenjang: 'Kompetensi tidak sesuai dengan jenjang peserta',
} as const;

/** The latest step (in chain order) that has approved or rejected, with its decision. */
function latestDecision(reviews: readonly Review[]): { step: ApprovalStep; status: typeof DISETUJUI | typeof DITOLAK } | null {
  const statuses = stepStatuses(reviews);
  for (const step of [...APPROVAL_STEPS].reverse()) {
    const status = statuses[step];
    if (status === DISETUJUI || status === DITOLAK) return { step, status };
  }
  return null;
}

/** The step whose decision locks scores for each editing role: Pembimbing's by HR's, HR's by BusHead's. */
const LOCKED_BY: Record<string, ApprovalStep> = { [PEMBIMBING]: HR, [HR]: BUSHEAD };

/**
 * Why `role` may not save or reset scores now, or null when it may:
 * a Mentor is locked once Pembimbing decided (or the chain stopped); for approvers any
 * Tidak_dilanjutkan stops editing;
 * Pembimbing and HR edit on the approval screen only while nobody rejected, their own review
 * is undecided and the next step has not decided; BusHead never edits scores.
 * Mentor texts name the latest deciding step ('Nilai tidak dapat diedit. ...'), approver
 * texts use 'Nilai tidak dapat diubah karena ...'.
 */
export function scoreEditLock(role: string, reviews: readonly Review[]): string | null {
  const statuses = stepStatuses(reviews);
  if (role === 'Mentor') {
    // The mentor screen names the latest step that decided, approval or rejection.
    if (statuses[PEMBIMBING] === MENUNGGU && !Object.values(statuses).includes(TIDAK_DILANJUTKAN)) return null;
    const latest = latestDecision(reviews);
    if (!latest) return NILAI_MSG.stopped;
    return latest.status === DITOLAK ? NILAI_MSG.mentorRejected(latest.step) : NILAI_MSG.mentorApproved(latest.step);
  }
  const lockingStep = LOCKED_BY[role];
  if (!lockingStep) return NILAI_MSG.busHeadNeverEdits;
  if (Object.values(statuses).includes(TIDAK_DILANJUTKAN)) return NILAI_MSG.stopped;
  const rejecter = rejectingStep(reviews);
  if (rejecter) return NILAI_MSG.approverRejected(rejecter);
  if (statuses[lockingStep] === DISETUJUI) return NILAI_MSG.approverApproved(lockingStep);
  if (statuses[role as ApprovalStep] !== MENUNGGU) return NILAI_MSG.ownDecision;
  return null;
}

/** Mentor list status keys and their labels. */
export const MENTOR_STATUSES = [
  'belum_dinilai',
  'menunggu_approval',
  'approval_parsial',
  'approval_lengkap',
  'ditolak',
] as const;
export type MentorStatus = (typeof MENTOR_STATUSES)[number];

/** Short names of the mentor statuses (the Penilaian status filter, the mentor dashboard). */
export const MENTOR_STATUS_NAMES: Record<MentorStatus, string> = {
  belum_dinilai: 'Belum Dinilai',
  menunggu_approval: 'Menunggu Approval',
  approval_parsial: 'Approval Parsial',
  approval_lengkap: 'Approval Lengkap',
  ditolak: 'Ditolak',
};

/** The mentor list status of a participant and its label. */
export function mentorStatus(
  scoreCount: number,
  kompetensiCount: number,
  reviews: readonly Review[],
): { status: MentorStatus; label: string } {
  if (kompetensiCount === 0 || scoreCount < kompetensiCount) return { status: 'belum_dinilai', label: 'Penilaian belum lengkap' };
  const progress = approvalProgress(reviews);
  if (progress.rejected) return { status: 'ditolak', label: 'Ditolak' };
  if (progress.complete) return { status: 'approval_lengkap', label: 'Lengkap' };
  if (progress.approved > 0) return { status: 'approval_parsial', label: `Disetujui ${progress.approved} dari 3` };
  return { status: 'menunggu_approval', label: 'Menunggu Approval' };
}

/** The approval list holds participants with competencies for their division and
 * level, at least one score, and at least as many scores as competencies. */
export function inApprovalList(scoreCount: number, kompetensiCount: number): boolean {
  return kompetensiCount > 0 && scoreCount > 0 && scoreCount >= kompetensiCount;
}

/** One score of POST /api/nilai/bulk. */
export const nilaiItemSchema = lazySchema(() => z.object({
  peserta_id: z.number().int().positive(),
  kompetensi_id: z.number().int().positive(),
  skor: z.number().int().min(0).max(100),
}));
export type NilaiItem = z.infer<typeof nilaiItemSchema>;

/** Body of POST /api/nilai/bulk: 1 to 500 scores. */
export const nilaiBulkSchema = lazySchema(() => z.object({ nilai_data: z.array(nilaiItemSchema).min(1).max(500) }));

/** Query of GET /api/nilai/divisi/{divisiId}/kompetensi: the level is required. */
export const nilaiKompetensiQuerySchema = lazySchema(() => z.object({
  jenjang: z.enum(JENJANG, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'Jenjang wajib diisi' : 'Jenjang tidak valid'),
  }),
}));
