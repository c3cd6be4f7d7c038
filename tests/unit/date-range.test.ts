import { describe, expect, it } from 'vitest';
import {
  EMPTY_RANGE,
  PERIOD_QUICK_RANGES,
  addMonths,
  insideRange,
  isRangeInverted,
  isRangeSet,
  monthsBack,
  overlapsRange,
  toIsoDate,
  withEnd,
  withStart,
} from '@/ui/date-range';

const quick = (label: string, today: Date) => {
  const range = PERIOD_QUICK_RANGES.find((q) => q.label === label);
  if (!range) throw new Error(label);
  return range.range(today);
};

describe('PERIOD_QUICK_RANGES', () => {
  it('should offer the six quick ranges of the participant lists in order', () => {
    expect(PERIOD_QUICK_RANGES.map((q) => q.label)).toEqual(['Hari Ini', '7 Hari Terakhir', 'Bulan Ini', 'Bulan Lalu', '3 Bulan Terakhir', 'Tahun Ini']);
  });

  it.each([
    ['Hari Ini', new Date(2026, 10, 22), '2026-11-22', '2026-11-22'],
    ['7 Hari Terakhir', new Date(2026, 10, 22), '2026-11-16', '2026-11-22'],
    ['7 Hari Terakhir', new Date(2026, 2, 3), '2026-02-25', '2026-03-03'],
    ['Bulan Ini', new Date(2026, 10, 22), '2026-11-01', '2026-11-30'],
    ['Bulan Ini', new Date(2028, 1, 10), '2028-02-01', '2028-02-29'],
    ['Bulan Lalu', new Date(2026, 10, 22), '2026-10-01', '2026-10-31'],
    ['Bulan Lalu', new Date(2026, 0, 15), '2025-12-01', '2025-12-31'],
    ['3 Bulan Terakhir', new Date(2026, 10, 22), '2026-08-22', '2026-11-22'],
    ['3 Bulan Terakhir', new Date(2026, 4, 31), '2026-02-28', '2026-05-31'],
    ['Tahun Ini', new Date(2026, 10, 22), '2026-01-01', '2026-12-31'],
  ])('%s on %s should be %s..%s', (label, today, start, end) => {
    expect(quick(label, today)).toEqual({ start, end });
  });

  it('should give the approval screen its months-back ranges', () => {
    expect(monthsBack(1)(new Date(2026, 2, 31))).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(monthsBack(12)(new Date(2028, 1, 29))).toEqual({ start: '2027-02-28', end: '2028-02-29' });
  });
});

describe('date helpers', () => {
  it('should write local dates as yyyy-mm-dd', () => {
    expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('should keep the day or fall back to the last day of the month', () => {
    expect(toIsoDate(addMonths(new Date(2026, 0, 31), 1))).toBe('2026-02-28');
    expect(toIsoDate(addMonths(new Date(2026, 11, 15), 2))).toBe('2027-02-15');
  });
});

describe('range validation (start max = end, end min = start)', () => {
  it.each([
    [{ start: '', end: '' }, '2026-03-01', { start: '2026-03-01', end: '' }],
    [{ start: '', end: '2026-05-01' }, '2026-03-01', { start: '2026-03-01', end: '2026-05-01' }],
    [{ start: '', end: '2026-02-01' }, '2026-03-01', { start: '2026-03-01', end: '2026-03-01' }],
    [{ start: '2026-01-01', end: '2026-02-01' }, '', { start: '', end: '2026-02-01' }],
  ])('withStart(%j, %j) should be %j', (range, start, expected) => {
    expect(withStart(range, start)).toEqual(expected);
    expect(isRangeInverted(withStart(range, start))).toBe(false);
  });

  it.each([
    [{ start: '2026-03-01', end: '' }, '2026-04-01', { start: '2026-03-01', end: '2026-04-01' }],
    [{ start: '2026-03-01', end: '' }, '2026-02-01', { start: '2026-02-01', end: '2026-02-01' }],
    [{ start: '2026-03-01', end: '2026-04-01' }, '', { start: '2026-03-01', end: '' }],
  ])('withEnd(%j, %j) should be %j', (range, end, expected) => {
    expect(withEnd(range, end)).toEqual(expected);
    expect(isRangeInverted(withEnd(range, end))).toBe(false);
  });

  it('should tell an inverted or set range', () => {
    expect(isRangeInverted({ start: '2026-03-02', end: '2026-03-01' })).toBe(true);
    expect(isRangeInverted({ start: '2026-03-01', end: '2026-03-01' })).toBe(false);
    expect(isRangeSet(EMPTY_RANGE)).toBe(false);
    expect(isRangeSet({ start: '', end: '2026-01-01' })).toBe(true);
  });
});

describe('overlapsRange / insideRange', () => {
  const range = { start: '2026-03-01', end: '2026-03-31' };
  it.each([
    ['2026-01-01', '2026-02-28', false, false],
    ['2026-01-01', '2026-03-01', true, false],
    ['2026-03-05', '2026-03-20', true, true],
    ['2026-03-31', '2026-06-30', true, false],
    ['2026-04-01', '2026-06-30', false, false],
    ['2026-01-01', '2026-12-31', true, false],
  ])('%s..%s overlaps=%s inside=%s', (from, to, overlaps, inside) => {
    expect(overlapsRange(range, from, to)).toBe(overlaps);
    expect(insideRange(range, from, to)).toBe(inside);
  });

  it('should treat open ends as unbounded', () => {
    expect(overlapsRange(EMPTY_RANGE, '2020-01-01', '2020-01-02')).toBe(true);
    expect(overlapsRange({ start: '2026-03-01', end: '' }, '2026-01-01', '2026-02-01')).toBe(false);
    expect(insideRange({ start: '', end: '2026-03-01' }, '2026-01-01', '2026-02-01')).toBe(true);
  });
});
