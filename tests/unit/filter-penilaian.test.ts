import { describe, expect, it } from 'vitest';
import type { Review } from '@/domain/approval-chain';
import { STATUS_FILTER_OPTIONS, filterMentorRows, mentorRows } from '@/features/penilaian/filter-penilaian';

const KOMPETENSI = [1, 2].map((id) => ({ id, nama: `K${id}`, jenjang: 'SMK', aktif: true, divisi_kategori: [{ divisi: { id: 1 } }] }));
const p = (id: number, nama: string) => ({ id, nama, jenjang: 'SMK', divisi_id: 1, kompetensi_count: 2 });
const R = (pembimbing: string, hr = 'Menunggu', busHead = 'Menunggu'): Review[] =>
  [
    { role_reviewer: 'Pembimbing', status: pembimbing },
    { role_reviewer: 'HR', status: hr },
    { role_reviewer: 'BusHead', status: busHead },
  ] as Review[];

const PESERTA = [p(1, 'Andi'), p(2, 'Budi'), p(3, 'Citra'), p(4, 'Dewi'), p(5, 'Eko'), p(6, 'Fajar')];
const SCORES: Record<number, number[]> = { 1: [], 2: [1, 2], 3: [1, 2], 4: [1, 2], 5: [1, 2], 6: [1] };
const REVIEWS: Record<number, Review[]> = {
  1: R('Menunggu'),
  2: R('Menunggu'),
  3: R('Disetujui'),
  4: R('Disetujui', 'Disetujui', 'Disetujui'),
  5: R('Disetujui', 'Ditolak', 'Tidak_dilanjutkan'),
  6: R('Menunggu'),
};
const nilaiOf = (id: number) => (SCORES[id] ?? []).map((kompetensi_id) => ({ kompetensi_id }));
const reviewsOf = (id: number) => REVIEWS[id] ?? [];

describe('mentorRows', () => {
  const rows = mentorRows(PESERTA, nilaiOf, reviewsOf, KOMPETENSI, new Set([6]));

  it('should give each participant its mentor-list status and n/3 when partial or complete', () => {
    expect(rows.map((r) => [r.peserta.nama, r.status, r.label, r.fraction])).toEqual([
      ['Andi', 'belum_dinilai', 'Penilaian belum lengkap', null],
      ['Budi', 'menunggu_approval', 'Menunggu Approval', null],
      ['Citra', 'approval_parsial', 'Disetujui 1 dari 3', '1/3'],
      ['Dewi', 'approval_lengkap', 'Lengkap', '3/3'],
      ['Eko', 'ditolak', 'Ditolak', null],
      ['Fajar', 'belum_dinilai', 'Penilaian belum lengkap', null],
    ]);
    expect(rows.filter((r) => r.pending).map((r) => r.peserta.id)).toEqual([6]);
  });

  it("should fall back to the server's competency count before the competency mirror is filled", () => {
    const early = mentorRows(PESERTA, nilaiOf, reviewsOf, [], new Set());
    expect(early.map((r) => r.status)).toEqual(rows.map((r) => r.status));
  });

  it('should filter by status and name, case-insensitively', () => {
    expect(filterMentorRows(rows, '', 'semua')).toHaveLength(6);
    expect(filterMentorRows(rows, '', 'belum_dinilai').map((r) => r.peserta.id)).toEqual([1, 6]);
    expect(filterMentorRows(rows, '', 'approval_parsial').map((r) => r.peserta.id)).toEqual([3]);
    expect(filterMentorRows(rows, '', 'approval_lengkap').map((r) => r.peserta.id)).toEqual([4]);
    expect(filterMentorRows(rows, '', 'ditolak').map((r) => r.peserta.id)).toEqual([5]);
    expect(filterMentorRows(rows, '', 'menunggu_approval').map((r) => r.peserta.id)).toEqual([2]);
    expect(filterMentorRows(rows, ' DEW ', 'semua').map((r) => r.peserta.id)).toEqual([4]);
    expect(filterMentorRows(rows, 'dew', 'ditolak')).toEqual([]);
  });

  it('should offer the six statuses with readable labels', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.value)).toEqual([
      'semua',
      'belum_dinilai',
      'menunggu_approval',
      'approval_parsial',
      'approval_lengkap',
      'ditolak',
    ]);
    expect(STATUS_FILTER_OPTIONS.every((o) => !o.label.includes('_'))).toBe(true);
  });
});
