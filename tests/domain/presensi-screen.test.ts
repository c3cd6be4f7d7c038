import { describe, expect, it } from 'vitest';
import {
  PRESENSI_SCREEN_MSG,
  activeDuring,
  activeOn,
  catatanToSend,
  clampDate,
  dateBounds,
  isChange,
  todayCounts,
  weekOf,
} from '@/domain/presensi-screen';

const periode = { tanggal_masuk: '2026-11-02', tanggal_selesai: '2026-11-27' };

describe('activeOn and activeDuring', () => {
  it('should include both ends of the internship and nothing outside it', () => {
    expect(activeOn(periode, '2026-11-02')).toBe(true);
    expect(activeOn(periode, '2026-11-27')).toBe(true);
    expect(activeOn(periode, '2026-11-01')).toBe(false);
    expect(activeOn(periode, '2026-11-28')).toBe(false);
  });

  it('should count a week that meets the internship by one day', () => {
    expect(activeDuring(periode, '2026-10-26', '2026-11-02')).toBe(true);
    expect(activeDuring(periode, '2026-11-27', '2026-12-03')).toBe(true);
    expect(activeDuring(periode, '2026-11-28', '2026-12-04')).toBe(false);
  });
});

describe('weekOf', () => {
  it('should give Monday to Sunday of the week of any of its days', () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(weekOf('2026-11-23')).toEqual(week);
    expect(weekOf('2026-11-26')).toEqual(week);
    expect(weekOf('2026-11-29')).toEqual(week);
  });

  it('should cross a month and a year', () => {
    expect(weekOf('2027-01-01')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });
});

describe('dateBounds and clampDate', () => {
  it('should run from the earliest start to today', () => {
    const bounds = dateBounds([periode, { tanggal_masuk: '2026-09-01', tanggal_selesai: '2026-12-31' }], '2026-11-26');
    expect(bounds).toEqual({ min: '2026-09-01', max: '2026-11-26' });
    expect(clampDate('2026-08-31', bounds)).toBe('2026-09-01');
    expect(clampDate('2026-11-27', bounds)).toBe('2026-11-26');
    expect(clampDate('2026-10-10', bounds)).toBe('2026-10-10');
  });

  it('should be today alone without participants or when every one starts later', () => {
    expect(dateBounds([], '2026-11-26')).toEqual({ min: '2026-11-26', max: '2026-11-26' });
    expect(dateBounds([{ tanggal_masuk: '2026-12-01', tanggal_selesai: '2027-01-01' }], '2026-11-26').min).toBe('2026-11-26');
  });
});

describe('catatanToSend and isChange', () => {
  it('should send a trimmed note for Izin and Sakit only', () => {
    expect(catatanToSend('Izin', '  acara keluarga ')).toBe('acara keluarga');
    expect(catatanToSend('Sakit', '   ')).toBeNull();
    expect(catatanToSend('Hadir', 'terlambat')).toBeNull();
    expect(catatanToSend('Alpa', null)).toBeNull();
  });

  it('should see a new mark, another status and another note of Izin or Sakit as changes', () => {
    expect(isChange({ status: 'Hadir', catatan: null }, null)).toBe(true);
    expect(isChange({ status: 'Alpa', catatan: null }, { status: 'Hadir', catatan: null })).toBe(true);
    expect(isChange({ status: 'Izin', catatan: 'b' }, { status: 'Izin', catatan: 'a' })).toBe(true);
    expect(isChange({ status: 'Sakit', catatan: ' a ' }, { status: 'Sakit', catatan: 'a' })).toBe(false);
  });

  it('should not see Hadir chosen again as a change, even when HR gave it a note', () => {
    expect(isChange({ status: 'Hadir', catatan: null }, { status: 'Hadir', catatan: 'terlambat 10 menit' })).toBe(false);
  });
});

describe('todayCounts', () => {
  it('should count the participants active today and those of them marked', () => {
    const peserta = [
      { id: 1, ...periode },
      { id: 2, ...periode },
      { id: 3, tanggal_masuk: '2026-12-01', tanggal_selesai: '2027-02-01' },
    ];
    // 3 is marked (an old mark) but not active today: not counted.
    expect(todayCounts(peserta, new Set([1, 3]), '2026-11-26')).toEqual({ marked: 1, active: 2 });
    expect(PRESENSI_SCREEN_MSG.todayLine(1, 2)).toBe('Presensi hari ini: 1 dari 2 ditandai');
  });
});
