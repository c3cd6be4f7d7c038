import { describe, expect, it } from 'vitest';
import { aktifTone, jenjangTone, roleTone, statusTone } from '@/ui/badge-palette';

describe('badge palette', () => {
  it.each([
    ['SMK', 'info'],
    ['Sekolah', 'info'],
    ['Mahasiswa', 'purple'],
    ['Kampus', 'purple'],
  ])('should colour the level or institution type %s as %s', (value, tone) => {
    expect(jenjangTone(value)).toBe(tone);
  });

  it.each(['HR', 'Pembimbing', 'Mentor', 'BusHead'])('should give the role %s the one role colour', (role) => {
    expect(roleTone(role)).toBe('primary');
  });

  it.each([
    ['Perlu Tindakan', 'warning'],
    ['belum_dinilai', 'warning'],
    ['Disetujui', 'success'],
    ['approval_lengkap', 'success'],
    ['Siap Dicetak', 'success'],
    ['Ditolak', 'danger'],
    ['Ditolak oleh HR', 'danger'],
    ['Anda Menolak', 'danger'],
    ['ditolak', 'danger'],
    ['approval_parsial', 'primary'],
    ['Menunggu Pembimbing', 'neutral'],
    ['Menunggu', 'neutral'],
    ['menunggu_approval', 'neutral'],
    ['Tidak_dilanjutkan', 'neutral'],
  ])('should colour the status %s as %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it.each([
    [true, 'success'],
    [false, 'neutral'],
  ])('should colour aktif=%s as %s', (aktif, tone) => {
    expect(aktifTone(aktif)).toBe(tone);
  });
});
