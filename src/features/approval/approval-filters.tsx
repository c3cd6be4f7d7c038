import { useId, useState } from 'react';
import { DateRangeFilter } from '@/ui/date-range-filter';
import { FilterPanel } from '@/ui/filter-panel';
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
  const approvalId = useId();
  const jenjangId = useId();
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
      <div className="filter-field">
        <label htmlFor={approvalId}>Approval</label>
        <select
          id={approvalId}
          className="select"
          value={draft.approval}
          onChange={(event) => setDraft((current) => ({ ...current, approval: event.target.value as ApprovalFilterValue }))}
        >
          <option value="">Semua</option>
          <option value="lengkap">Lengkap</option>
          <option value="belum">Belum Lengkap</option>
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor={jenjangId}>Jenjang</label>
        <select
          id={jenjangId}
          className="select"
          value={draft.jenjang}
          onChange={(event) => setDraft((current) => ({ ...current, jenjang: event.target.value as JenjangFilterValue }))}
        >
          <option value="">Semua</option>
          <option value="SMK">SMK</option>
          <option value="Mahasiswa">Mahasiswa</option>
        </select>
      </div>
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
