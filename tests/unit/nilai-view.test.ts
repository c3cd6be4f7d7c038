import { describe, expect, it } from 'vitest';
import { countScored, filledScores, kompetensiFor, mentorScoresError, nextScoreText, scoreOf } from '@/domain/nilai-view';

const k = (id: number, nama: string, jenjang: string, aktif: boolean, divisiIds: number[]) => ({
  id,
  nama,
  jenjang,
  aktif,
  divisi_kategori: divisiIds.map((d) => ({ divisi: { id: d } })),
});

const ALL = [
  k(1, 'Disiplin', 'SMK', true, [1, 2]),
  k(2, 'Administrasi', 'SMK', true, [1]),
  k(3, 'K3', 'SMK', false, [1]),
  k(4, 'Etika', 'Mahasiswa', true, [1]),
  k(5, 'Jaringan', 'SMK', true, [2]),
];

describe('nextScoreText (score inputs ignore out-of-range typing)', () => {
  it.each([
    ['', '0', '0'],
    ['', '100', '100'],
    ['5', '57', '57'],
    ['57', '5', '5'],
    ['85', '', ''],
    ['85', '  ', ''],
    ['007', '007', '7'],
    ['10', '101', '10'],
    ['85', '150', '85'],
    ['85', '-1', '85'],
    ['85', '7.5', '85'],
    ['85', '1e2', '85'],
    ['85', 'abc', '85'],
    ['', '1000', ''],
  ])('should turn %j + typed %j into %j', (previous, typed, expected) => {
    expect(nextScoreText(previous, typed)).toBe(expected);
  });

  it('should read a blank input as no score', () => {
    expect(scoreOf('')).toBeNull();
    expect(scoreOf('0')).toBe(0);
  });
});

describe('kompetensiFor / countScored', () => {
  it('should pick the active competencies of the division and level, by name', () => {
    expect(kompetensiFor(ALL, 1, 'SMK').map((x) => x.id)).toEqual([2, 1]);
    expect(kompetensiFor(ALL, 2, 'SMK').map((x) => x.id)).toEqual([1, 5]);
    expect(kompetensiFor(ALL, 1, 'Mahasiswa').map((x) => x.id)).toEqual([4]);
    expect(kompetensiFor(ALL, 9, 'SMK')).toEqual([]);
  });

  it('should count only scores on those competencies, once each', () => {
    const own = kompetensiFor(ALL, 1, 'SMK');
    expect(countScored([{ kompetensi_id: 1 }, { kompetensi_id: 2 }, { kompetensi_id: 3 }, { kompetensi_id: 5 }], own)).toBe(2);
    expect(countScored([{ kompetensi_id: 1 }, { kompetensi_id: 1 }], own)).toBe(1);
    expect(countScored([], own)).toBe(0);
  });
});

describe('mentorScoresError (every competency scored, 0-100)', () => {
  it('should require every score', () => {
    expect(mentorScoresError(['80', ''])).toBe('Semua kolom nilai harus diisi!');
  });
  it('should require 0-100 integers', () => {
    expect(mentorScoresError(['80', '101'])).toBe('Semua nilai harus antara 0-100!');
    expect(mentorScoresError(['80', '7.5'])).toBe('Semua nilai harus antara 0-100!');
  });
  it('should accept a complete form', () => {
    expect(mentorScoresError(['0', '100', '55'])).toBeNull();
  });
});

describe('filledScores (approver edit: blank scores skipped)', () => {
  it('should send only the filled inputs', () => {
    const texts = new Map([
      [1, '90'],
      [2, ''],
      [3, '0'],
    ]);
    expect(filledScores(7, texts)).toEqual([
      { peserta_id: 7, kompetensi_id: 1, skor: 90 },
      { peserta_id: 7, kompetensi_id: 3, skor: 0 },
    ]);
  });
});
