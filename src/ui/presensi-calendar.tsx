import { useId } from 'react';
import { IconButton } from './icon-button';
import './presensi-calendar.css';

/** The colour of a mark: one per attendance status. */
export type PresensiTone = 'hadir' | 'izin' | 'sakit' | 'alpa';

/** One day of the grid as shown: its number, its mark's letter and colour, its accessible name. */
export interface CalendarCellView {
  key: string;
  day: number;
  letter: string | null;
  tone: PresensiTone | null;
  /** The day's accessible name, e.g. '5 Januari 2026: Hadir'. */
  label: string;
  /** Not a working day, or outside the internship: shown faint. */
  dimmed: boolean;
  /** The day may be opened for a correction (a button); absent: shown only. */
  pickable?: boolean;
  /** The mark is kept on this device and not sent yet. */
  pending?: boolean;
}

interface MonthButton {
  label: string;
  disabled: boolean;
  onClick: () => void;
}

interface PresensiCalendarProps {
  /** 'Januari 2026' */
  monthLabel: string;
  /** The grid's accessible name, e.g. 'Kalender presensi Januari 2026'. */
  label: string;
  /** Column heads, Monday first, short and long (the long ones for screen readers). */
  weekdays: readonly string[];
  weekdaysLong: readonly string[];
  /** Rows of seven; null before the first and after the last day of the month. */
  weeks: readonly (readonly (CalendarCellView | null)[])[];
  legendTitle: string;
  /** Each mark's letter, colour and meaning; then a faint sample with `dimmedLabel`. */
  legend: readonly { letter: string; tone: PresensiTone; label: string }[];
  dimmedLabel: string;
  prev: MonthButton;
  next: MonthButton;
  /** The day opened for a correction, by key (null: none). */
  picked?: string | null;
  /** Opens a pickable day. */
  onPick?: (key: string) => void;
}

/**
 * A month of attendance marks: the month's name between previous / next buttons (disabled at the
 * ends of the period), a table of weeks from Monday, each day's number with its mark as a coloured
 * letter and an accessible name ('5 Januari 2026: Hadir'), faint days that are not working days or
 * lie outside the period, and a legend. Fits a 390 px screen (seven columns share the width).
 * Pickable days are buttons (pressed while open) that open a day for a correction.
 */
export function PresensiCalendar({ monthLabel, label, weekdays, weekdaysLong, weeks, legendTitle, legend, dimmedLabel, prev, next, picked = null, onPick }: PresensiCalendarProps) {
  const headingId = useId();
  return (
    <div className="cal">
      <div className="cal-nav">
        <IconButton label={prev.label} icon="prev" disabled={prev.disabled} onClick={prev.onClick} />
        <p id={headingId} className="cal-month" aria-live="polite">
          {monthLabel}
        </p>
        <IconButton label={next.label} icon="next" disabled={next.disabled} onClick={next.onClick} />
      </div>
      <table className="cal-grid" aria-label={label}>
        <thead>
          <tr>
            {weekdays.map((day, i) => (
              <th key={day} scope="col" abbr={weekdaysLong[i]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((cell, d) =>
                cell ? (
                  <td key={cell.key} className={`cal-day${cell.dimmed ? ' cal-dimmed' : ''}${cell.pending ? ' cal-pending' : ''}`}>
                    {cell.pickable && onPick ? (
                      <button
                        type="button"
                        className="cal-cell cal-pick"
                        aria-label={cell.label}
                        aria-pressed={picked === cell.key}
                        title={cell.label}
                        onClick={() => onPick(cell.key)}
                      >
                        <CellBody cell={cell} />
                      </button>
                    ) : (
                      <span className="cal-cell" role="img" aria-label={cell.label} title={cell.label}>
                        <CellBody cell={cell} />
                      </span>
                    )}
                  </td>
                ) : (
                  <td key={`blank-${d}`} className="cal-blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="cal-legend">
        <span className="cal-legend-title">{legendTitle}:</span>
        <ul>
          {legend.map((item) => (
            <li key={item.letter}>
              <span className={`cal-mark cal-${item.tone}`} aria-hidden="true">
                {item.letter}
              </span>{' '}
              {item.label}
            </li>
          ))}
          <li>
            <span className="cal-legend-dimmed" aria-hidden="true" /> {dimmedLabel}
          </li>
        </ul>
      </div>
    </div>
  );
}

/** A day's number and its mark's coloured letter (hidden from screen readers: the cell is named). */
function CellBody({ cell }: { cell: CalendarCellView }) {
  return (
    <>
      <span className="cal-date" aria-hidden="true">
        {cell.day}
      </span>
      <span className={cell.tone ? `cal-mark cal-${cell.tone}` : 'cal-mark'} aria-hidden="true">
        {cell.letter ?? ''}
      </span>
    </>
  );
}
