import { useState } from 'react';
import type { DateRange } from './date-range';
import { DateRangeFilter } from './date-range-filter';
import { FilterPanel, FilterSelect } from './filter-panel';

/** What the panel edits: the 'Periode Magang' range and a division id ('' = Semua Divisi). */
export interface PeriodDivisiFilters {
  periode: DateRange;
  divisiId: string;
}

interface PeriodDivisiFilterPanelProps<T extends PeriodDivisiFilters> {
  /** The filters in force. */
  value: T;
  onChange: (filters: T) => void;
  /** What Reset returns to. */
  empty: T;
  /** The badge number of the filter button (each list counts by its own rule). */
  activeCount: number;
  /** The divisions of the Divisi select. */
  divisi: readonly { id: number; nama: string }[];
}

/**
 * The filter panel of the participant and certificate lists: 'Periode Magang' with
 * quick ranges and Clear, Divisi ('Semua Divisi'); Reset and Terapkan. The panel edits a
 * draft; only Terapkan (or Reset) changes the list.
 */
export function PeriodDivisiFilterPanel<T extends PeriodDivisiFilters>({
  value,
  onChange,
  empty,
  activeCount,
  divisi,
}: PeriodDivisiFilterPanelProps<T>) {
  const [draft, setDraft] = useState<T>(value);
  return (
    <FilterPanel
      activeCount={activeCount}
      onOpen={() => setDraft(value)}
      onApply={() => onChange(draft)}
      onReset={() => {
        setDraft(empty);
        onChange(empty);
      }}
    >
      <DateRangeFilter value={draft.periode} onChange={(periode) => setDraft((current) => ({ ...current, periode }))} />
      <FilterSelect label="Divisi" value={draft.divisiId} onChange={(divisiId) => setDraft((current) => ({ ...current, divisiId }))}>
        <option value="">Semua Divisi</option>
        {divisi.map((row) => (
          <option key={row.id} value={String(row.id)}>
            {row.nama}
          </option>
        ))}
      </FilterSelect>
    </FilterPanel>
  );
}
