import { useId, useState } from 'react';
import type { DivisiRecord } from '@/db/records';
import { DateRangeFilter } from '@/ui/date-range-filter';
import { FilterPanel } from '@/ui/filter-panel';
import { EMPTY_SERTIFIKAT_FILTERS, type SertifikatFilters, countSertifikatFilters } from './filter-sertifikat';

interface SertifikatFiltersProps {
  /** The filters in force. */
  value: SertifikatFilters;
  onChange: (filters: SertifikatFilters) => void;
  /** The divisions of the Divisi select. */
  divisi: readonly DivisiRecord[];
}

/**
 * The certificate lists' filter panel (spec 2): 'Periode Magang' (the internship must lie
 * inside it) and Divisi ('Semua Divisi'); Reset and Terapkan. The panel edits a draft; only
 * Terapkan (or Reset) changes the list.
 */
export function SertifikatFiltersPanel({ value, onChange, divisi }: SertifikatFiltersProps) {
  const [draft, setDraft] = useState<SertifikatFilters>(value);
  const divisiId = useId();
  return (
    <FilterPanel
      activeCount={countSertifikatFilters(value)}
      onOpen={() => setDraft(value)}
      onApply={() => onChange(draft)}
      onReset={() => {
        setDraft(EMPTY_SERTIFIKAT_FILTERS);
        onChange(EMPTY_SERTIFIKAT_FILTERS);
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
