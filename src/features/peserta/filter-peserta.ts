import type { PesertaRecord } from '@/db/records';
import { type DateRange, EMPTY_RANGE, isRangeSet, overlapsRange } from '@/ui/date-range';
import { compareId } from '@/domain/collate';

/** The filter panel's values: the 'Periode Magang' range and a division id ('' = Semua Divisi). */
export interface PesertaFilters {
  periode: DateRange;
  divisiId: string;
}

/** No filter in force. */
export const EMPTY_FILTERS: PesertaFilters = { periode: EMPTY_RANGE, divisiId: '' };

/** The badge number on the filter button: the period counts once (one or both dates set), the division once. */
export function countActiveFilters(filters: PesertaFilters): number {
  return (isRangeSet(filters.periode) ? 1 : 0) + (filters.divisiId !== '' ? 1 : 0);
}

/** Newest tanggal_masuk first; equal dates by name, then id, so the order is stable. */
export function comparePeserta(a: PesertaRecord, b: PesertaRecord): number {
  if (a.tanggal_masuk !== b.tanggal_masuk) return a.tanggal_masuk < b.tanggal_masuk ? 1 : -1;
  return compareId(a.nama, b.nama) || a.id - b.id;
}

/**
 * The list as the screen shows it: `search` (any case) in the name or the school / campus;
 * the internship period overlapping 'Periode Magang' (a participant counts for a period when
 * interning on at least one of its days; an open end matches anything); the division; sorted
 * by tanggal_masuk, newest first.
 */
export function filterPeserta(rows: readonly PesertaRecord[], search: string, filters: PesertaFilters): PesertaRecord[] {
  const needle = search.trim().toLowerCase();
  const divisiId = filters.divisiId === '' ? null : Number(filters.divisiId);
  return rows
    .filter(
      (row) =>
        (needle === '' || row.nama.toLowerCase().includes(needle) || (row.instansi?.nama ?? '').toLowerCase().includes(needle)) &&
        (divisiId === null || row.divisi_id === divisiId) &&
        overlapsRange(filters.periode, row.tanggal_masuk, row.tanggal_selesai),
    )
    .sort(comparePeserta);
}
