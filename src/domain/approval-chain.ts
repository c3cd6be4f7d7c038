/**
 * The approval chain: three steps in order (Pembimbing, HR, BusHead), who may approve, reject or
 * cancel, what each transition does, what each role sees, progress, and the stale-data
 * messages ('Data telah berubah. ...'). Pure: the UI, the outbox replay and the server all call these.
 */

/** The three steps, in order. The only place these names are written. */
export const PEMBIMBING = 'Pembimbing';
export const HR = 'HR';
export const BUSHEAD = 'BusHead';
export const APPROVAL_STEPS = [PEMBIMBING, HR, BUSHEAD] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

/** Review statuses: a step waits, approved, rejected, or stopped by an earlier rejection. */
export const MENUNGGU = 'Menunggu';
export const DISETUJUI = 'Disetujui';
export const DITOLAK = 'Ditolak';
export const TIDAK_DILANJUTKAN = 'Tidak_dilanjutkan';
export const REVIEW_STATUSES = [MENUNGGU, DISETUJUI, DITOLAK, TIDAK_DILANJUTKAN] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** One step's review as the API returns it. */
export interface Review {
  role_reviewer: ApprovalStep;
  status: ReviewStatus;
  catatan?: string | null;
}

/** The decisions a role can take on a participant. */
export type ApprovalAction = 'approve' | 'reject' | 'cancel';

/** True when `role` is one of the three approval steps. */
export function isApprovalStep(role: string | null | undefined): role is ApprovalStep {
  return (APPROVAL_STEPS as readonly string[]).includes(role ?? '');
}

/** The status of every step; a step with no review row counts as Menunggu. */
export function stepStatuses(reviews: readonly Review[]): Record<ApprovalStep, ReviewStatus> {
  const out = { [PEMBIMBING]: MENUNGGU, [HR]: MENUNGGU, [BUSHEAD]: MENUNGGU } as Record<ApprovalStep, ReviewStatus>;
  for (const review of reviews) if (isApprovalStep(review.role_reviewer)) out[review.role_reviewer] = review.status;
  return out;
}

/** The three reviews in step order, filling missing steps with Menunggu. */
export function normalizeReviews(reviews: readonly Review[]): Review[] {
  return APPROVAL_STEPS.map(
    (step) => reviews.find((review) => review.role_reviewer === step) ?? { role_reviewer: step, status: MENUNGGU, catatan: null },
  );
}

const stepIndex = (step: ApprovalStep) => APPROVAL_STEPS.indexOf(step);
const earlierSteps = (step: ApprovalStep) => APPROVAL_STEPS.slice(0, stepIndex(step));
const laterSteps = (step: ApprovalStep) => APPROVAL_STEPS.slice(stepIndex(step) + 1);

/** The first step whose status is Ditolak, if any. */
export function rejectingStep(reviews: readonly Review[]): ApprovalStep | null {
  const statuses = stepStatuses(reviews);
  return APPROVAL_STEPS.find((step) => statuses[step] === DITOLAK) ?? null;
}

/** Stale-data texts ('Data telah berubah. ...'): the action was judged on state that has since changed. */
export const STALE_MSG = {
  alreadyActed: 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.',
  waitingFor: (step: ApprovalStep) => `Data telah berubah. Menunggu persetujuan dari ${step}.`,
  nothingToCancel: 'Data telah berubah. Tidak ada keputusan yang dapat dibatalkan.',
  rejectedCannotCancel: (step: ApprovalStep) =>
    `Data telah berubah. ${step} sudah menolak peserta ini. Anda tidak dapat membatalkan keputusan.`,
  approvedCannotCancel: (step: ApprovalStep) =>
    `Data telah berubah. ${step} sudah melakukan approval. Anda tidak dapat membatalkan keputusan.`,
  // Approving after an earlier step rejected has a text of its own: the rejection text
  // above without its sentence about cancelling.
  rejectedByOther: (step: ApprovalStep) => `Data telah berubah. ${step} sudah menolak peserta ini.`,
} as const;

/** Why `role` may not approve or reject now (a stale-data message), or null when it may. */
export function decideBlock(role: string, reviews: readonly Review[]): string | null {
  if (!isApprovalStep(role)) return STALE_MSG.alreadyActed;
  const statuses = stepStatuses(reviews);
  if (statuses[role] === DISETUJUI || statuses[role] === DITOLAK) return STALE_MSG.alreadyActed;
  const rejecter = rejectingStep(reviews);
  if (rejecter) return STALE_MSG.rejectedByOther(rejecter);
  if (statuses[role] !== MENUNGGU) return STALE_MSG.alreadyActed;
  const waiting = earlierSteps(role).find((step) => statuses[step] !== DISETUJUI);
  if (waiting) return STALE_MSG.waitingFor(waiting);
  return null;
}

/** Spec 4: a role may approve or reject only if it is a step, nobody rejected, it has no
 * decision yet, and every earlier step is Disetujui. */
export function canDecide(role: string, reviews: readonly Review[]): boolean {
  return decideBlock(role, reviews) === null;
}

/** Why `role` may not cancel its decision now (a stale-data message), or null when it may. */
export function cancelBlock(role: string, reviews: readonly Review[]): string | null {
  if (!isApprovalStep(role)) return STALE_MSG.nothingToCancel;
  const statuses = stepStatuses(reviews);
  if (statuses[role] === DITOLAK) return null;
  if (statuses[role] !== DISETUJUI) return STALE_MSG.nothingToCancel;
  const otherRejecter = APPROVAL_STEPS.find((step) => step !== role && statuses[step] === DITOLAK);
  if (otherRejecter) return STALE_MSG.rejectedCannotCancel(otherRejecter);
  const laterApprover = laterSteps(role).find((step) => statuses[step] === DISETUJUI);
  if (laterApprover) return STALE_MSG.approvedCannotCancel(laterApprover);
  return null;
}

/** Spec 4: cancel is allowed on one's own Ditolak, or on one's own Disetujui while no other
 * step rejected and no later step approved. */
export function canCancel(role: string, reviews: readonly Review[]): boolean {
  return cancelBlock(role, reviews) === null;
}

/** The block message for any action, or null when the action is allowed. */
export function actionBlock(action: ApprovalAction, role: string, reviews: readonly Review[]): string | null {
  return action === 'cancel' ? cancelBlock(role, reviews) : decideBlock(role, reviews);
}

/** The three reviews after `role` takes `action` (call only when actionBlock is null).
 * Reject stops later steps (Tidak_dilanjutkan); cancelling a rejection resumes them. */
export function applyAction(
  action: ApprovalAction,
  role: ApprovalStep,
  reviews: readonly Review[],
  catatan: string | null = null,
): Review[] {
  const later = new Set<ApprovalStep>(laterSteps(role));
  const wasRejected = stepStatuses(reviews)[role] === DITOLAK;
  return normalizeReviews(reviews).map((review) => {
    if (review.role_reviewer === role) {
      if (action === 'approve') return { ...review, status: DISETUJUI, catatan };
      if (action === 'reject') return { ...review, status: DITOLAK, catatan };
      return { ...review, status: MENUNGGU, catatan: null };
    }
    if (!later.has(review.role_reviewer)) return review;
    if (action === 'reject') return { ...review, status: TIDAK_DILANJUTKAN, catatan: null };
    if (action === 'cancel' && wasRejected && review.status === TIDAK_DILANJUTKAN) {
      return { ...review, status: MENUNGGU, catatan: null };
    }
    return review;
  });
}

/** Progress: approved count of 3, percent = approved/3 rounded, complete at 3, rejected when any step rejected. */
export interface ApprovalProgress {
  approved: number;
  total: 3;
  percent: number;
  complete: boolean;
  rejected: boolean;
}
export function approvalProgress(reviews: readonly Review[]): ApprovalProgress {
  const statuses = Object.values(stepStatuses(reviews));
  const approved = statuses.filter((status) => status === DISETUJUI).length;
  return {
    approved,
    total: 3,
    percent: Math.round((approved / 3) * 100),
    complete: approved === 3,
    rejected: statuses.includes(DITOLAK),
  };
}

/** The approval screen's status of a participant awaiting the viewer's own decision. */
export const PERLU_TINDAKAN = 'Perlu Tindakan';

/** The Status column of the approval screen for the viewing role: 'Anda Menolak', 'Ditolak oleh {role}',
 * 'Disetujui', 'Ditolak', 'Menunggu {earlier role}' or 'Perlu Tindakan'. */
export function statusForViewer(role: string, reviews: readonly Review[]): string {
  const statuses = stepStatuses(reviews);
  if (isApprovalStep(role) && statuses[role] === DITOLAK) return 'Anda Menolak';
  const rejecter = rejectingStep(reviews);
  if (rejecter) return `Ditolak oleh ${rejecter}`;
  if (!isApprovalStep(role)) return approvalProgress(reviews).complete ? DISETUJUI : PERLU_TINDAKAN;
  if (statuses[role] === DISETUJUI) return DISETUJUI;
  // Stopped without a rejection on record (e.g. the rejecting review was removed).
  if (statuses[role] === TIDAK_DILANJUTKAN) return DITOLAK;
  const waiting = earlierSteps(role).find((step) => statuses[step] !== DISETUJUI);
  if (waiting) return `Menunggu ${waiting}`;
  return PERLU_TINDAKAN;
}

/** Confirm text of the cancel-decision button. */
export const CANCEL_CONFIRM_TEXT =
  "Apakah Anda yakin ingin membatalkan keputusan ini? Status akan kembali ke 'Menunggu'.";
