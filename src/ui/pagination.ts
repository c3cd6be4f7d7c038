/**
 * Pager arithmetic of every list (5 rows a page, 5 page buttons, 3 under 768 px): pure, so it is tested without a DOM.
 * Pages are numbered from 1.
 */

/** Rows per page of every list. */
export const PAGE_SIZE = 5;
/** Page buttons of the pager on a wide screen, and under 768 px. */
export const PAGER_BUTTONS_WIDE = 5;
export const PAGER_BUTTONS_NARROW = 3;

/** Number of pages for `total` rows; at least 1 so an empty list still has a page 1. */
export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** `page` kept inside 1..pageCount (e.g. after the last row of the last page was deleted). */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

/** 1-based numbers of the first and last row shown on `page` (0 and 0 for an empty list). */
export function pageBounds(page: number, total: number, pageSize: number = PAGE_SIZE): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, pageCount(total, pageSize));
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize) };
}

/** The pager's summary line, e.g. 'Showing 6 to 10 of 12 entries'. */
export function showingText(from: number, to: number, total: number): string {
  return `Showing ${from} to ${to} of ${total} entries`;
}

/**
 * The page numbers the pager shows: at most `maxButtons` consecutive pages, the current one as
 * central as the ends allow (e.g. page 5 of 9 with 5 buttons → 3 4 5 6 7; page 1 → 1 2 3 4 5).
 */
export function pageWindow(page: number, pages: number, maxButtons: number = PAGER_BUTTONS_WIDE): number[] {
  const total = Math.max(1, pages);
  const size = Math.max(1, Math.min(maxButtons, total));
  const current = clampPage(page, total);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The rows of `page`. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number = PAGE_SIZE): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize));
  return items.slice((current - 1) * pageSize, current * pageSize);
}
