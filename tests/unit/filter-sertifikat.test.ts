import { describe, expect, it } from 'vitest';
import type { SertifikatRecord } from '@/db/records';
import { countSertifikatFilters, filterSertifikat } from '@/features/certificates/filter-sertifikat';
import { EMPTY_PERIOD_DIVISI_FILTERS as EMPTY_SERTIFIKAT_FILTERS } from '@/ui/period-divisi-list';

const row = (id: number, nama: string, instansi: string, divisi_id: number, tanggal_masuk: string, tanggal_selesai: string) =>
  ({ id, nama, instansi: { nama: instansi }, divisi_id, tanggal_masuk, tanggal_selesai }) as SertifikatRecord;

const rows = [
  row(1, 'Rizky Pratama', 'SMK Negeri 1 Jakarta', 4, '2026-01-05', '2026-04-03'),
  row(2, 'Dimas Saputra', 'SMK Negeri 2 Bandung', 1, '2026-02-02', '2026-05-01'),
  row(3, 'Andi Wijaya', 'SMK Telkom Malang', 4, '2026-03-02', '2026-06-26'),
  row(4, 'Budi', 'SMK Telkom Malang', 2, '2026-03-02', '2026-03-30'),
  row(5, 'Dewi Kartika Sari', 'SMK Negeri 1 Jakarta', 5, '2026-08-03', '2026-11-27'),
];
const ids = (list: SertifikatRecord[]) => list.map((r) => r.id);

describe('filterSertifikat', () => {
  it('should sort by name', () => {
    expect(ids(filterSertifikat(rows, '', EMPTY_SERTIFIKAT_FILTERS))).toEqual([3, 4, 5, 2, 1]);
  });

  it.each([
    ['dewi', [5]],
    ['TELKOM', [3, 4]],
    ['  negeri 1 ', [5, 1]],
    ['pratama', [1]],
    ['bandung', [2]],
    ['tidak ada', []],
  ])('should find %j in the name or the school / campus', (search, expected) => {
    expect(ids(filterSertifikat(rows, search, EMPTY_SERTIFIKAT_FILTERS))).toEqual(expected);
  });

  it.each([
    ['a division', { periode: { start: '', end: '' }, divisiId: '4' }, [3, 1]],
    ['a period that holds the whole internship', { periode: { start: '2026-01-01', end: '2026-04-30' }, divisiId: '' }, [4, 1]],
    ['a period with the exact first and last day', { periode: { start: '2026-01-05', end: '2026-04-03' }, divisiId: '' }, [4, 1]],
    ['a period one day short at the end', { periode: { start: '2026-01-05', end: '2026-04-02' }, divisiId: '' }, [4]],
    ['a period one day short at the start', { periode: { start: '2026-01-06', end: '2026-04-03' }, divisiId: '' }, [4]],
    ['an overlapping period (not inside)', { periode: { start: '2026-04-01', end: '2026-04-30' }, divisiId: '' }, []],
    ['only a start date', { periode: { start: '2026-03-01', end: '' }, divisiId: '' }, [3, 4, 5]],
    ['only an end date', { periode: { start: '', end: '2026-05-01' }, divisiId: '' }, [4, 2, 1]],
    ['a period and a division', { periode: { start: '2026-01-01', end: '2026-06-30' }, divisiId: '4' }, [3, 1]],
  ])('should filter by %s', (_, filters, expected) => {
    expect(ids(filterSertifikat(rows, '', filters))).toEqual(expected);
  });

  it('should combine the search with the filters', () => {
    expect(ids(filterSertifikat(rows, 'andi', { periode: { start: '2026-01-01', end: '2026-06-30' }, divisiId: '4' }))).toEqual([3]);
    expect(ids(filterSertifikat(rows, 'rizky', { periode: EMPTY_SERTIFIKAT_FILTERS.periode, divisiId: '1' }))).toEqual([]);
  });
});

describe('countSertifikatFilters', () => {
  it.each([
    [EMPTY_SERTIFIKAT_FILTERS, 0],
    [{ periode: { start: '2026-01-01', end: '' }, divisiId: '' }, 0],
    [{ periode: { start: '', end: '2026-01-31' }, divisiId: '' }, 0],
    [{ periode: { start: '2026-01-01', end: '2026-01-31' }, divisiId: '' }, 1],
    [{ periode: { start: '', end: '' }, divisiId: '3' }, 1],
    [{ periode: { start: '', end: '2026-01-31' }, divisiId: '3' }, 1],
    [{ periode: { start: '2026-01-01', end: '2026-01-31' }, divisiId: '3' }, 2],
  ])('%j should count %i', (filters, expected) => {
    expect(countSertifikatFilters(filters)).toBe(expected);
  });
});
