import type { SertifikatRecord } from '@/db/records';
import { insideRange } from '@/ui/date-range';
import type { PeriodDivisiFilters } from '@/ui/period-divisi-filter';
import { filterPeriodDivisi } from '@/ui/period-divisi-list';
import { compareId } from '@/domain/collate';

/**
 * The badge number of the certificate lists: the period counts once when BOTH dates
 * are set (unlike the participant lists, where one date is enough), the division once.
 */
export function countSertifikatFilters(filters: PeriodDivisiFilters): number {
  const periode = filters.periode.start !== '' && filters.periode.end !== '' ? 1 : 0;
  return periode + (filters.divisiId !== '' ? 1 : 0);
}

/** By name (Indonesian collation), then id, so the order is stable. */
function compareSertifikat(a: SertifikatRecord, b: SertifikatRecord): number {
  return compareId(a.nama, b.nama) || a.id - b.id;
}

/**
 * The list as the screen shows it: `search` (any case, trimmed) in the participant's name or
 * the school / campus name; the division; the internship lying fully inside the period
 * (start on or after its first day, end on or before its last; an open end matches
 * anything); sorted by name.
 */
export function filterSertifikat(rows: readonly SertifikatRecord[], search: string, filters: PeriodDivisiFilters): SertifikatRecord[] {
  return filterPeriodDivisi(rows, search, filters, {
    instansi: (row) => row.instansi.nama,
    inPeriod: insideRange,
    compare: compareSertifikat,
  });
}
