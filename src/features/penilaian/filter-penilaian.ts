/**
 * The mentor list of '/penilaian' as pure functions: one row per participant with its status
 * (scores incomplete, rejected, 3 approvals, 1-2 approvals, else awaiting approval), the status
 * filter with readable labels, and the name search.
 */
import { type Review, approvalProgress } from '@/domain/approval-chain';
import { MENTOR_STATUSES, MENTOR_STATUS_NAMES, type MentorStatus, mentorStatus, scoreEditLock } from '@/domain/nilai';
import { type KompetensiLike, mentorScoreCounts } from '@/domain/nilai-view';

/** The values of the status filter ('semua' = no filter). */
export type StatusFilter = 'semua' | MentorStatus;

/** The status filter's options in spec order, with readable labels. */
export const STATUS_FILTER_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'semua', label: 'Semua Status' },
  ...MENTOR_STATUSES.map((value) => ({ value, label: MENTOR_STATUS_NAMES[value] })),
];

/** The participant fields the list reads. */
interface MentorPesertaInput {
  id: number;
  nama: string;
  jenjang: string;
  divisi_id: number;
  divisi?: { nama: string } | null;
  instansi?: { nama: string } | null;
  /** From the server; used only while the competency mirror is still empty. */
  kompetensi_count?: number;
}

/** One row of the mentor list. */
export interface MentorRow {
  peserta: MentorPesertaInput;
  status: MentorStatus;
  /** 'Penilaian belum lengkap', 'Menunggu Approval', 'Disetujui n dari 3', 'Lengkap', 'Ditolak'. */
  label: string;
  /** 'n/3' when the approval is partial or complete, else null. */
  fraction: string | null;
  scored: number;
  kompetensiCount: number;
  /** A change of this participant waits in the outbox. */
  pending: boolean;
  /** Why the server refused this user's queued change of the participant (not dismissed yet), else null. */
  refused: string | null;
  /** Why the mentor may not edit the scores now (the edit lock's text), else null. */
  lock: string | null;
}

/** Builds the rows from the mirror: scores counted on the active competencies of division + level. */
export function mentorRows(
  peserta: readonly MentorPesertaInput[],
  nilaiOf: (pesertaId: number) => readonly { kompetensi_id: number }[],
  reviewsOf: (pesertaId: number) => readonly Review[],
  kompetensi: readonly KompetensiLike[],
  pendingIds: ReadonlySet<number>,
  refused: ReadonlyMap<number, string> = new Map(),
): MentorRow[] {
  return peserta.map((p) => {
    const { scored, kompetensiCount } = mentorScoreCounts(p, nilaiOf(p.id), kompetensi);
    const reviews = reviewsOf(p.id);
    const { status, label } = mentorStatus(scored, kompetensiCount, reviews);
    const fraction =
      status === 'approval_parsial' || status === 'approval_lengkap' ? `${approvalProgress(reviews).approved}/3` : null;
    return {
      peserta: p,
      status,
      label,
      fraction,
      scored,
      kompetensiCount,
      pending: pendingIds.has(p.id),
      refused: refused.get(p.id) ?? null,
      lock: scoreEditLock('Mentor', reviews),
    };
  });
}

/** Rows whose name contains `search` (case-insensitive) and whose status matches `status`. */
export function filterMentorRows(rows: readonly MentorRow[], search: string, status: StatusFilter): MentorRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) => (status === 'semua' || row.status === status) && (needle === '' || row.peserta.nama.toLowerCase().includes(needle)),
  );
}
