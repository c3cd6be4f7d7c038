import { describe, expect, it } from 'vitest';
import type { Review } from '@/domain/approval-chain';
import {
  APPROVAL_QUICK_RANGES,
  NO_FILTERS,
  activeChips,
  approvalRows,
  filterApprovalRows,
  formatPeriode,
  nextSort,
  perluTindakanCount,
  sortApprovalRows,
} from '@/features/approval/filter-approval';

const komp = (id: number, jenjang: string, aktif = true) => ({ id, nama: `K${id}`, jenjang, aktif, divisi_kategori: [{ divisi: { id: 1 } }] });
const KOMPETENSI = [komp(1, 'SMK'), komp(2, 'SMK'), komp(3, 'SMK', false), komp(4, 'Mahasiswa')];
const R = (...statuses: string[]): Review[] =>
  ['Pembimbing', 'HR', 'BusHead'].map((role, i) => ({ role_reviewer: role, status: statuses[i] ?? 'Menunggu' })) as Review[];

const p = (id: number, nama: string, jenjang: string, masuk: string, selesai: string, divisi_id = 1) => ({
  id,
  nama,
  jenjang,
  divisi_id,
  tanggal_masuk: masuk,
  tanggal_selesai: selesai,
});
const PESERTA = [
  p(1, 'Andi', 'SMK', '2026-01-05', '2026-04-03'),
  p(2, 'Budi', 'SMK', '2026-06-01', '2026-09-30'),
  p(3, 'Citra', 'Mahasiswa', '2026-09-01', '2026-12-31'),
  p(4, 'Dewi', 'SMK', '2025-01-01', '2025-03-31'),
  p(5, 'Eko', 'SMK', '2026-03-01', '2026-05-31'), // one score of two: not in the list
  p(6, 'Fajar', 'SMK', '2026-02-01', '2026-05-31'), // no score: not in the list
  p(7, 'Gita', 'SMK', '2026-02-01', '2026-05-31', 9), // no competency for the division: not in the list
];
const SCORES: Record<number, number[]> = { 1: [1, 2], 2: [1, 2, 3], 3: [4], 4: [1, 2], 5: [1, 3], 6: [], 7: [1] };
const REVIEWS: Record<number, Review[]> = {
  1: R('Disetujui', 'Disetujui', 'Disetujui'),
  2: R('Disetujui'),
  3: R('Ditolak', 'Tidak_dilanjutkan', 'Tidak_dilanjutkan'),
  4: R(),
};
const nilaiOf = (id: number) => (SCORES[id] ?? []).map((kompetensi_id) => ({ kompetensi_id }));
const reviewsOf = (id: number) => REVIEWS[id] ?? R();
const rows = approvalRows(PESERTA, nilaiOf, reviewsOf, KOMPETENSI, 'HR', new Set([2]), new Map([[4, 'Data telah berubah.']]));
const ids = (list: readonly { peserta: { id: number } }[]) => list.map((r) => r.peserta.id);
const TODAY = new Date(2026, 10, 22); // 22 Nov 2026

describe('approvalRows (only fully scored participants, counted on active competencies)', () => {
  it('should keep only participants with every active competency scored, newest first', () => {
    expect(ids(rows)).toEqual([3, 2, 1, 4]);
  });
  it('should carry the progress, the viewer status and the pending mark', () => {
    const byId = new Map(rows.map((r) => [r.peserta.id, r]));
    expect(byId.get(1)?.progress).toMatchObject({ approved: 3, percent: 100, complete: true });
    expect(byId.get(2)?.status).toBe('Perlu Tindakan');
    expect(byId.get(3)?.status).toBe('Ditolak oleh Pembimbing');
    expect(byId.get(4)?.status).toBe('Menunggu Pembimbing');
    expect(byId.get(2)?.pending).toBe(true);
    expect(byId.get(1)?.pending).toBe(false);
  });
  it('should carry the refusal text of a refused queued change, else null', () => {
    const byId = new Map(rows.map((r) => [r.peserta.id, r]));
    expect(byId.get(4)?.refused).toBe('Data telah berubah.');
    expect(byId.get(2)?.refused).toBeNull();
  });
});

describe('filterApprovalRows', () => {
  it('should search by name', () => {
    expect(ids(filterApprovalRows(rows, 'bud', NO_FILTERS))).toEqual([2]);
  });
  it('should filter Lengkap / Belum Lengkap and Jenjang', () => {
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, approval: 'lengkap' }))).toEqual([1]);
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, approval: 'belum' }))).toEqual([3, 2, 4]);
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, jenjang: 'Mahasiswa' }))).toEqual([3]);
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, jenjang: 'SMK', approval: 'belum' }))).toEqual([2, 4]);
  });
  it('should match periods that overlap the quick ranges back from today', () => {
    const [oneMonth, sixMonths, oneYear] = APPROVAL_QUICK_RANGES.map((q) => q.range(TODAY));
    expect(oneMonth).toEqual({ start: '2026-10-22', end: '2026-11-22' });
    expect(sixMonths).toEqual({ start: '2026-05-22', end: '2026-11-22' });
    expect(oneYear).toEqual({ start: '2025-11-22', end: '2026-11-22' });
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, period: oneMonth! }))).toEqual([3]);
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, period: sixMonths! }))).toEqual([3, 2]);
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, period: oneYear! }))).toEqual([3, 2, 1]);
  });
  it('should count a period touching the range on its first or last day as overlapping', () => {
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, period: { start: '2026-04-03', end: '2026-04-10' } }))).toEqual([1]);
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, period: { start: '2026-04-04', end: '2026-05-31' } }))).toEqual([]);
  });
});

describe('the status filter of the dashboard link (?status=perlu_tindakan)', () => {
  it('should keep only the rows awaiting the viewer and show a chip', () => {
    const filters = { ...NO_FILTERS, status: 'perlu_tindakan' as const };
    expect(ids(filterApprovalRows(rows, '', filters))).toEqual([2]);
    expect(ids(filterApprovalRows(rows, 'andi', filters))).toEqual([]);
    expect(activeChips(filters, TODAY).map((c) => c.label)).toEqual(['Status: Perlu Tindakan']);
  });
  it('should keep every row without it', () => {
    expect(ids(filterApprovalRows(rows, '', { ...NO_FILTERS, status: '' }))).toEqual([3, 2, 1, 4]);
  });
});

describe('chips, sort and dates', () => {
  it('should list a chip per filter in force, the quick range by its label', () => {
    expect(activeChips(NO_FILTERS, TODAY)).toEqual([]);
    const chips = activeChips({ approval: 'belum', jenjang: 'SMK', period: APPROVAL_QUICK_RANGES[1]!.range(TODAY) }, TODAY);
    expect(chips.map((c) => c.label)).toEqual(['Approval: Belum Lengkap', 'Jenjang: SMK', 'Periode: 6 Bulan']);
    expect(activeChips({ ...NO_FILTERS, period: { start: '2026-01-01', end: '' } }, TODAY)[0]?.label).toBe('Periode: 01/01/2026 - …');
  });
  it('should cycle a column through ascending, descending and none', () => {
    expect(nextSort(null, 'periode')).toEqual({ key: 'periode', dir: 'asc' });
    expect(nextSort({ key: 'periode', dir: 'asc' }, 'periode')).toEqual({ key: 'periode', dir: 'desc' });
    expect(nextSort({ key: 'periode', dir: 'desc' }, 'periode')).toBeNull();
    expect(nextSort({ key: 'periode', dir: 'desc' }, 'progress')).toEqual({ key: 'progress', dir: 'asc' });
  });
  it('should sort by period start and by progress (rejected lowest), stably', () => {
    expect(ids(sortApprovalRows(rows, { key: 'periode', dir: 'asc' }))).toEqual([4, 1, 2, 3]);
    expect(ids(sortApprovalRows(rows, { key: 'periode', dir: 'desc' }))).toEqual([3, 2, 1, 4]);
    expect(ids(sortApprovalRows(rows, { key: 'progress', dir: 'asc' }))).toEqual([3, 4, 2, 1]);
    expect(ids(sortApprovalRows(rows, { key: 'progress', dir: 'desc' }))).toEqual([1, 2, 4, 3]);
  });
  it('should format the period as dd/mm/yyyy - dd/mm/yyyy', () => {
    expect(formatPeriode('2026-01-05', '2026-04-03')).toBe('05/01/2026 - 03/04/2026');
  });
});

describe('default order and the quick filter "Perlu tindakan saya"', () => {
  // Newest period first: 1 Mar, 1 Feb, 1 Jan, 1 Dec; viewer Pembimbing.
  const list = approvalRows(
    [
      p(11, 'Ani', 'SMK', '2026-03-01', '2026-05-31'),
      p(12, 'Bima', 'SMK', '2026-02-01', '2026-05-31'),
      p(13, 'Cahya', 'SMK', '2026-01-01', '2026-05-31'),
      p(14, 'Dian', 'SMK', '2025-12-01', '2026-05-31'),
    ],
    () => [{ kompetensi_id: 1 }, { kompetensi_id: 2 }],
    (id) => ({ 11: R('Disetujui'), 12: R(), 13: R('Ditolak', 'Tidak_dilanjutkan', 'Tidak_dilanjutkan'), 14: R() })[id] ?? R(),
    KOMPETENSI,
    'Pembimbing',
  );

  it.each([
    { viewer: 'Pembimbing', statuses: { 11: R('Disetujui'), 12: R(), 14: R() }, order: [12, 14, 11, 13] },
    { viewer: 'HR', statuses: { 11: R('Disetujui'), 12: R(), 14: R() }, order: [11, 12, 13, 14] },
    { viewer: 'HR', statuses: { 11: R(), 12: R('Disetujui'), 14: R('Disetujui') }, order: [12, 14, 11, 13] },
    { viewer: 'BusHead', statuses: { 11: R('Disetujui', 'Disetujui'), 12: R(), 14: R('Disetujui', 'Disetujui') }, order: [11, 14, 12, 13] },
  ])('should put the $viewer viewer\'s Perlu Tindakan rows first, the rest newest first ($order)', ({ viewer, statuses, order }) => {
    const reviews = statuses as Record<number, Review[]>;
    const viewerRows = approvalRows(
      list.map((r) => r.peserta),
      () => [{ kompetensi_id: 1 }, { kompetensi_id: 2 }],
      (id) => reviews[id] ?? R('Ditolak', 'Tidak_dilanjutkan', 'Tidak_dilanjutkan'),
      KOMPETENSI,
      viewer,
    );
    expect(ids(sortApprovalRows(viewerRows, null))).toEqual(order);
  });

  it.each([
    { sort: { key: 'periode', dir: 'asc' } as const, order: [14, 13, 12, 11] },
    { sort: { key: 'periode', dir: 'desc' } as const, order: [11, 12, 13, 14] },
    { sort: { key: 'progress', dir: 'desc' } as const, order: [11, 12, 14, 13] },
  ])('should let a sorted column override the default order ($sort.key $sort.dir)', ({ sort, order }) => {
    expect(ids(sortApprovalRows(list, sort))).toEqual(order);
  });

  it.each([
    { search: '', status: 'perlu_tindakan' as const, expected: [12, 14] },
    { search: 'bi', status: 'perlu_tindakan' as const, expected: [12] },
    { search: 'ani', status: 'perlu_tindakan' as const, expected: [] },
    { search: '', status: '' as const, expected: [11, 12, 13, 14] },
  ])('should filter search "$search" with status "$status" to $expected', ({ search, status, expected }) => {
    expect(ids(filterApprovalRows(list, search, { ...NO_FILTERS, status }))).toEqual(expected);
  });

  it('should count the rows awaiting the viewer', () => {
    expect(perluTindakanCount(list)).toBe(2);
    expect(perluTindakanCount([])).toBe(0);
  });
});
