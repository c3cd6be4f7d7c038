// The two ratios of attendance kept apart: the share present counts recorded days only, the
// coverage says how many working days are recorded at all; a low coverage is flagged on the
// recap (per row and in total) and the Kehadiran line states both ratios with their counts.
import { describe, expect, it } from 'vitest';
import { CAKUPAN_MINIMUM_PERSEN, cakupanPersen, cakupanRendah, formatPersen, kehadiranText } from '@/domain/kehadiran';
import { type RekapRow, rekapTotals } from '@/domain/presensi';
import { REKAP_MSG, formatCakupan, rekapCardLines, rekapCardSummary } from '@/domain/rekap-presensi';

const row = (nama: string, hadir: number, izin: number, sakit: number, alpa: number, hari_kerja: number): RekapRow => {
  const tercatat = hadir + izin + sakit + alpa;
  return { peserta_id: nama.length, nama, jenjang: 'SMK', divisi: 'Pemasaran', hadir, izin, sakit, alpa, tercatat, hari_kerja, persen_hadir: tercatat ? Math.round((hadir / tercatat) * 1000) / 10 : null };
};

describe('coverage', () => {
  it.each([
    { tercatat: 23, hariKerja: 23, persen: 100, text: '23 / 23 (100,0 %)', low: false },
    { tercatat: 19, hariKerja: 23, persen: 82.6, text: '19 / 23 (82,6 %)', low: false },
    { tercatat: 16, hariKerja: 20, persen: 80, text: '16 / 20 (80,0 %)', low: false },
    { tercatat: 15, hariKerja: 20, persen: 75, text: '15 / 20 (75,0 %)', low: true },
    { tercatat: 123, hariKerja: 663, persen: 18.6, text: '123 / 663 (18,6 %)', low: true },
    { tercatat: 0, hariKerja: 23, persen: 0, text: '0 / 23 (0,0 %)', low: true },
    { tercatat: 0, hariKerja: 0, persen: null, text: '0 / 0 (–)', low: false },
  ])('should write $tercatat of $hariKerja working days as $text, low: $low', ({ tercatat, hariKerja, persen, text, low }) => {
    expect(cakupanPersen(tercatat, hariKerja)).toBe(persen);
    expect(formatCakupan(tercatat, hariKerja)).toBe(text);
    expect(cakupanRendah(tercatat, hariKerja)).toBe(low);
  });

  it('should flag below the minimum only', () => {
    expect(CAKUPAN_MINIMUM_PERSEN).toBe(80);
    expect(formatPersen(86.2)).toBe('86,2 %');
    expect(formatPersen(null)).toBe('–');
  });

  it("should flag the recap's total whose share present looks high on few recorded days", () => {
    // 540 of 663 working days unrecorded: the share present of the rest is no attendance figure.
    const rows = [row('A', 50, 3, 2, 2, 221), row('B', 30, 2, 1, 1, 221), row('C', 28, 2, 1, 1, 221)];
    const totals = rekapTotals(rows);
    expect(totals).toMatchObject({ tercatat: 123, hari_kerja: 663, persen_hadir: 87.8 });
    expect(cakupanRendah(totals.tercatat, totals.hari_kerja)).toBe(true);
    expect(REKAP_MSG.cakupanRendahNote(totals.tercatat, totals.hari_kerja, formatPersen(cakupanPersen(totals.tercatat, totals.hari_kerja)))).toBe(
      'Baru 123 dari 663 hari kerja tercatat (18,6 %). % Hadir hanya menghitung hari yang tercatat.',
    );
  });
});

describe('a recap row on a phone card', () => {
  it('should say it in two lines under the name: where, then the coverage and the counts', () => {
    const summary = rekapCardSummary(row('Dewi', 4, 1, 0, 0, 23));
    expect(rekapCardLines(summary)).toEqual(['Pemasaran · SMK', 'Tercatat 5/23 · H 4 · I 1 · S 0 · A 0']);
    expect(summary.statuses.map((s) => `${s.initial}=${s.status}`)).toEqual(['H=Hadir', 'I=Izin', 'S=Sakit', 'A=Alpa']);
  });
});

describe('the Kehadiran line', () => {
  it.each([
    {
      figure: { hadir: 25, izin: 2, sakit: 1, alpa: 1, hari_kerja: 155 },
      line: 'Kehadiran: hadir 25 dari 29 hari tercatat (86,2 %); tercatat 29 dari 155 hari kerja (18,7 %)',
    },
    {
      figure: { hadir: 55, izin: 2, sakit: 1, alpa: 0, hari_kerja: 60 },
      line: 'Kehadiran: hadir 55 dari 58 hari tercatat (94,8 %); tercatat 58 dari 60 hari kerja (96,7 %)',
    },
    {
      figure: { hadir: 0, izin: 0, sakit: 0, alpa: 0, hari_kerja: 84 },
      line: 'Kehadiran: hadir 0 dari 0 hari tercatat (–); tercatat 0 dari 84 hari kerja (0,0 %)',
    },
  ])('should state the share present and the coverage apart: $line', ({ figure, line }) => {
    expect(kehadiranText(figure)).toBe(line);
  });
});
