import { useId } from 'react';
import { formatDateId, formatHariTanggal, isIsoDate } from '@/domain/dates';
import { PRESENSI_SCREEN_MSG as T } from '@/domain/presensi-screen';

interface DateNavProps {
  date: string;
  /** The dates that may be shown: the earliest start of the participants … today. */
  bounds: { min: string; max: string };
  prevLabel: string;
  nextLabel: string;
  /** The week shown (week view), else null. */
  range: { from: string; to: string } | null;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  onDate: (tanggal: string) => void;
}

/** Previous / next buttons around a date input limited to the dates the screen may show. */
export function DateNav({ date, bounds, prevLabel, nextLabel, range, canPrev, canNext, onPrev, onNext, onDate }: DateNavProps) {
  const inputId = useId();
  return (
    <div className="presensi-datenav-box">
      <div className="presensi-datenav">
        <button type="button" className="btn btn-secondary presensi-step" aria-label={prevLabel} title={prevLabel} disabled={!canPrev} onClick={onPrev}>
          <span aria-hidden="true">‹</span>
        </button>
        <div className="field presensi-date">
          <label htmlFor={inputId}>{T.dateLabel}</label>
          <input
            id={inputId}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={date}
            onChange={(event) => {
              if (isIsoDate(event.target.value)) onDate(event.target.value);
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary presensi-step" aria-label={nextLabel} title={nextLabel} disabled={!canNext} onClick={onNext}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="presensi-date-text muted" aria-live="polite">
        {range ? `${formatDateId(range.from)} – ${formatDateId(range.to)}` : formatHariTanggal(date)}
      </p>
    </div>
  );
}
