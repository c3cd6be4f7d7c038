/**
 * The mentor list of '/penilaian' as pure functions: one row per participant with its status
 * (spec 4 "Mentor list status"), the status filter with readable labels, and the name search.
 */
import { type Review, approvalProgress } from '@/domain/approval-chain';
import { type MentorStatus, mentorStatus } from '@/domain/nilai';
import { countScored, kompetensiFor, type KompetensiLike } from '@/domain/scoring-view';

/** The values of the status filter ('semua' = no filter). */
export type StatusFilter = 'semua' | MentorStatus;

/** The status filter's options in spec order, with readable labels. */
export const STATUS_FILTER_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'semua', label: 'Semua Status' },
  { value: 'belum_dinilai', label: 'Belum Dinilai' },
  { value: 'menunggu_approval', label: 'Menunggu Approval' },
  { value: 'approval_parsial', label: 'Approval Parsial' },
  { value: 'approval_lengkap', label: 'Approval Lengkap' },
  { value: 'ditolak', label: 'Ditolak' },
];

/** The participant fields the list reads. */
export interface MentorPesertaInput {
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
}

/** Builds the rows from the mirror: scores counted on the active competencies of division + level. */
export function mentorRows(
  peserta: readonly MentorPesertaInput[],
  nilaiOf: (pesertaId: number) => readonly { kompetensi_id: number }[],
  reviewsOf: (pesertaId: number) => readonly Review[],
  kompetensi: readonly KompetensiLike[],
  pendingIds: ReadonlySet<number>,
): MentorRow[] {
  return peserta.map((p) => {
    const own = kompetensiFor(kompetensi, p.divisi_id, p.jenjang);
    const nilai = nilaiOf(p.id);
    // Before the first competency pull the server's count stands in.
    const kompetensiCount = kompetensi.length > 0 ? own.length : (p.kompetensi_count ?? 0);
    const scored = kompetensi.length > 0 ? countScored(nilai, own) : nilai.length;
    const reviews = reviewsOf(p.id);
    const { status, label } = mentorStatus(scored, kompetensiCount, reviews);
    const fraction =
      status === 'approval_parsial' || status === 'approval_lengkap' ? `${approvalProgress(reviews).approved}/3` : null;
    return { peserta: p, status, label, fraction, scored, kompetensiCount, pending: pendingIds.has(p.id) };
  });
}

/** Rows whose name contains `search` (case-insensitive) and whose status matches `status`. */
export function filterMentorRows(rows: readonly MentorRow[], search: string, status: StatusFilter): MentorRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) => (status === 'semua' || row.status === status) && (needle === '' || row.peserta.nama.toLowerCase().includes(needle)),
  );
}
