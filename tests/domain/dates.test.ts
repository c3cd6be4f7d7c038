import { describe, expect, it } from 'vitest';
import { isCalendarDate, isIsoDate, tanggalProblem } from '../../src/domain/dates';

describe('isIsoDate: a real calendar day from 2000-01-01 to 2100-12-31', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-12-31', true],
    ['2000-01-01', true],
    ['2100-12-31', true],
    ['1999-12-31', false],
    ['2101-01-01', false],
    ['1900-01-01', false],
    ['9999-12-31', false],
    ['2026-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-01-32', false],
    ['2026-1-5', false],
    ['05/01/2026', false],
    ['', false],
  ])('should judge %s as %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('should tell a date outside the range from a string that is no date', () => {
    expect(isCalendarDate('1900-01-01')).toBe(true);
    expect(tanggalProblem('1900-01-01', 'format')).toBe('Tanggal harus antara 1 Januari 2000 dan 31 Desember 2100');
    expect(tanggalProblem('2026-02-30', 'format')).toBe('format');
    expect(tanggalProblem('2026-02-28', 'format')).toBeNull();
  });
});
