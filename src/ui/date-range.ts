/**
 * Date-range arithmetic of the 'Periode Magang' filters (the start date's max is the end date,
 * the end date's min is the start date): pure, so it is tested without a DOM. Dates are 'yyyy-mm-dd'
 * strings in local time ('' = not set), the format of <input type="date"> and of the API.
 */

/** A period; either end may be '' (open). */
export interface DateRange {
  start: string;
  end: string;
}

/** No period chosen. */
export const EMPTY_RANGE: DateRange = { start: '', end: '' };

/** A quick-range button: its label and the range it picks relative to `today`. */
export interface QuickRange {
  label: string;
  range: (today: Date) => DateRange;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as 'yyyy-mm-dd'. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `days` days after `date` (negative: before), at local midnight. */
function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * `months` calendar months after `date` (negative: before), the day kept where the month has
 * it and otherwise the month's last day (31 May − 3 months = 28/29 February).
 */
export function addMonths(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), lastDay));
}

const monthRange = (today: Date, offset: number): DateRange => ({
  start: toIsoDate(new Date(today.getFullYear(), today.getMonth() + offset, 1)),
  end: toIsoDate(new Date(today.getFullYear(), today.getMonth() + offset + 1, 0)),
});

/** The range from `months` calendar months before today up to today (e.g. the approval screen's 1 / 6 / 12). */
export function monthsBack(months: number): QuickRange['range'] {
  return (today) => ({ start: toIsoDate(addMonths(today, -months)), end: toIsoDate(today) });
}

/**
 * The quick ranges of the participant lists: today; the last 7 days including today;
 * this calendar month; last calendar month; the last 3 months up to today; this calendar year.
 */
export const PERIOD_QUICK_RANGES: readonly QuickRange[] = [
  { label: 'Hari Ini', range: (today) => ({ start: toIsoDate(today), end: toIsoDate(today) }) },
  { label: '7 Hari Terakhir', range: (today) => ({ start: toIsoDate(addDays(today, -6)), end: toIsoDate(today) }) },
  { label: 'Bulan Ini', range: (today) => monthRange(today, 0) },
  { label: 'Bulan Lalu', range: (today) => monthRange(today, -1) },
  { label: '3 Bulan Terakhir', range: monthsBack(3) },
  { label: 'Tahun Ini', range: (today) => ({ start: `${today.getFullYear()}-01-01`, end: `${today.getFullYear()}-12-31` }) },
];

/** True when both ends are set and the end is before the start (never allowed). */
export function isRangeInverted(range: DateRange): boolean {
  return range.start !== '' && range.end !== '' && range.end < range.start;
}

/** A new start date; an end that would fall before it moves up to it, so the range stays valid. */
export function withStart(range: DateRange, start: string): DateRange {
  return { start, end: range.end !== '' && start !== '' && range.end < start ? start : range.end };
}

/** A new end date; a start that would fall after it moves down to it, so the range stays valid. */
export function withEnd(range: DateRange, end: string): DateRange {
  return { start: range.start !== '' && end !== '' && range.start > end ? end : range.start, end };
}

/** True when at least one end of the range is set. */
export function isRangeSet(range: DateRange): boolean {
  return range.start !== '' || range.end !== '';
}

/** True when the period `from`..`to` shares at least one day with `range` (open ends match anything). */
export function overlapsRange(range: DateRange, from: string, to: string): boolean {
  return (range.start === '' || to >= range.start) && (range.end === '' || from <= range.end);
}

/** True when the period `from`..`to` lies fully inside `range` (open ends match anything). */
export function insideRange(range: DateRange, from: string, to: string): boolean {
  return (range.start === '' || from >= range.start) && (range.end === '' || to <= range.end);
}

/** True when two ranges are the same (used to mark the active quick range). */
export function sameRange(a: DateRange, b: DateRange): boolean {
  return a.start === b.start && a.end === b.end;
}
