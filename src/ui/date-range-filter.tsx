import { useId } from 'react';
import {
  type DateRange,
  EMPTY_RANGE,
  PERIOD_QUICK_RANGES,
  type QuickRange,
  isRangeSet,
  sameRange,
  withEnd,
  withStart,
} from './date-range';
import './filter.css';

interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Legend of the group (default 'Periode Magang'). */
  label?: string;
  /** Quick-range buttons (default the six of the participant lists). */
  quickRanges?: readonly QuickRange[];
  startLabel?: string;
  endLabel?: string;
  /** Label of the button that empties both dates (default 'Clear'). */
  clearLabel?: string;
  /** "Today" for the quick ranges (tests); default the moment a button is pressed. */
  today?: () => Date;
}

/**
 * A period picker: two date inputs where the start's max is the end and the end's
 * min is the start (a typed date that would invert the range drags the other end along), quick
 * ranges as toggle buttons (the matching one is pressed), and Clear.
 */
export function DateRangeFilter({
  value,
  onChange,
  label = 'Periode Magang',
  quickRanges = PERIOD_QUICK_RANGES,
  startLabel = 'Tanggal Mulai',
  endLabel = 'Tanggal Akhir',
  clearLabel = 'Clear',
  today = () => new Date(),
}: DateRangeFilterProps) {
  const id = useId();
  const now = today();
  return (
    <fieldset className="date-range-filter">
      <legend>{label}</legend>
      <div className="date-range-quick" role="group" aria-label={`Pilihan cepat ${label}`}>
        {quickRanges.map((quick) => {
          const range = quick.range(now);
          const pressed = sameRange(range, value);
          return (
            <button
              key={quick.label}
              type="button"
              className="chip"
              aria-pressed={pressed}
              onClick={() => onChange(pressed ? EMPTY_RANGE : quick.range(today()))}
            >
              {quick.label}
            </button>
          );
        })}
        <button type="button" className="chip chip-clear" disabled={!isRangeSet(value)} onClick={() => onChange(EMPTY_RANGE)}>
          {clearLabel}
        </button>
      </div>
      <div className="date-range-inputs">
        <div className="date-range-input">
          <label htmlFor={`${id}-start`}>{startLabel}</label>
          <input
            id={`${id}-start`}
            type="date"
            value={value.start}
            max={value.end || undefined}
            onChange={(event) => onChange(withStart(value, event.target.value))}
          />
        </div>
        <span className="date-range-sep" aria-hidden="true">
          –
        </span>
        <div className="date-range-input">
          <label htmlFor={`${id}-end`}>{endLabel}</label>
          <input
            id={`${id}-end`}
            type="date"
            value={value.end}
            min={value.start || undefined}
            onChange={(event) => onChange(withEnd(value, event.target.value))}
          />
        </div>
      </div>
    </fieldset>
  );
}
