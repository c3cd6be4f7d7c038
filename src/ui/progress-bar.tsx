import './filter.css';

interface ProgressBarProps {
  /** Progress 0..100 (rounded for display and aria-valuenow). */
  value: number;
  /** Accessible name (e.g. 'Progres import'). */
  label: string;
  /** Shows the percentage beside the bar (default true). */
  showValue?: boolean;
}

/** A determinate progress bar: role="progressbar" with aria-valuenow 0..100 and the percentage. */
export function ProgressBar({ value, label, showValue = true }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {showValue && (
        <span className="progress-value" aria-hidden="true">
          {percent}%
        </span>
      )}
    </div>
  );
}
