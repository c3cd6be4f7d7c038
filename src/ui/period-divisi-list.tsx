import { useMemo, useState } from 'react';
import { EMPTY_RANGE } from './date-range';
import { PeriodDivisiFilterPanel, type PeriodDivisiFilters } from './period-divisi-filter';
import { SearchInput } from './search-input';
import { usePagination, type Pagination } from './use-pagination';

/** No filter in force. */
export const EMPTY_PERIOD_DIVISI_FILTERS: PeriodDivisiFilters = { periode: EMPTY_RANGE, divisiId: '' };

/** A row of the participant and certificate lists, as far as their search and filters read it. */
interface PeriodDivisiRow {
  nama: string;
  divisi_id: number | null;
  tanggal_masuk: string;
  tanggal_selesai: string;
}

/** How one list searches, filters and sorts its rows. */
export interface PeriodDivisiRule<R> {
  /** The school / campus name the search also looks in. */
  instansi: (row: R) => string;
  /** Whether the internship matches the 'Periode Magang' range (overlapsRange or insideRange). */
  inPeriod: (range: PeriodDivisiFilters['periode'], from: string, to: string) => boolean;
  compare: (a: R, b: R) => number;
}

/**
 * The list as a screen shows it: `search` (any case, trimmed) in the participant's name or
 * the school / campus name; the division; the period by the list's rule; sorted by its order.
 */
export function filterPeriodDivisi<R extends PeriodDivisiRow>(
  rows: readonly R[],
  search: string,
  filters: PeriodDivisiFilters,
  rule: PeriodDivisiRule<R>,
): R[] {
  const needle = search.trim().toLowerCase();
  const divisiId = filters.divisiId === '' ? null : Number(filters.divisiId);
  return rows
    .filter(
      (row) =>
        (needle === '' || row.nama.toLowerCase().includes(needle) || rule.instansi(row).toLowerCase().includes(needle)) &&
        (divisiId === null || row.divisi_id === divisiId) &&
        rule.inPeriod(filters.periode, row.tanggal_masuk, row.tanggal_selesai),
    )
    .sort(rule.compare);
}

export interface PeriodDivisiList<R> {
  search: string;
  setSearch: (search: string) => void;
  filters: PeriodDivisiFilters;
  setFilters: (filters: PeriodDivisiFilters) => void;
  /** The rows after search and filters, in the list's order. */
  visible: R[];
  /** `visible` paged; back to page 1 on a new search or filter. */
  pagination: Pagination<R>;
}

/**
 * The state of a participant or certificate list: the search text, the applied filters, the
 * rows they leave (`filter` must be a stable function) and their paging.
 */
export function usePeriodDivisiList<R>(
  rows: readonly R[] | undefined,
  filter: (rows: readonly R[], search: string, filters: PeriodDivisiFilters) => R[],
): PeriodDivisiList<R> {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<PeriodDivisiFilters>(EMPTY_PERIOD_DIVISI_FILTERS);
  const visible = useMemo(() => filter(rows ?? [], search, filters), [filter, rows, search, filters]);
  const pagination = usePagination(visible, {
    resetKey: `${search}|${filters.periode.start}|${filters.periode.end}|${filters.divisiId}`,
  });
  return { search, setSearch, filters, setFilters, visible, pagination };
}

interface PeriodDivisiToolbarProps {
  list: Pick<PeriodDivisiList<unknown>, 'filters' | 'setSearch' | 'setFilters'>;
  /** The search box's placeholder. */
  placeholder: string;
  /** The badge number of the filter button (each list counts by its own rule). */
  countFilters: (filters: PeriodDivisiFilters) => number;
  divisi: readonly { id: number; nama: string }[];
}

/** The toolbar of the participant and certificate lists: the search box, then the filter panel. */
export function PeriodDivisiToolbar({ list, placeholder, countFilters, divisi }: PeriodDivisiToolbarProps) {
  return (
    <div className="toolbar">
      <SearchInput placeholder={placeholder} onSearch={list.setSearch} delay={400} />
      <div className="toolbar-end">
        <PeriodDivisiFilterPanel
          value={list.filters}
          onChange={list.setFilters}
          empty={EMPTY_PERIOD_DIVISI_FILTERS}
          activeCount={countFilters(list.filters)}
          divisi={divisi}
        />
      </div>
    </div>
  );
}
