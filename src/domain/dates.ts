/**
 * Dates of the app: which 'yyyy-mm-dd' strings are dates at all (the one owner of that rule, for
 * internships, attendance and every date query), and their display in the Indonesian (id-ID)
 * format. Pure: the API's strings are read as calendar dates (UTC), so no time zone shifts the day.
 */

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The earliest and latest date the app accepts: an internship or a mark outside them is a typing slip. */
export const TANGGAL_MIN = '2000-01-01';
export const TANGGAL_MAX = '2100-12-31';
/** The refusal of a real date outside TANGGAL_MIN..TANGGAL_MAX (`label` names the field). */
export const tanggalRangeMessage = (label = 'Tanggal') => `${label} harus antara 1 Januari 2000 dan 31 Desember 2100`;

/** True for a real calendar day written 'yyyy-mm-dd', whatever its year (the format alone). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no daylight-saving shifts).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a 'yyyy-mm-dd' string (already a calendar day) within TANGGAL_MIN..TANGGAL_MAX. */
export function isInTanggalRange(value: string): boolean {
  return value >= TANGGAL_MIN && value <= TANGGAL_MAX;
}

/** A date the app accepts: a real calendar day 'yyyy-mm-dd' from TANGGAL_MIN to TANGGAL_MAX. */
export function isIsoDate(value: string): boolean {
  return isCalendarDate(value) && isInTanggalRange(value);
}

/**
 * What is wrong with a typed date: `formatMessage` when it is no calendar day 'yyyy-mm-dd', the
 * range text when it is one outside the range, null when it is accepted.
 */
export function tanggalProblem(value: string, formatMessage: string, label?: string): string | null {
  if (!isCalendarDate(value)) return formatMessage;
  return isInTanggalRange(value) ? null : tanggalRangeMessage(label);
}

// Made on first use: constructing an id-ID DateTimeFormat loads ICU data, ~52 ms on this machine
// (×4 in Lighthouse's mobile CPU), and at module level it ran inside the one task that evaluates
// the `app` chunk on every logged-in start, including screens that show no date (docs/performance.md).
let longId: Intl.DateTimeFormat | undefined;
const LONG_ID = () => (longId ??= new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** 'yyyy-mm-dd' as an Indonesian date, e.g. '2026-01-05' → '5 Januari 2026'; anything else unchanged ('' → '-'). */
export function formatDateId(iso: string | null | undefined): string {
  if (!iso) return '-';
  const match = ISO_RE.exec(iso);
  if (!match) return iso;
  return LONG_ID().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The organisation's time zone: issue dates and "today" of attendance are days in Jakarta. */
export const ORGANISASI_TIME_ZONE = 'Asia/Jakarta';

/** The calendar day of `now` in Jakarta, 'yyyy-mm-dd'. */
export function jakartaDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ORGANISASI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

let weekdayLongId: Intl.DateTimeFormat | undefined;
const WEEKDAY_LONG_ID = () =>
  (weekdayLongId ??= new Intl.DateTimeFormat('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** 'yyyy-mm-dd' with its weekday, e.g. '2026-11-28' → 'Sabtu, 28 November 2026'; anything else as formatDateId. */
export function formatHariTanggal(iso: string | null | undefined): string {
  const match = iso ? ISO_RE.exec(iso) : null;
  if (!match) return formatDateId(iso);
  return WEEKDAY_LONG_ID().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

// Made on first use, like the date formatter above.
let jakartaTimeParts: Intl.DateTimeFormat | undefined;

/**
 * A moment (an ISO 8601 time) as people at the organisation read it: its Jakarta date and time
 * with the zone's name, e.g. '2026-11-28T23:30:00Z' → '29 November 2026, 06.30 WIB', whatever
 * the device's own zone. Assembled from parts so every runtime prints the same; anything that
 * is not a time is returned unchanged. Every time the app shows (history, inbox) goes through it.
 */
export function formatWaktuWib(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  jakartaTimeParts ??= new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ORGANISASI_TIME_ZONE,
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of jakartaTimeParts.formatToParts(time)) part[type] = value;
  return `${part.day} ${part.month} ${part.year}, ${part.hour}.${part.minute} WIB`;
}
