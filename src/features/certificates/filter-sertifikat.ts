import type { SertifikatRecord } from '@/db/records';
import { type DateRange, EMPTY_RANGE, insideRange } from '@/ui/date-range';
import { compareId } from '@/domain/collate';

/** The certificate lists' filter panel: the internship period and a division id ('' = Semua Divisi). */
export interface SertifikatFilters {
  periode: DateRange;
  divisiId: string;
}

/** No filter in force. */
export const EMPTY_SERTIFIKAT_FILTERS: SertifikatFilters = { periode: EMPTY_RANGE, divisiId: '' };

/**
 * The badge number of the certificate lists: the period counts once when BOTH dates
 * are set (unlike the participant lists, where one date is enough), the division once.
 */
export function countSertifikatFilters(filters: SertifikatFilters): number {
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
export function filterSertifikat(rows: readonly SertifikatRecord[], search: string, filters: SertifikatFilters): SertifikatRecord[] {
  const needle = search.trim().toLowerCase();
  const divisiId = filters.divisiId === '' ? null : Number(filters.divisiId);
  return rows
    .filter(
      (row) =>
        (needle === '' || row.nama.toLowerCase().includes(needle) || row.instansi.nama.toLowerCase().includes(needle)) &&
        (divisiId === null || row.divisi_id === divisiId) &&
        insideRange(filters.periode, row.tanggal_masuk, row.tanggal_selesai),
    )
    .sort(compareSertifikat);
}
