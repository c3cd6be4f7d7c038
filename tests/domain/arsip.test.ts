// The archive's shared pieces (src/domain/arsip.ts): the query string the lists send, the query the
// server accepts, and the answers the lists read.
import { describe, expect, it } from 'vitest';
import {
  ARSIP_MSG,
  ARSIP_PAGE_SIZE,
  arsipPesertaQuerySchema,
  arsipPesertaResponseSchema,
  arsipSearch,
  arsipSertifikatResponseSchema,
} from '@/domain/arsip';
import type { Peserta } from '@/domain/peserta';

const PESERTA: Peserta = {
  id: 7,
  nama: 'Arsip Satu',
  jenjang: 'SMK',
  instansi_id: 1,
  instansi: { nama: 'SMK Negeri 1' },
  divisi_id: 2,
  divisi: { id: 2, nama: 'IT' },
  mentor_id: null,
  mentor: null,
  pembimbing_id: null,
  pembimbing: null,
  nama_pembimbing: 'Bu Guru',
  kontak_pembimbing: '0812',
  tanggal_masuk: '2024-01-08',
  tanggal_selesai: '2024-03-29',
  siswa: { nis: '123', jurusan: 'RPL' },
  mahasiswa: null,
  status: { is_complete: true },
  reviews: [
    { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null },
    { role_reviewer: 'HR', status: 'Disetujui', catatan: null },
    { role_reviewer: 'BusHead', status: 'Disetujui', catatan: 'Baik' },
  ],
  nilai: [{ kompetensi_id: 3, skor: 88 }],
  updated_at: '2024-03-29T10:00:00.000Z',
};

describe('arsipSearch', () => {
  it('should leave out empty filters and always send the page and the page size 5', () => {
    expect(ARSIP_PAGE_SIZE).toBe(5);
    expect(arsipSearch({ q: '  ', jenjang: '', divisiId: '', dari: '', sampai: '', status: '', page: 1 })).toBe('page=1&limit=5');
  });

  it('should send every filter in force, trimmed and encoded, after the extra keys', () => {
    const query = arsipSearch(
      { q: ' Dewi & Sari ', jenjang: 'Mahasiswa', divisiId: '4', dari: '2024-01-01', sampai: '2024-06-30', status: 'lengkap', page: 3 },
      { daftar: 'approval' },
    );
    expect(query).toBe('daftar=approval&jenjang=Mahasiswa&q=Dewi+%26+Sari&divisi_id=4&dari=2024-01-01&sampai=2024-06-30&status=lengkap&page=3&limit=5');
  });

  it('should never ask for a page before the first', () => {
    expect(arsipSearch({ q: '', page: 0 })).toBe('page=1&limit=5');
    expect(arsipSearch({ q: '', page: 2.7 })).toBe('page=2&limit=5');
  });
});

describe('arsipPesertaQuerySchema', () => {
  it('should accept what the lists send, as numbers for the page, limit and division', () => {
    const parsed = arsipPesertaQuerySchema.parse(Object.fromEntries(new URLSearchParams(arsipSearch({ q: 'a', divisiId: '4', page: 2 }, { daftar: 'peserta' }))));
    expect(parsed).toEqual({ daftar: 'peserta', q: 'a', divisi_id: 4, page: 2, limit: 5 });
  });

  it.each([
    [{ daftar: 'semua' }, ARSIP_MSG.daftar],
    [{ daftar: 'peserta', jenjang: 'SMA' }, ARSIP_MSG.jenjang],
    [{ daftar: 'peserta', dari: '01-01-2024' }, ARSIP_MSG.tanggal],
    [{ daftar: 'approval', status: 'selesai' }, ARSIP_MSG.status],
    [{ daftar: 'peserta', page: '0' }, ARSIP_MSG.page],
    [{ daftar: 'peserta', limit: '101' }, ARSIP_MSG.limit],
    [{ daftar: 'peserta', divisi_id: 'x' }, ARSIP_MSG.divisi],
  ])('should refuse %j with "%s"', (query, message) => {
    const result = arsipPesertaQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('archive answers', () => {
  it('should read a page of participants in the shape of GET /api/peserta', () => {
    const answer = { data: [PESERTA], total: 12, page: 3, limit: 5 };
    expect(arsipPesertaResponseSchema.parse(answer)).toEqual(answer);
    expect(arsipPesertaResponseSchema.safeParse({ data: [{ ...PESERTA, reviews: undefined }], total: 1, page: 1, limit: 5 }).success).toBe(false);
    expect(arsipPesertaResponseSchema.safeParse({ data: [], total: 1.5, page: 1, limit: 5 }).success).toBe(false);
  });

  it('should read a page of certificate rows (signers, issue date, the issued certificate or null)', () => {
    const row = { ...PESERTA, penandatangan: { Pembimbing: null, BusHead: null }, tanggal_terbit: '2024-03-29', sertifikat: null };
    expect(arsipSertifikatResponseSchema.parse({ data: [row], total: 1, page: 1, limit: 5 }).data[0]?.sertifikat).toBeNull();
    expect(arsipSertifikatResponseSchema.safeParse({ data: [PESERTA], total: 1, page: 1, limit: 5 }).success).toBe(false);
  });
});
