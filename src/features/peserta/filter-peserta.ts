import type { PesertaRecord } from '@/db/records';
import { isRangeSet, overlapsRange } from '@/ui/date-range';
import type { PeriodDivisiFilters } from '@/ui/period-divisi-filter';
import { EMPTY_PERIOD_DIVISI_FILTERS, filterPeriodDivisi } from '@/ui/period-divisi-list';
import { compareId } from '@/domain/collate';

/** The filter panel's values: the 'Periode Magang' range and a division id ('' = Semua Divisi). */
export type PesertaFilters = PeriodDivisiFilters;

/** No filter in force. */
export const EMPTY_FILTERS: PesertaFilters = EMPTY_PERIOD_DIVISI_FILTERS;

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
  return filterPeriodDivisi(rows, search, filters, {
    instansi: (row) => row.instansi?.nama ?? '',
    inPeriod: overlapsRange,
    compare: comparePeserta,
  });
}
