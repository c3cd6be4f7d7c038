import { describe, expect, it } from 'vitest';
import type { Verifikasi } from '@/domain/sertifikat-terbit';
import { VERIFIKASI_LABEL, tanggalJakarta, verifikasiRows } from '@/domain/verifikasi';

const valid: Verifikasi = {
  status: 'valid',
  nama: 'Siti Nurhaliza',
  jenjang: 'SMK',
  instansi: 'SMK Negeri 1 Jakarta',
  divisi: 'Keuangan',
  tanggal_masuk: '2026-01-12',
  tanggal_selesai: '2026-04-10',
  nomor: '0002/MAGANG/SMK/2026',
  tanggal_terbit: '2026-04-20',
  organisasi: 'PT Sinar Retail Nusantara',
  pdf_sha256: 'a'.repeat(64),
  dicabut_pada: null,
};

describe('tanggalJakarta', () => {
  it.each([
    ['2026-07-01T16:59:59Z', '1 Juli 2026'],
    ['2026-07-01T17:00:00Z', '2 Juli 2026'],
    ['2026-12-31T20:00:00.000Z', '1 Januari 2027'],
    ['bukan tanggal', 'bukan tanggal'],
  ])('%s -> %s', (iso, expected) => {
    expect(tanggalJakarta(iso)).toBe(expected);
  });
});

describe('verifikasiRows', () => {
  it('should list the facts with Indonesian dates, the school for SMK and no revocation while valid', () => {
    expect(verifikasiRows(valid)).toEqual([
      ['Nama', 'Siti Nurhaliza'],
      ['Jenjang', 'Siswa SMK'],
      ['Sekolah', 'SMK Negeri 1 Jakarta'],
      ['Divisi', 'Keuangan'],
      ['Periode magang', '12 Januari 2026 – 10 April 2026'],
      ['Nomor sertifikat', '0002/MAGANG/SMK/2026'],
      ['Tanggal terbit', '20 April 2026'],
      ['Diterbitkan oleh', 'PT Sinar Retail Nusantara'],
    ]);
  });

  it('should name the campus for Mahasiswa and add the revocation date (Asia/Jakarta) of a revoked one', () => {
    const rows = verifikasiRows({ ...valid, jenjang: 'Mahasiswa', status: 'dicabut', dicabut_pada: '2026-05-02T18:30:00Z' });
    expect(rows[1]).toEqual(['Jenjang', 'Mahasiswa']);
    expect(rows[2]).toEqual([VERIFIKASI_LABEL.instansi.Mahasiswa, 'SMK Negeri 1 Jakarta']);
    expect(rows.at(-1)).toEqual(['Dicabut pada', '3 Mei 2026']);
  });
});
