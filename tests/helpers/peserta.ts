// Helpers of the participant API suites: the ids of seeded references by kind, valid add
// payloads of each level, and the exact key set of the participant shape.
import { eq } from 'drizzle-orm';
import { instansi, users, divisi } from '../../server/db/schema';
import type { TestApp } from './build-app';

/** Ids of seeded rows of each kind a participant refers to. */
export interface SeedRefs {
  sekolah: number;
  kampus: number;
  divisi: number;
  otherDivisi: number;
  mentor: number;
  pembimbing: number;
  hr: number;
  bushead: number;
}

async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/** Reads the seeded ids (never assumes serial values). */
export async function seedRefs(t: TestApp): Promise<SeedRefs> {
  const [sekolah] = await t.db.select({ id: instansi.id }).from(instansi).where(eq(instansi.jenis, 'Sekolah')).orderBy(instansi.id);
  const [kampus] = await t.db.select({ id: instansi.id }).from(instansi).where(eq(instansi.jenis, 'Kampus')).orderBy(instansi.id);
  const divisions = await t.db.select({ id: divisi.id }).from(divisi).orderBy(divisi.id);
  return {
    sekolah: sekolah?.id ?? 0,
    kampus: kampus?.id ?? 0,
    divisi: divisions[0]?.id ?? 0,
    otherDivisi: divisions[1]?.id ?? 0,
    mentor: await userId(t, 'mentor'),
    pembimbing: await userId(t, 'pembimbing'),
    hr: await userId(t, 'hr'),
    bushead: await userId(t, 'bushead'),
  };
}

/**
 * A NIS / NIM no other call of this process gets: a number is unique within its institution,
 * so every default payload carries a fresh one (pass `nis` / `nim` to choose it).
 */
let numbered = 0;
const freshNumber = (prefix: string) => {
  numbered += 1;
  return `${prefix}${String(numbered).padStart(6, '0')}`;
};

/** A valid SMK add payload (ids as a form sends them: some as strings), with a fresh NIS. */
export function smkPayload(refs: SeedRefs, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    jenjang: 'SMK',
    nama: 'Budi Santoso',
    instansi_id: String(refs.sekolah),
    nis: freshNumber('0099'),
    jurusan: 'Teknik Komputer dan Jaringan',
    nama_pembimbing: 'Ibu Ratna Dewi, S.Pd.',
    kontak_pembimbing: '6281298765432',
    tanggal_masuk: '2026-02-02',
    tanggal_selesai: '2026-05-29',
    divisi_id: refs.divisi,
    mentor_id: String(refs.mentor),
    pembimbing_id: refs.pembimbing,
    ...overrides,
  };
}

/** A valid Mahasiswa add payload, with a fresh NIM. */
export function mahasiswaPayload(refs: SeedRefs, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    jenjang: 'Mahasiswa',
    nama: 'Dewi Lestari',
    instansi_id: refs.kampus,
    nim: freshNumber('2206'),
    jurusan_mahasiswa: 'Sistem Informasi',
    fakultas: 'Fakultas Ilmu Komputer',
    nama_pembimbing: 'Dr. Ahmad Fauzi, M.Kom.',
    kontak_pembimbing: '6281387654321',
    tanggal_masuk: '2026-03-02',
    tanggal_selesai: '2026-08-28',
    divisi_id: refs.otherDivisi,
    mentor_id: refs.mentor,
    pembimbing_id: refs.pembimbing,
    ...overrides,
  };
}

/** Every key of a participant as the API answers it, sorted. */
export const PESERTA_KEYS = [
  'divisi',
  'divisi_id',
  'id',
  'instansi',
  'instansi_id',
  'jenjang',
  'kontak_pembimbing',
  'mahasiswa',
  'mentor',
  'mentor_id',
  'nama',
  'nama_pembimbing',
  'nilai',
  'pembimbing',
  'pembimbing_id',
  'reviews',
  'siswa',
  'status',
  'tanggal_masuk',
  'tanggal_selesai',
  'updated_at',
] as const;
