import { describe, expect, it } from 'vitest';
import { PRESENSI_MSG } from '@/domain/presensi';
import { defaultRekapPeriod, filterRekapByNama, formatPersenHadir, rekapQueryOf, rekapQueryString } from '@/domain/rekap-presensi';

describe('defaultRekapPeriod', () => {
  it('should run from the first day of the month to the day given', () => {
    expect(defaultRekapPeriod('2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(defaultRekapPeriod('2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-01' });
  });
});

describe('formatPersenHadir', () => {
  it('should write the share with a decimal comma and one decimal, and a dash for nothing recorded', () => {
    expect(formatPersenHadir(96.7)).toBe('96,7 %');
    expect(formatPersenHadir(100)).toBe('100,0 %');
    expect(formatPersenHadir(0)).toBe('0,0 %');
    expect(formatPersenHadir(null)).toBe('—');
  });
});

describe('rekapQueryString', () => {
  it('should carry the period and only the filters that are set', () => {
    expect(rekapQueryString({ from: '2026-11-01', to: '2026-11-26' })).toBe('?from=2026-11-01&to=2026-11-26');
    expect(rekapQueryString({ from: '2026-11-01', to: '2026-11-26', jenjang: 'SMK', divisi_id: 3 })).toBe(
      '?from=2026-11-01&to=2026-11-26&jenjang=SMK&divisi_id=3',
    );
  });
});

describe('rekapQueryOf', () => {
  const draft = { from: '2026-11-01', to: '2026-11-26', jenjang: '', divisiId: '' };

  it('should turn a valid form into the query, empty choices left out', () => {
    expect(rekapQueryOf(draft)).toEqual({ query: { from: '2026-11-01', to: '2026-11-26' } });
    expect(rekapQueryOf({ ...draft, jenjang: 'Mahasiswa', divisiId: '4' })).toEqual({
      query: { from: '2026-11-01', to: '2026-11-26', jenjang: 'Mahasiswa', divisi_id: 4 },
    });
  });

  it("should refuse an end before the start, or a period too long, with the schema's texts on Sampai", () => {
    expect(rekapQueryOf({ ...draft, to: '2026-10-31' })).toEqual({ errors: { to: PRESENSI_MSG.rekapPeriod } });
    expect(rekapQueryOf({ ...draft, from: '2024-01-01' })).toEqual({ errors: { to: PRESENSI_MSG.rekapTooLong } });
  });

  it('should refuse a missing date on its own field', () => {
    expect(rekapQueryOf({ ...draft, from: '' })).toEqual({ errors: { from: PRESENSI_MSG.invalidDate } });
  });
});

describe('filterRekapByNama', () => {
  const rows = [{ nama: 'Larasati Wulandari' }, { nama: 'Reza Firmansyah' }];
  it('should keep the names holding the search, case and blanks ignored', () => {
    expect(filterRekapByNama(rows, '  LARAS ')).toEqual([{ nama: 'Larasati Wulandari' }]);
    expect(filterRekapByNama(rows, '')).toBe(rows);
    expect(filterRekapByNama(rows, 'zzz')).toEqual([]);
  });
});
