import { describe, expect, it } from 'vitest';
import type { PesertaRecord } from '@/db/records';
import { EMPTY_FILTERS, countActiveFilters, filterPeserta } from '@/features/peserta/filter-peserta';

const peserta = (id: number, nama: string, instansi: string, divisi_id: number, tanggal_masuk: string, tanggal_selesai: string) =>
  ({ id, nama, instansi: { nama: instansi }, divisi_id, tanggal_masuk, tanggal_selesai }) as PesertaRecord;

const rows = [
  peserta(1, 'Rizky Pratama', 'SMK Negeri 1 Jakarta', 4, '2026-01-05', '2026-04-03'),
  peserta(2, 'Dimas Saputra', 'SMK Negeri 2 Bandung', 1, '2026-02-02', '2026-05-01'),
  peserta(3, 'Andi Wijaya', 'SMK Telkom Malang', 4, '2026-03-02', '2026-06-26'),
  peserta(4, 'Budi', 'SMK Telkom Malang', 2, '2026-03-02', '2026-03-30'),
  peserta(5, 'Dewi Kartika Sari', 'SMK Negeri 1 Jakarta', 5, '2026-08-03', '2026-11-27'),
];
const ids = (list: PesertaRecord[]) => list.map((row) => row.id);

describe('filterPeserta', () => {
  it('should sort by tanggal_masuk, newest first (equal dates by name)', () => {
    expect(ids(filterPeserta(rows, '', EMPTY_FILTERS))).toEqual([5, 3, 4, 2, 1]);
  });

  it.each([
    ['dewi', [5]],
    ['TELKOM', [3, 4]],
    ['  negeri 1 ', [5, 1]],
    ['a', [5, 3, 4, 2, 1]],
    ['tidak ada', []],
  ])('should find %j in the name or the school', (search, expected) => {
    expect(ids(filterPeserta(rows, search, EMPTY_FILTERS))).toEqual(expected);
  });

  it('should filter by division and by an overlapping period, combined with the search', () => {
    expect(ids(filterPeserta(rows, '', { ...EMPTY_FILTERS, divisiId: '4' }))).toEqual([3, 1]);
    const april = { start: '2026-04-01', end: '2026-04-30' };
    expect(ids(filterPeserta(rows, '', { periode: april, divisiId: '' }))).toEqual([3, 2, 1]);
    expect(ids(filterPeserta(rows, '', { periode: april, divisiId: '4' }))).toEqual([3, 1]);
    expect(ids(filterPeserta(rows, 'andi', { periode: april, divisiId: '4' }))).toEqual([3]);
    expect(ids(filterPeserta(rows, '', { periode: { start: '2026-07-01', end: '' }, divisiId: '' }))).toEqual([5]);
    expect(ids(filterPeserta(rows, '', { periode: { start: '', end: '2026-01-31' }, divisiId: '' }))).toEqual([1]);
  });
});

describe('countActiveFilters', () => {
  it.each([
    [EMPTY_FILTERS, 0],
    [{ periode: { start: '2026-01-01', end: '' }, divisiId: '' }, 1],
    [{ periode: { start: '2026-01-01', end: '2026-01-31' }, divisiId: '' }, 1],
    [{ periode: { start: '', end: '' }, divisiId: '3' }, 1],
    [{ periode: { start: '', end: '2026-01-31' }, divisiId: '3' }, 2],
  ])('%j should count %i', (filters, expected) => {
    expect(countActiveFilters(filters)).toBe(expected);
  });
});
