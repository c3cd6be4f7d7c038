// Test data shared by the db and sync suites.
import type { Peserta } from '@/domain/peserta';

/** A participant in the API shape (SMK, three Menunggu steps, one score), with overrides. */
export function peserta(id: number, overrides: Partial<Peserta> = {}): Peserta {
  return {
    id,
    nama: `Peserta ${id}`,
    jenjang: 'SMK',
    instansi_id: 1,
    instansi: { nama: 'SMK Negeri 1 Bandung' },
    divisi_id: 2,
    divisi: { id: 2, nama: 'Keuangan' },
    mentor_id: 3,
    mentor: { username: 'mentor' },
    pembimbing_id: 4,
    pembimbing: { username: 'pembimbing' },
    nama_pembimbing: 'Ibu Sari',
    kontak_pembimbing: '6281234567890',
    tanggal_masuk: '2026-02-01',
    tanggal_selesai: '2026-05-01',
    siswa: { nis: `N${id}`, jurusan: 'Akuntansi' },
    mahasiswa: null,
    status: { is_complete: false },
    reviews: [
      { role_reviewer: 'Pembimbing', status: 'Menunggu', catatan: null },
      { role_reviewer: 'HR', status: 'Menunggu', catatan: null },
      { role_reviewer: 'BusHead', status: 'Menunggu', catatan: null },
    ],
    nilai: [{ kompetensi_id: 10, skor: 70 }],
    updated_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The demo mentor's cached profile (user 3), as the sync suites store it. */
export const MENTOR_PROFILE = { id: 3, employee_id: 'EMP003', username: 'mentor', role: 'Mentor', signature_url: null };

/** Mentor 3's score save of `skor` on competency 10 of participant 1. */
export function mentorScoreChange(skor: number) {
  return {
    user: MENTOR_PROFILE.id,
    role: 'Mentor',
    kind: 'nilai.save' as const,
    pesertaId: 1,
    payload: { nilai_data: [{ peserta_id: 1, kompetensi_id: 10, skor }] },
  };
}
