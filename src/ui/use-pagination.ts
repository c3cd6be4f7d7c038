import { useState } from 'react';
import { PAGE_SIZE, clampPage, pageBounds, pageCount, pageSlice } from './pagination';

/** A primitive that names the current filter state, e.g. `${tab}|${search}` (compared with Object.is). */
export type PaginationResetKey = string | number | boolean | null;

export interface Pagination<T> {
  /** The current page (1-based), always inside 1..pageCount. */
  page: number;
  setPage: (page: number) => void;
  pageCount: number;
  pageSize: number;
  total: number;
  /** The rows of the current page. */
  pageItems: T[];
  /** 1-based number of the first row shown (0 when empty): the 'No' column starts here. */
  from: number;
  to: number;
}

/**
 * Client-side paging of `items` (page size 5). Whenever `resetKey` changes (a search
 * text, a tab, a filter) the page goes back to 1. When rows disappear the page is kept
 * inside the new page count.
 */
export function usePagination<T>(items: readonly T[], options: { pageSize?: number; resetKey?: PaginationResetKey } = {}): Pagination<T> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const resetKey = options.resetKey ?? null;
  const [state, setState] = useState<{ page: number; key: PaginationResetKey }>({ page: 1, key: resetKey });
  // A changed key resets the page during render, so no frame shows the old page's slice.
  let requested = state.page;
  if (!Object.is(state.key, resetKey)) {
    requested = 1;
    setState({ page: 1, key: resetKey });
  }
  const pages = pageCount(items.length, pageSize);
  const page = clampPage(requested, pages);
  const { from, to } = pageBounds(page, items.length, pageSize);
  return {
    page,
    setPage: (next: number) => setState({ page: clampPage(next, pages), key: resetKey }),
    pageCount: pages,
    pageSize,
    total: items.length,
    pageItems: pageSlice(items, page, pageSize),
    from,
    to,
  };
}
