/**
 * The month calendar of a participant's attendance: a month of days in weeks from Monday, limited
 * to the months of the internship, each day with its mark's letter and an accessible name
 * ('5 Januari 2026: Hadir'); days that are not working days (HARI_KERJA) or outside the
 * internship are told apart. Pure: no clock, no DOM.
 */
import { ALPA, HADIR, IZIN, type Periode, type PresensiStatus, SAKIT, type Weekday, addDays, weekdayOf } from './presensi';
import { BULAN, tanggalPanjang } from './sertifikat';

/** A month, 'yyyy-mm'. */
export type CalendarMonth = string;

/** The letter a mark shows in the calendar. */
export const PRESENSI_LETTER: Record<PresensiStatus, string> = { [HADIR]: 'H', [IZIN]: 'I', [SAKIT]: 'S', [ALPA]: 'A' };

/** Texts of the calendar and of the attendance section of the detail views. */
export const PRESENSI_CALENDAR_MSG = {
  title: 'Presensi',
  /** The column heads, Monday first. */
  weekdays: ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'],
  weekdaysLong: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'],
  prev: 'Bulan sebelumnya',
  next: 'Bulan berikutnya',
  notMarked: 'Belum ditandai',
  notWorkingDay: 'Bukan hari kerja',
  outsidePeriod: 'Di luar periode magang',
  legend: 'Keterangan',
  /** The legend's faint sample. */
  dimmed: 'Bukan hari kerja / di luar periode',
  loading: 'Memuat presensi...',
  loadFailed: 'Gagal memuat presensi',
  staleNote: 'Presensi terbaru belum dapat dimuat; yang tampil adalah data tersimpan di perangkat.',
  calendarLabel: (month: string) => `Kalender presensi ${month}`,
  /** HR: how to correct a day. */
  correctHint: 'Pilih tanggal pada kalender untuk mengoreksi presensinya.',
  /** HR: the heading of the day opened for a correction. */
  correctTitle: (hari: string) => `Koreksi presensi ${hari}`,
  correctClose: 'Tutup koreksi',
} as const;

/**
 * Who corrects attendance from a participant's calendar: HR (the mentor marks on '/presensi'; the
 * approvers only read). The correction goes through the same rules, outbox and history as a mark.
 */
export function correctsInCalendar(role: string | null | undefined): boolean {
  return role === 'HR';
}

/** One day of the grid. */
export interface CalendarDay {
  /** yyyy-mm-dd */
  tanggal: string;
  /** Day of the month, 1–31. */
  day: number;
  /** Inside the internship. */
  inPeriod: boolean;
  /** A working day (HARI_KERJA). */
  working: boolean;
}

/** The month of a yyyy-mm-dd date. */
export function monthOf(tanggal: string): CalendarMonth {
  return tanggal.slice(0, 7);
}

/** The month `delta` months after `month` (negative: before). */
export function shiftMonth(month: CalendarMonth, delta: number): CalendarMonth {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNo - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first and last month of an internship. */
export function periodMonths(periode: Periode): { first: CalendarMonth; last: CalendarMonth } {
  return { first: monthOf(periode.tanggal_masuk), last: monthOf(periode.tanggal_selesai) };
}

/** `month` moved into the internship's months (the first or last month when outside). */
export function clampMonth(month: CalendarMonth, periode: Periode): CalendarMonth {
  const { first, last } = periodMonths(periode);
  return month < first ? first : month > last ? last : month;
}

/** The month a calendar opens on: today's, kept inside the internship. */
export function initialMonth(periode: Periode, today: string): CalendarMonth {
  return clampMonth(monthOf(today), periode);
}

/** 'Januari 2026'. */
export function monthLabel(month: CalendarMonth): string {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return `${BULAN[monthNo - 1] ?? month} ${year}`;
}

/**
 * The weeks of `month`, Monday first: each a row of seven cells, null before the first and
 * after the last day of the month (4 to 6 rows).
 */
export function monthGrid(month: CalendarMonth, periode: Periode, hariKerja: readonly Weekday[]): (CalendarDay | null)[][] {
  const first = `${month}-01`;
  const days: (CalendarDay | null)[] = Array.from({ length: weekdayOf(first) - 1 }, () => null);
  for (let tanggal = first; monthOf(tanggal) === month; tanggal = addDays(tanggal, 1)) {
    days.push({
      tanggal,
      day: Number(tanggal.slice(8)),
      inPeriod: tanggal >= periode.tanggal_masuk && tanggal <= periode.tanggal_selesai,
      working: hariKerja.includes(weekdayOf(tanggal)),
    });
  }
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/**
 * The accessible name of a day: '5 Januari 2026: Hadir'; without a mark, why — outside the
 * internship, not a working day, or not marked yet. A mark shows even on a day that is no
 * longer a working day (the setting changed after it was set).
 */
export function dayLabel(day: CalendarDay, status: PresensiStatus | null): string {
  const what = status ?? (!day.inPeriod ? PRESENSI_CALENDAR_MSG.outsidePeriod : !day.working ? PRESENSI_CALENDAR_MSG.notWorkingDay : PRESENSI_CALENDAR_MSG.notMarked);
  return `${tanggalPanjang(day.tanggal)}: ${what}`;
}
