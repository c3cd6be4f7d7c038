// Data generator of the server benchmark: on a demo-seeded database, adds a few schools,
// campuses and mentors (API), imports `total` participants through POST /api/peserta/bulk
// (≤ 5,000 rows a request; 90 % SMK, 10 % Mahasiswa), then gives a share of them scores and
// approval decisions with direct drizzle writes in one transaction (faster than the API, and
// the triggers of migration 0002 bump the participants as the services would). Repeatable:
// the values come from a seeded PRNG.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { divisiKategori, kompetensi, nilai, peserta, reviews, users } from '../server/db/schema';
import type { Client } from './http';

const BULK_ROWS = 5000;
const MAHASISWA_SHARE = 0.1;
/** Share of participants with scores on every active competency of their division and level. */
const SCORED_SHARE = 0.6;
/** Shares with the Pembimbing step approved, with all three approved, and rejected by Pembimbing. */
const APPROVED_STEP1_SHARE = 0.3;
const APPROVED_ALL_SHARE = 0.15;
const REJECTED_SHARE = 0.03;
const INSERT_CHUNK = 2000;

const FIRST = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rizky', 'Putri', 'Andi', 'Ayu', 'Fajar', 'Nur', 'Dimas', 'Intan', 'Yoga', 'Rina', 'Bayu', 'Lestari', 'Hendra', 'Wulan', 'Teguh', 'Maya', 'Arif', 'Sari', 'Eko', 'Indah'];
const LAST = ['Santoso', 'Wijaya', 'Saputra', 'Lestari', 'Pratama', 'Hidayat', 'Kusuma', 'Nugroho', 'Permata', 'Siregar', 'Nasution', 'Gunawan', 'Setiawan', 'Rahmawati', 'Susanto', 'Halim', 'Simanjuntak', 'Wibowo'];
const JURUSAN_SMK = ['Teknik Komputer dan Jaringan', 'Akuntansi dan Keuangan Lembaga', 'Otomatisasi dan Tata Kelola Perkantoran', 'Bisnis Daring dan Pemasaran', 'Rekayasa Perangkat Lunak', 'Multimedia'];
const JURUSAN_MHS = ['Sistem Informasi', 'Manajemen', 'Akuntansi', 'Ilmu Komunikasi', 'Teknik Informatika', 'Psikologi'];
const FAKULTAS = ['Fakultas Ilmu Komputer', 'Fakultas Ekonomi dan Bisnis', 'Fakultas Ilmu Sosial dan Ilmu Politik', 'Fakultas Psikologi'];
const GURU = ['Ibu Ratna Dewi, S.Pd.', 'Bapak Joko Susilo, S.Kom.', 'Ibu Endang Wahyuni, S.E.', 'Bapak Slamet Riyadi, M.Pd.', 'Dr. Ahmad Fauzi, M.Kom.', 'Dr. Lina Marlina, M.M.'];
const CITIES = ['Jakarta', 'Bandung', 'Surabaya', 'Semarang', 'Malang', 'Yogyakarta', 'Medan', 'Makassar', 'Bekasi', 'Bogor'];

/** mulberry32: a small repeatable PRNG in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the generator made, and how long each part took (ms). */
interface Generated {
  participants: number;
  importMs: number;
  scores: number;
  reviewsChanged: number;
  extrasMs: number;
}

interface Ref {
  id: number;
  nama: string;
  jenis?: string;
}

/** Adds participants, scores and decisions; `client` is logged in as HR. */
export async function generate(db: Db, client: Client, total: number): Promise<Generated> {
  const random = prng(20_260_601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

  // References: a few more schools, campuses and mentors than the demo seed has.
  for (const [i, city] of CITIES.entries()) {
    for (const nomor of [3, 4, 5]) await client.json('POST', '/api/instansi', { nama: `SMK Negeri ${nomor} ${city}`, jenis: 'Sekolah' });
    if (i % 3 === 0) await client.json('POST', '/api/instansi', { nama: `Universitas Negeri ${city}`, jenis: 'Kampus' });
  }
  for (let i = 1; i <= 4; i++) {
    await client.json('POST', '/api/users', { employee_id: `BENCH-M${i}`, username: `mentor.bench${i}`, password: 'mentor-bench-1234', role: 'Mentor' });
  }
  const instansi = (await client.json<{ data: Ref[] }>('GET', '/api/instansi')).data;
  const divisions = (await client.json<{ data: Ref[] }>('GET', '/api/divisi')).data;
  const mentors = (await client.json<{ data: { id: number }[] }>('GET', '/api/users/role/Mentor')).data;
  const [pembimbing] = (await client.json<{ data: { id: number; username: string }[] }>('GET', '/api/users/role/Pembimbing')).data.filter(
    (user) => user.username === 'pembimbing',
  );
  const schools = instansi.filter((row) => row.jenis === 'Sekolah');
  const campuses = instansi.filter((row) => row.jenis === 'Kampus');
  if (!pembimbing || schools.length === 0 || campuses.length === 0 || divisions.length === 0 || mentors.length === 0) {
    throw new Error('generate: the demo seed is missing references');
  }

  const row = (jenjang: 'SMK' | 'Mahasiswa', n: number) => {
    const month = 1 + Math.floor(random() * 12);
    const year = 2025 + Math.floor(random() * 2);
    const masuk = `${year}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const selesai = `${year + 1}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    // NIS / NIM are unique per institution (the server refuses a repeat): random digits, then n.
    const number = (serial: number) => `${digits(4)}${String(serial).padStart(6, '0')}`;
    const common = {
      nama: `${pick(FIRST)} ${pick(LAST)} ${n}`,
      divisi_id: pick(divisions).id,
      mentor_id: pick(mentors).id,
      pembimbing_id: pembimbing.id,
      nama_pembimbing: pick(GURU),
      kontak_pembimbing: `628${digits(9)}`,
      tanggal_masuk: masuk,
      tanggal_selesai: selesai,
    };
    return jenjang === 'SMK'
      ? { ...common, jenjang, instansi_id: pick(schools).id, nis: number(n), jurusan: pick(JURUSAN_SMK) }
      : { ...common, jenjang, instansi_id: pick(campuses).id, nim: number(n), jurusan_mahasiswa: pick(JURUSAN_MHS), fakultas: pick(FAKULTAS) };
  };

  // The import, timed: what an HR user's CSV upload costs the server.
  const mahasiswa = Math.round(total * MAHASISWA_SHARE);
  const batches: { jenjang: 'SMK' | 'Mahasiswa'; count: number }[] = [];
  for (let left = total - mahasiswa; left > 0; left -= BULK_ROWS) batches.push({ jenjang: 'SMK', count: Math.min(BULK_ROWS, left) });
  for (let left = mahasiswa; left > 0; left -= BULK_ROWS) batches.push({ jenjang: 'Mahasiswa', count: Math.min(BULK_ROWS, left) });
  let n = 0;
  const bodies = batches.map((batch) => ({ jenjang: batch.jenjang, rows: Array.from({ length: batch.count }, () => row(batch.jenjang, ++n)) }));
  const importStart = performance.now();
  let created = 0;
  for (const body of bodies) {
    const answer = await client.json<{ data: { created: number } }>('POST', '/api/peserta/bulk', body);
    created += answer.data.created;
  }
  const importMs = performance.now() - importStart;
  if (created !== total) throw new Error(`generate: ${created} of ${total} participants imported`);

  // Scores and decisions, directly, in one transaction.
  const extrasStart = performance.now();
  const result = await db.transaction(async (tx) => {
    const people = await tx.select({ id: peserta.id, jenjang: peserta.jenjang, divisi_id: peserta.divisi_id }).from(peserta).orderBy(peserta.id);
    const links = await tx
      .select({ divisi_id: divisiKategori.divisi_id, kompetensi_id: kompetensi.id, jenjang: kompetensi.jenjang })
      .from(divisiKategori)
      .innerJoin(kompetensi, eq(kompetensi.id, divisiKategori.kompetensi_id))
      .where(eq(kompetensi.aktif, true));
    const competencies = new Map<string, number[]>();
    for (const link of links) {
      const key = `${link.divisi_id}|${link.jenjang}`;
      competencies.set(key, [...(competencies.get(key) ?? []), link.kompetensi_id]);
    }
    // Only participants without scores yet (the demo seed's own keep theirs).
    const scoredAlready = new Set((await tx.selectDistinct({ id: nilai.peserta_id }).from(nilai)).map((r) => r.id));
    const scoreRows: { peserta_id: number; kompetensi_id: number; skor: number }[] = [];
    const step1: number[] = [];
    const all: number[] = [];
    const rejected: number[] = [];
    for (const person of people) {
      if (scoredAlready.has(person.id)) continue;
      if (random() >= SCORED_SHARE) continue;
      for (const kompetensi_id of competencies.get(`${person.divisi_id}|${person.jenjang}`) ?? []) {
        scoreRows.push({ peserta_id: person.id, kompetensi_id, skor: 60 + Math.floor(random() * 41) });
      }
      const decision = random();
      if (decision < APPROVED_ALL_SHARE) all.push(person.id);
      else if (decision < APPROVED_STEP1_SHARE) step1.push(person.id);
      else if (decision < APPROVED_STEP1_SHARE + REJECTED_SHARE) rejected.push(person.id);
    }
    for (let i = 0; i < scoreRows.length; i += INSERT_CHUNK) await tx.insert(nilai).values(scoreRows.slice(i, i + INSERT_CHUNK));

    const staff = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['pembimbing', 'hr', 'bushead']));
    const idOf = (username: string) => staff.find((user) => user.username === username)?.id ?? null;
    let changed = 0;
    const decide = async (ids: number[], role: 'Pembimbing' | 'HR' | 'BusHead', status: 'Disetujui' | 'Ditolak' | 'Tidak_dilanjutkan', catatan: string | null, reviewer: string | null) => {
      for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
        const updated = await tx
          .update(reviews)
          .set({ status, catatan, reviewer_id: reviewer ? idOf(reviewer) : null, updated_at: sql`now()` })
          .where(and(inArray(reviews.peserta_id, ids.slice(i, i + INSERT_CHUNK)), eq(reviews.role_reviewer, role)))
          .returning({ id: reviews.id });
        changed += updated.length;
      }
    };
    await decide([...step1, ...all], 'Pembimbing', 'Disetujui', null, 'pembimbing');
    await decide(all, 'HR', 'Disetujui', null, 'hr');
    await decide(all, 'BusHead', 'Disetujui', 'Lulus dengan baik', 'bushead');
    await decide(rejected, 'Pembimbing', 'Ditolak', 'Kehadiran kurang dari 80 %', 'pembimbing');
    await decide(rejected, 'HR', 'Tidak_dilanjutkan', null, null);
    await decide(rejected, 'BusHead', 'Tidak_dilanjutkan', null, null);
    return { scores: scoreRows.length, reviewsChanged: changed };
  });
  return { participants: created, importMs, ...result, extrasMs: performance.now() - extrasStart };
}
