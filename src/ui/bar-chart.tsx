import { type ChartDatum, ChartTable, chartSummary, toneOf } from './chart-data';
import './ui.css';

const ROW_PX = 46;
const BAR_PX = 12;

interface BarChartProps {
  /** Names the chart for screen readers and captions its table. */
  title: string;
  data: readonly ChartDatum[];
  /** Column headers of the text alternative, e.g. ['Tahap', 'Jumlah peserta']. */
  headers: readonly [string, string];
  valueText?: (value: number) => string;
  /**
   * The value a full bar stands for, e.g. the number of items the values are counted from
   * (each bar is then its share of that whole). Default: the largest value.
   */
  scaleMax?: number;
}

/**
 * Horizontal bars in one inline SVG: a label and the value above each bar. Bar lengths are
 * percentages of `scaleMax` (else of the widest value), so the chart follows its container's width while the text
 * keeps its size. role="img" with a summary; a visually hidden table repeats the data.
 */
export function BarChart({ title, data, headers, valueText = String, scaleMax }: BarChartProps) {
  const max = Math.max(1, scaleMax ?? 0, ...data.map((d) => d.value));
  // The last row needs no gap below its bar.
  const height = Math.max(0, data.length * ROW_PX - (ROW_PX - 22 - BAR_PX));
  return (
    <figure className="chart bar-chart">
      <svg role="img" aria-label={chartSummary(title, data, valueText)} width="100%" height={height} focusable="false">
        {data.map((d, i) => {
          const top = i * ROW_PX;
          const percent = (d.value / max) * 100;
          return (
            <g key={d.label} className={`chart-tone-${toneOf(d, i)}`}>
              <text x="0" y={top + 15} className="chart-label">
                {d.label}
              </text>
              <text x="100%" y={top + 15} textAnchor="end" className="chart-value">
                {valueText(d.value)}
              </text>
              <rect x="0" y={top + 22} width="100%" height={BAR_PX} rx={BAR_PX / 2} className="chart-track" />
              {d.value > 0 && (
                <rect
                  x="0"
                  y={top + 22}
                  width={`${Math.max(percent, 2)}%`}
                  height={BAR_PX}
                  rx={BAR_PX / 2}
                  className="chart-fill"
                />
              )}
            </g>
          );
        })}
      </svg>
      <ChartTable caption={title} headers={headers} data={data} valueText={valueText} />
    </figure>
  );
}
