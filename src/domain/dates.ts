/**
 * Date display: dates show in the Indonesian (id-ID) format. Pure: the API's
 * 'yyyy-mm-dd' strings are read as calendar dates (UTC), so no time zone shifts the day.
 */

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

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
