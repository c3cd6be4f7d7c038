/**
 * The approval list of '/approval' as pure functions: which participants are in it (those with
 * competencies for their division and level, at least one score, at least as many scores as
 * competencies — counted on ACTIVE competencies, as the server does), the filters (approval
 * complete or not, level, a period that OVERLAPS a quick range, the viewer's own to-do), the
 * chips, and the order (the viewer's 'Perlu Tindakan' first unless a column is sorted).
 */
import { type ApprovalProgress, PERLU_TINDAKAN, type Review, approvalProgress, statusForViewer } from '@/domain/approval-chain';
import { type KompetensiLike, pesertaInApprovalList } from '@/domain/nilai-view';
import { type DateRange, EMPTY_RANGE, type QuickRange, isRangeSet, monthsBack, overlapsRange } from '@/ui/date-range';
import { compareId, compareIsoDate } from '@/domain/collate';

/** The participant fields the approval screen reads. */
interface ApprovalPesertaInput {
  id: number;
  nama: string;
  jenjang: string;
  divisi_id: number;
  tanggal_masuk: string;
  tanggal_selesai: string;
  divisi?: { nama: string } | null;
}

/** One row of the approval list. */
export interface ApprovalRow<P extends ApprovalPesertaInput = ApprovalPesertaInput> {
  peserta: P;
  reviews: Review[];
  progress: ApprovalProgress;
  /** The Status column for the viewing role (statusForViewer). */
  status: string;
  /** A change of this participant waits in the outbox. */
  pending: boolean;
  /** Why the server refused this user's queued change of the participant (not dismissed yet), else null. */
  refused: string | null;
}

/** Rows of the participants that belong in the approval list, newest period first. */
export function approvalRows<P extends ApprovalPesertaInput>(
  peserta: readonly P[],
  nilaiOf: (pesertaId: number) => readonly { kompetensi_id: number }[],
  reviewsOf: (pesertaId: number) => Review[],
  kompetensi: readonly KompetensiLike[],
  role: string,
  pendingIds: ReadonlySet<number> = new Set(),
  refused: ReadonlyMap<number, string> = new Map(),
): ApprovalRow<P>[] {
  const rows: ApprovalRow<P>[] = [];
  for (const p of peserta) {
    if (!pesertaInApprovalList(p, nilaiOf(p.id), kompetensi)) continue;
    const reviews = reviewsOf(p.id);
    rows.push({ peserta: p, reviews, progress: approvalProgress(reviews), status: statusForViewer(role, reviews), pending: pendingIds.has(p.id), refused: refused.get(p.id) ?? null });
  }
  return rows.sort((a, b) => compareIsoDate(b.peserta.tanggal_masuk, a.peserta.tanggal_masuk) || compareId(a.peserta.nama, b.peserta.nama));
}

/** Values of the approval filter ('' = any). */
export type ApprovalFilterValue = '' | 'lengkap' | 'belum';
/** Values of the level filter ('' = any). */
export type JenjangFilterValue = '' | 'SMK' | 'Mahasiswa';

/** Values of the status filter ('' = any): 'perlu_tindakan' keeps the rows awaiting the viewer (the dashboard's link). */
export type StatusFilterValue = '' | 'perlu_tindakan';

/** The filter panel's state. */
export interface ApprovalFilters {
  approval: ApprovalFilterValue;
  jenjang: JenjangFilterValue;
  period: DateRange;
  /** The quick filter 'Perlu tindakan saya', kept in the URL (`?status=`); shown as a chip too. */
  status?: StatusFilterValue;
}

export const NO_FILTERS: ApprovalFilters = { approval: '', jenjang: '', period: EMPTY_RANGE, status: '' };

/** The quick ranges of the approval screen: 1, 6 and 12 months back from today. */
export const APPROVAL_QUICK_RANGES: readonly QuickRange[] = [
  { label: '1 Bulan', range: monthsBack(1) },
  { label: '6 Bulan', range: monthsBack(6) },
  { label: '1 Tahun', range: monthsBack(12) },
];

/** True when the row awaits the viewer's own decision ('Perlu Tindakan'). */
function needsViewer(row: ApprovalRow): boolean {
  return row.status === PERLU_TINDAKAN;
}

/** How many rows await the viewer's own decision (the count on 'Perlu tindakan saya'). */
export function perluTindakanCount(rows: readonly ApprovalRow[]): number {
  return rows.filter(needsViewer).length;
}

/** Rows whose name contains `search` and that pass every filter (period: overlap). */
export function filterApprovalRows<R extends ApprovalRow>(rows: readonly R[], search: string, filters: ApprovalFilters): R[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((row) => {
    if (needle !== '' && !row.peserta.nama.toLowerCase().includes(needle)) return false;
    if (filters.approval === 'lengkap' && !row.progress.complete) return false;
    if (filters.approval === 'belum' && row.progress.complete) return false;
    if (filters.jenjang !== '' && row.peserta.jenjang !== filters.jenjang) return false;
    if (filters.status === 'perlu_tindakan' && !needsViewer(row)) return false;
    if (isRangeSet(filters.period) && !overlapsRange(filters.period, row.peserta.tanggal_masuk, row.peserta.tanggal_selesai)) return false;
    return true;
  });
}

/** A date 'yyyy-mm-dd' as 'dd/mm/yyyy' (id-ID). */
function formatTanggal(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : iso;
}

/** The Periode column: 'dd/mm/yyyy - dd/mm/yyyy'. */
export function formatPeriode(from: string, to: string): string {
  return `${formatTanggal(from)} - ${formatTanggal(to)}`;
}

/** One active-filter chip: its text and which filter it clears. */
interface FilterChip {
  key: keyof ApprovalFilters;
  label: string;
}

/** The chips of the filters in force, one per active filter ('Hapus semua' clears them). */
export function activeChips(filters: ApprovalFilters, today: Date = new Date()): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.approval) chips.push({ key: 'approval', label: `Approval: ${filters.approval === 'lengkap' ? 'Lengkap' : 'Belum Lengkap'}` });
  if (filters.jenjang) chips.push({ key: 'jenjang', label: `Jenjang: ${filters.jenjang}` });
  if (filters.status === 'perlu_tindakan') chips.push({ key: 'status', label: `Status: ${PERLU_TINDAKAN}` });
  if (isRangeSet(filters.period)) {
    const quick = APPROVAL_QUICK_RANGES.find((q) => {
      const range = q.range(today);
      return range.start === filters.period.start && range.end === filters.period.end;
    });
    const text = quick
      ? quick.label
      : `${filters.period.start ? formatTanggal(filters.period.start) : '…'} - ${filters.period.end ? formatTanggal(filters.period.end) : '…'}`;
    chips.push({ key: 'period', label: `Periode: ${text}` });
  }
  return chips;
}

/** The sortable columns and the order. */
export type SortKey = 'periode' | 'progress';
export interface SortState {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** The next sort after a click on `key`'s header: ascending, then descending, then none. */
export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/** Progress as a sort value: a rejected participant sorts below every approval count. */
function progressRank(row: ApprovalRow): number {
  return row.progress.rejected ? -1 : row.progress.approved;
}

/**
 * Rows sorted by `sort` (stable). With no sort the viewer's 'Perlu Tindakan' rows come first,
 * each group in the given order (newest period first), so the to-do is on page 1.
 */
export function sortApprovalRows<R extends ApprovalRow>(rows: readonly R[], sort: SortState | null): R[] {
  if (!sort) return [...rows.filter(needsViewer), ...rows.filter((row) => !needsViewer(row))];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const compare =
    sort.key === 'periode'
      ? (a: R, b: R) =>
          compareIsoDate(a.peserta.tanggal_masuk, b.peserta.tanggal_masuk) || compareIsoDate(a.peserta.tanggal_selesai, b.peserta.tanggal_selesai)
      : (a: R, b: R) => progressRank(a) - progressRank(b);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}
