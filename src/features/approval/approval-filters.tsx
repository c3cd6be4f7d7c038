import { useState } from 'react';
import { DateRangeFilter } from '@/ui/date-range-filter';
import { FilterPanel, FilterSelect } from '@/ui/filter-panel';
import { Icon } from '@/ui/icons';
import {
  APPROVAL_QUICK_RANGES,
  type ApprovalFilterValue,
  type ApprovalFilters,
  type JenjangFilterValue,
  NO_FILTERS,
  activeChips,
} from './filter-approval';

interface ApprovalFiltersProps {
  value: ApprovalFilters;
  onChange: (filters: ApprovalFilters) => void;
}

/** The approval screen's filter panel (Approval, Jenjang, period quick ranges); closes on outside click. */
export function ApprovalFiltersPanel({ value, onChange }: ApprovalFiltersProps) {
  const [draft, setDraft] = useState<ApprovalFilters>(value);
  return (
    <FilterPanel
      // The status filter is the quick filter beside the panel: not counted here, kept by Reset.
      activeCount={activeChips(value).filter((chip) => chip.key !== 'status').length}
      onOpen={() => setDraft(value)}
      onApply={() => onChange({ ...draft, status: value.status })}
      onReset={() => {
        setDraft(NO_FILTERS);
        onChange({ ...NO_FILTERS, status: value.status });
      }}
    >
      <FilterSelect
        label="Approval"
        value={draft.approval}
        onChange={(approval) => setDraft((current) => ({ ...current, approval: approval as ApprovalFilterValue }))}
      >
        <option value="">Semua</option>
        <option value="lengkap">Lengkap</option>
        <option value="belum">Belum Lengkap</option>
      </FilterSelect>
      <FilterSelect
        label="Jenjang"
        value={draft.jenjang}
        onChange={(jenjang) => setDraft((current) => ({ ...current, jenjang: jenjang as JenjangFilterValue }))}
      >
        <option value="">Semua</option>
        <option value="SMK">SMK</option>
        <option value="Mahasiswa">Mahasiswa</option>
      </FilterSelect>
      <DateRangeFilter
        label="Periode"
        quickRanges={APPROVAL_QUICK_RANGES}
        value={draft.period}
        onChange={(period) => setDraft((current) => ({ ...current, period }))}
      />
    </FilterPanel>
  );
}

/** The chips of the filters in force, each removable, and 'Hapus semua'. */
export function ApprovalFilterChips({ value, onChange }: ApprovalFiltersProps) {
  const chips = activeChips(value);
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Filter aktif">
      {chips.map((chip) => (
        <span key={chip.key} className="filter-chip">
          {chip.label}
          <button
            type="button"
            className="filter-chip-remove"
            aria-label={`Hapus filter ${chip.label}`}
            title={`Hapus filter ${chip.label}`}
            onClick={() => onChange({ ...value, [chip.key]: NO_FILTERS[chip.key] })}
          >
            <Icon name="close" size={14} />
          </button>
        </span>
      ))}
      <button type="button" className="link-btn" onClick={() => onChange(NO_FILTERS)}>
        Hapus semua
      </button>
    </div>
  );
}
