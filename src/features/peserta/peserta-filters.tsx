import { useId, useState } from 'react';
import type { DivisiRecord } from '@/db/records';
import { DateRangeFilter } from '@/ui/date-range-filter';
import { FilterPanel } from '@/ui/filter-panel';
import { EMPTY_FILTERS, type PesertaFilters, countActiveFilters } from './filter-peserta';

interface PesertaFiltersProps {
  /** The filters in force. */
  value: PesertaFilters;
  onChange: (filters: PesertaFilters) => void;
  /** The divisions of the Divisi select. */
  divisi: readonly DivisiRecord[];
}

/**
 * The participant lists' filter panel (spec 2): 'Periode Magang' with quick ranges and Clear,
 * Divisi ('Semua Divisi'); Reset and Terapkan; the button's badge counts the filters in force.
 * The panel edits a draft; only Terapkan (or Reset) changes the list.
 */
export function PesertaFiltersPanel({ value, onChange, divisi }: PesertaFiltersProps) {
  const [draft, setDraft] = useState<PesertaFilters>(value);
  const divisiId = useId();
  return (
    <FilterPanel
      activeCount={countActiveFilters(value)}
      onOpen={() => setDraft(value)}
      onApply={() => onChange(draft)}
      onReset={() => {
        setDraft(EMPTY_FILTERS);
        onChange(EMPTY_FILTERS);
      }}
    >
      <DateRangeFilter value={draft.periode} onChange={(periode) => setDraft((current) => ({ ...current, periode }))} />
      <div className="filter-field">
        <label htmlFor={divisiId}>Divisi</label>
        <select
          id={divisiId}
          className="select"
          value={draft.divisiId}
          onChange={(event) => setDraft((current) => ({ ...current, divisiId: event.target.value }))}
        >
          <option value="">Semua Divisi</option>
          {divisi.map((row) => (
            <option key={row.id} value={String(row.id)}>
              {row.nama}
            </option>
          ))}
        </select>
      </div>
    </FilterPanel>
  );
}
