import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, clampPage, pageBounds, pageCount, pageSlice, pageWindow, showingText } from '@/ui/pagination';

describe('pagination math', () => {
  it('should use page size 5', () => {
    expect(PAGE_SIZE).toBe(5);
  });

  it.each([
    [0, 1],
    [1, 1],
    [5, 1],
    [6, 2],
    [10, 2],
    [11, 3],
  ])('should count %i rows as %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it.each([
    [1, 12, 1, 5],
    [2, 12, 6, 10],
    [3, 12, 11, 12],
    [9, 12, 11, 12],
    [1, 0, 0, 0],
    [1, 3, 1, 3],
  ])('should show rows of page %i of %i rows as %i to %i', (page, total, from, to) => {
    expect(pageBounds(page, total)).toEqual({ from, to });
  });

  it("should write the summary line 'Showing X to Y of N entries'", () => {
    const { from, to } = pageBounds(2, 12);
    expect(showingText(from, to, 12)).toBe('Showing 6 to 10 of 12 entries');
  });

  it('should keep a page inside 1..pageCount', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
  });

  it.each([
    [1, 9, [1, 2, 3, 4, 5]],
    [3, 9, [1, 2, 3, 4, 5]],
    [5, 9, [3, 4, 5, 6, 7]],
    [8, 9, [5, 6, 7, 8, 9]],
    [9, 9, [5, 6, 7, 8, 9]],
    [2, 3, [1, 2, 3]],
    [1, 1, [1]],
  ])('should show 5 page buttons around page %i of %i', (page, pages, expected) => {
    expect(pageWindow(page, pages, 5)).toEqual(expected);
  });

  it.each([
    [1, 9, [1, 2, 3]],
    [5, 9, [4, 5, 6]],
    [9, 9, [7, 8, 9]],
    [2, 2, [1, 2]],
  ])('should show 3 page buttons on narrow screens around page %i of %i', (page, pages, expected) => {
    expect(pageWindow(page, pages, 3)).toEqual(expected);
  });

  it('should slice the rows of a page', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(pageSlice(rows, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlice(rows, 3)).toEqual([11, 12]);
    expect(pageSlice(rows, 7)).toEqual([11, 12]);
  });
});
