import './chart.css';

/** The colours a chart may use; each is a CSS variable of src/styles.css (`--c-chart-<tone>`). */
export type ChartTone = 'primary' | 'info' | 'purple' | 'warning' | 'success' | 'danger' | 'cyan' | 'neutral';

/** Tones in the order charts cycle through them when a datum names none. */
const CHART_TONES: readonly ChartTone[] = ['primary', 'info', 'purple', 'warning', 'cyan', 'success', 'danger', 'neutral'];

/** One value of a chart. */
export interface ChartDatum {
  label: string;
  value: number;
  tone?: ChartTone;
}

/** The tone of the `index`-th datum: its own, else the next of the cycle. */
export function toneOf(datum: ChartDatum, index: number): ChartTone {
  return datum.tone ?? CHART_TONES[index % CHART_TONES.length]!;
}

/** 'Title: a 1, b 2' — the chart's accessible name. */
export function chartSummary(title: string, data: readonly ChartDatum[], valueText: (value: number) => string): string {
  return `${title}: ${data.map((d) => `${d.label} ${valueText(d.value)}`).join(', ')}`;
}

/** The text alternative of a chart: a table read by screen readers, hidden from the eye. */
export function ChartTable({
  caption,
  headers,
  data,
  valueText,
}: {
  caption: string;
  headers: readonly [string, string];
  data: readonly ChartDatum[];
  valueText: (value: number) => string;
}) {
  // The wrapper hides it: a table does not shrink to .sr-only's 1 px and would widen the page.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{headers[0]}</th>
            <th scope="col">{headers[1]}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{valueText(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
