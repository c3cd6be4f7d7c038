import { describe, expect, it } from 'vitest';
import { hariKerjaSampai, kehadiranLines, kehadiranOf } from '@/domain/kehadiran';
import { DEFAULT_HARI_KERJA, type Weekday } from '@/domain/presensi';
import { clampMonth, dayLabel, initialMonth, monthGrid, monthLabel, periodMonths, shiftMonth } from '@/domain/presensi-calendar';

const periode = { tanggal_masuk: '2026-01-05', tanggal_selesai: '2026-03-20' };
const MON_FRI: Weekday[] = [1, 2, 3, 4, 5];

describe('the month grid', () => {
  it('should lay a month in weeks from Monday, blank before the 1st and after the last day', () => {
    // January 2026 starts on a Thursday and has 31 days: 3 blanks, 5 weeks.
    const weeks = monthGrid('2026-01', periode, DEFAULT_HARI_KERJA);
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]!.slice(0, 3)).toEqual([null, null, null]);
    expect(weeks[0]![3]).toMatchObject({ tanggal: '2026-01-01', day: 1 });
    expect(weeks[4]![5]).toMatchObject({ tanggal: '2026-01-31', day: 31 });
    expect(weeks[4]![6]).toBeNull();
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('should need six rows for a month that starts late in the week, four for a February from Monday', () => {
    // August 2026 starts on a Saturday (31 days); February 2027 starts on a Monday (28 days).
    expect(monthGrid('2026-08', periode, DEFAULT_HARI_KERJA)).toHaveLength(6);
    expect(monthGrid('2027-02', periode, DEFAULT_HARI_KERJA)).toHaveLength(4);
    // A leap February.
    expect(monthGrid('2028-02', periode, DEFAULT_HARI_KERJA).flat().filter(Boolean)).toHaveLength(29);
  });

  it('should tell working days (HARI_KERJA) and days inside the internship', () => {
    const days = monthGrid('2026-01', periode, MON_FRI).flat().filter((day) => day !== null);
    const of = (tanggal: string) => days.find((day) => day.tanggal === tanggal)!;
    expect(of('2026-01-02')).toMatchObject({ inPeriod: false, working: true }); // Friday before the start
    expect(of('2026-01-05')).toMatchObject({ inPeriod: true, working: true }); // Monday, first day
    expect(of('2026-01-10')).toMatchObject({ inPeriod: true, working: false }); // Saturday, Monday–Friday
    expect(monthGrid('2026-01', periode, DEFAULT_HARI_KERJA).flat().find((day) => day?.tanggal === '2026-01-10')?.working).toBe(true);
    expect(of('2026-01-11')).toMatchObject({ working: false }); // Sunday
  });
});

describe('the months of an internship', () => {
  it('should step months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', 14)).toBe('2027-07');
  });

  it('should keep the calendar inside the internship, opening on today\'s month', () => {
    expect(periodMonths(periode)).toEqual({ first: '2026-01', last: '2026-03' });
    expect(clampMonth('2025-11', periode)).toBe('2026-01');
    expect(clampMonth('2026-07', periode)).toBe('2026-03');
    expect(clampMonth('2026-02', periode)).toBe('2026-02');
    expect(initialMonth(periode, '2026-02-14')).toBe('2026-02');
    expect(initialMonth(periode, '2026-11-26')).toBe('2026-03');
    expect(initialMonth(periode, '2025-12-01')).toBe('2026-01');
  });

  it('should name a month in Indonesian', () => {
    expect(monthLabel('2026-01')).toBe('Januari 2026');
    expect(monthLabel('2026-12')).toBe('Desember 2026');
  });
});

describe('the accessible name of a day', () => {
  const day = (tanggal: string, inPeriod = true, working = true) => ({ tanggal, day: Number(tanggal.slice(8)), inPeriod, working });

  it('should name the date and the mark', () => {
    expect(dayLabel(day('2026-01-05'), 'Hadir')).toBe('5 Januari 2026: Hadir');
    expect(dayLabel(day('2026-02-17'), 'Sakit')).toBe('17 Februari 2026: Sakit');
  });

  it('should say why a day has no mark', () => {
    expect(dayLabel(day('2026-01-06'), null)).toBe('6 Januari 2026: Belum ditandai');
    expect(dayLabel(day('2026-01-11', true, false), null)).toBe('11 Januari 2026: Bukan hari kerja');
    expect(dayLabel(day('2026-01-02', false, true), null)).toBe('2 Januari 2026: Di luar periode magang');
  });
});

describe('the Kehadiran figure', () => {
  const marks = [
    { tanggal: '2026-01-05', status: 'Hadir' as const },
    { tanggal: '2026-01-06', status: 'Hadir' as const },
    { tanggal: '2026-01-07', status: 'Izin' as const },
    { tanggal: '2026-01-08', status: 'Sakit' as const },
    { tanggal: '2026-01-09', status: 'Alpa' as const },
    // Outside the internship (shortened after it was set): not counted.
    { tanggal: '2026-01-02', status: 'Hadir' as const },
  ];

  it('should count the working days of the internship up to today, or to its end', () => {
    // 5 to 10 January, Monday to Saturday: 6 days; Monday to Friday: 5.
    expect(hariKerjaSampai(periode, '2026-01-10')).toBe(6);
    expect(hariKerjaSampai(periode, '2026-01-10', MON_FRI)).toBe(5);
    expect(hariKerjaSampai(periode, '2027-01-01', MON_FRI)).toBe(hariKerjaSampai(periode, '2026-03-20', MON_FRI));
    expect(hariKerjaSampai(periode, '2026-01-01')).toBe(0);
  });

  it('should count the marks per status against those days, with its two lines', () => {
    const figure = kehadiranOf(marks, periode, '2026-01-10');
    expect(figure).toEqual({ hadir: 2, izin: 1, sakit: 1, alpa: 1, hari_kerja: 6 });
    expect(kehadiranLines(figure)).toEqual([
      'Kehadiran: hadir 2 dari 5 hari tercatat (40,0 %); tercatat 5 dari 6 hari kerja (83,3 %)',
      'Hadir 2 · Izin 1 · Sakit 1 · Alpa 1',
    ]);
    expect(kehadiranOf(marks, periode, '2026-01-10', MON_FRI).hari_kerja).toBe(5);
  });

  it('should show a dash for the share when nothing is recorded', () => {
    expect(kehadiranLines(kehadiranOf([], periode, '2026-01-10'))).toEqual([
      'Kehadiran: hadir 0 dari 0 hari tercatat (–); tercatat 0 dari 6 hari kerja (0,0 %)',
      'Hadir 0 · Izin 0 · Sakit 0 · Alpa 0',
    ]);
  });
});
