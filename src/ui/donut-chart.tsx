import { type ChartDatum, ChartTable, chartSummary, toneOf } from './chart-data';
import './ui.css';

const RADIUS = 15.9155; // circumference 100: dash lengths are percentages
const STROKE = 6;

interface DonutChartProps {
  /** Names the chart for screen readers and captions its table. */
  title: string;
  data: readonly ChartDatum[];
  /** Column headers of the text alternative, e.g. ['Divisi', 'Peserta aktif']. */
  headers: readonly [string, string];
  /** Small text under the total in the middle, e.g. 'peserta'. */
  centerLabel?: string;
  valueText?: (value: number) => string;
}

/**
 * A donut of shares in an inline SVG (viewBox, scales with its box) with the total in the
 * middle and a legend beside it. role="img" with a summary; a visually hidden table repeats
 * the data, so the legend is hidden from screen readers.
 */
export function DonutChart({ title, data, headers, centerLabel, valueText = String }: DonutChartProps) {
  const total = data.reduce((sum, d) => sum + d.value, 0);
  let offset = 0;
  return (
    <figure className="chart donut-chart">
      <svg className="donut-svg" viewBox="0 0 42 42" role="img" aria-label={chartSummary(title, data, valueText)} focusable="false">
        <circle cx="21" cy="21" r={RADIUS} fill="none" strokeWidth={STROKE} className="chart-track-stroke" />
        {total > 0 &&
          data.map((d, i) => {
            const share = (d.value / total) * 100;
            const segment = (
              <circle
                key={d.label}
                cx="21"
                cy="21"
                r={RADIUS}
                fill="none"
                strokeWidth={STROKE}
                strokeDasharray={`${share} ${100 - share}`}
                // Segments start at 12 o'clock and run clockwise.
                strokeDashoffset={25 - offset}
                className={`chart-stroke chart-tone-${toneOf(d, i)}`}
              />
            );
            offset += share;
            return d.value > 0 ? segment : null;
          })}
        <text x="21" y={centerLabel ? 21 : 23} textAnchor="middle" className="donut-total">
          {total}
        </text>
        {centerLabel && (
          <text x="21" y="26.5" textAnchor="middle" className="donut-center-label">
            {centerLabel}
          </text>
        )}
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        {data.map((d, i) => (
          <li key={d.label} className={`chart-tone-${toneOf(d, i)}`}>
            <span className="chart-swatch" />
            <span className="chart-legend-label">{d.label}</span>
            <span className="chart-legend-value">{valueText(d.value)}</span>
          </li>
        ))}
      </ul>
      <ChartTable caption={title} headers={headers} data={data} valueText={valueText} />
    </figure>
  );
}
