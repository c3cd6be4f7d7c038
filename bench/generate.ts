// Data generator of the server benchmark: on a demo-seeded database, adds a few schools,
// campuses and mentors (API), imports `total` participants through POST /api/peserta/bulk
// (≤ 5,000 rows a request; 90 % SMK, 10 % Mahasiswa), then gives them scores and approval
// decisions with direct drizzle writes in one transaction (faster than the API, and the
// triggers of migration 0002 bump the participants as the services would). Repeatable: the
// values come from a seeded PRNG (the dates count from the run's day).
//
// The shape (BENCH_SHAPE, bench/size.ts) — 'decade' (default): a decade of internships, the
// entry dates spread evenly over the last ten years, each 3–6 months long, so about 4 % run
// today and the rest ended; a participant that ended more than 180 days ago is scored and
// approved at every step but for 0.5 % (still waiting at a step, or rejected); the recent ones
// (running, or ended within 180 days) follow the shares below. 'unscored': the decade's dates,
// but the history (ended more than 180 days ago, ~96 %) was never scored in the app — every
// step Menunggu, no score — as when years of internships are imported at once; the recent ones
// as in 'decade'. 'recent': the shape before — every internship starting in 2025–2026 and
// lasting a year, all with the shares below.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { idIn, textIn } from '../server/db/list-params';
import { divisiKategori, kompetensi, nilai, peserta, reviews, users } from '../server/db/schema';
import type { Client } from './http';
import { type BenchShape, SHAPE } from './size';

const BULK_ROWS = 5000;
const MAHASISWA_SHARE = 0.1;
/** Share of recent participants with scores on every active competency of their division and level. */
const SCORED_SHARE = 0.6;
/** Shares (of the scored recent ones) with the Pembimbing step approved, with all three approved, and rejected by Pembimbing. */
const APPROVED_STEP1_SHARE = 0.3;
const APPROVED_ALL_SHARE = 0.15;
const REJECTED_SHARE = 0.03;
/** 'decade': participants ended more than this many days ago are old (almost all approved). */
const RECENT_DAYS = 180;
/** 'decade': of the old participants, the share still waiting at a step, and the share rejected. */
const OLD_WAITING_SHARE = 0.003;
const OLD_REJECTED_SHARE = 0.002;
const DECADE_DAYS = 3652;
const INSERT_CHUNK = 2000;

const FIRST = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rizky', 'Putri', 'Andi', 'Ayu', 'Fajar', 'Nur', 'Dimas', 'Intan', 'Yoga', 'Rina', 'Bayu', 'Lestari', 'Hendra', 'Wulan', 'Teguh', 'Maya', 'Arif', 'Sari', 'Eko', 'Indah'];
const LAST = ['Santoso', 'Wijaya', 'Saputra', 'Lestari', 'Pratama', 'Hidayat', 'Kusuma', 'Nugroho', 'Permata', 'Siregar', 'Nasution', 'Gunawan', 'Setiawan', 'Rahmawati', 'Susanto', 'Halim', 'Simanjuntak', 'Wibowo'];
/** A name part about 1 in 24 generated participants carry (a first name): the archive benches search it. */
export const COMMON_NAME_PART = 'Budi';
const JURUSAN_SMK = ['Teknik Komputer dan Jaringan', 'Akuntansi dan Keuangan Lembaga', 'Otomatisasi dan Tata Kelola Perkantoran', 'Bisnis Daring dan Pemasaran', 'Rekayasa Perangkat Lunak', 'Multimedia'];
const JURUSAN_MHS = ['Sistem Informasi', 'Manajemen', 'Akuntansi', 'Ilmu Komunikasi', 'Teknik Informatika', 'Psikologi'];
const FAKULTAS = ['Fakultas Ilmu Komputer', 'Fakultas Ekonomi dan Bisnis', 'Fakultas Ilmu Sosial dan Ilmu Politik', 'Fakultas Psikologi'];
const GURU = ['Ibu Ratna Dewi, S.Pd.', 'Bapak Joko Susilo, S.Kom.', 'Ibu Endang Wahyuni, S.E.', 'Bapak Slamet Riyadi, M.Pd.', 'Dr. Ahmad Fauzi, M.Kom.', 'Dr. Lina Marlina, M.M.'];
const CITIES = ['Jakarta', 'Bandung', 'Surabaya', 'Semarang', 'Malang', 'Yogyakarta', 'Medan', 'Makassar', 'Bekasi', 'Bogor'];

/** mulberry32: a small repeatable PRNG in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 'yyyy-mm-dd' of today (UTC) plus `days`. */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** What the generator made, and how long each part took (ms). */
interface Generated {
  participants: number;
  importMs: number;
  scores: number;
  reviewsChanged: number;
  extrasMs: number;
  /** Participants running today, ended within 180 days, and ended before (by tanggal_selesai). */
  running: number;
  recent: number;
  old: number;
}

interface Ref {
  id: number;
  nama: string;
  jenis?: string;
}

export interface References {
  schools: Ref[];
  campuses: Ref[];
  divisions: Ref[];
  mentors: { id: number }[];
  pembimbingId: number;
}

type BulkBody = { jenjang: 'SMK' | 'Mahasiswa'; rows: Record<string, unknown>[] };

/** A few more schools, campuses and mentors than the demo seed has (once per database). */
async function addReferences(client: Client): Promise<void> {
  for (const [i, city] of CITIES.entries()) {
    for (const nomor of [3, 4, 5]) await client.json('POST', '/api/instansi', { nama: `SMK Negeri ${nomor} ${city}`, jenis: 'Sekolah' });
    if (i % 3 === 0) await client.json('POST', '/api/instansi', { nama: `Universitas Negeri ${city}`, jenis: 'Kampus' });
  }
  for (let i = 1; i <= 4; i++) {
    await client.json('POST', '/api/users', { employee_id: `BENCH-M${i}`, username: `mentor.bench${i}`, password: 'mentor-bench-1234', role: 'Mentor' });
  }
}

async function readReferences(client: Client): Promise<References> {
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
  return { schools, campuses, divisions, mentors, pembimbingId: pembimbing.id };
}

/** The import's request bodies: `total` rows numbered from `firstSerial` (SMK first, then Mahasiswa). */
export function bulkBodies(refs: References, random: () => number, shape: BenchShape, total: number, firstSerial: number, mahasiswaShare = MAHASISWA_SHARE): BulkBody[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const dates = (): { masuk: string; selesai: string } => {
    if (shape !== 'recent') {
      const start = -Math.floor(random() * DECADE_DAYS);
      return { masuk: dayFromToday(start), selesai: dayFromToday(start + 91 + Math.floor(random() * 92)) };
    }
    const month = 1 + Math.floor(random() * 12);
    const year = 2025 + Math.floor(random() * 2);
    return {
      masuk: `${year}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
      selesai: `${year + 1}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    };
  };
  const row = (jenjang: 'SMK' | 'Mahasiswa', n: number) => {
    const { masuk, selesai } = dates();
    // NIS / NIM are unique per institution (the server refuses a repeat): random digits, then n.
    const number = (serial: number) => `${digits(4)}${String(serial).padStart(6, '0')}`;
    const common = {
      nama: `${pick(FIRST)} ${pick(LAST)} ${n}`,
      divisi_id: pick(refs.divisions).id,
      mentor_id: pick(refs.mentors).id,
      pembimbing_id: refs.pembimbingId,
      nama_pembimbing: pick(GURU),
      kontak_pembimbing: `628${digits(9)}`,
      tanggal_masuk: masuk,
      tanggal_selesai: selesai,
    };
    return jenjang === 'SMK'
      ? { ...common, jenjang, instansi_id: pick(refs.schools).id, nis: number(n), jurusan: pick(JURUSAN_SMK) }
      : { ...common, jenjang, instansi_id: pick(refs.campuses).id, nim: number(n), jurusan_mahasiswa: pick(JURUSAN_MHS), fakultas: pick(FAKULTAS) };
  };
  const mahasiswa = Math.round(total * mahasiswaShare);
  const batches: { jenjang: 'SMK' | 'Mahasiswa'; count: number }[] = [];
  for (let left = total - mahasiswa; left > 0; left -= BULK_ROWS) batches.push({ jenjang: 'SMK', count: Math.min(BULK_ROWS, left) });
  for (let left = mahasiswa; left > 0; left -= BULK_ROWS) batches.push({ jenjang: 'Mahasiswa', count: Math.min(BULK_ROWS, left) });
  let n = firstSerial - 1;
  return batches.map((batch) => ({ jenjang: batch.jenjang, rows: Array.from({ length: batch.count }, () => row(batch.jenjang, ++n)) }));
}

/** Sends the bodies, timed; answers the rows created and the time (ms). */
async function importBodies(client: Client, bodies: BulkBody[]): Promise<{ created: number; ms: number; requestMs: number[] }> {
  const start = performance.now();
  const requestMs: number[] = [];
  let created = 0;
  for (const body of bodies) {
    const sent = performance.now();
    const answer = await client.json<{ data: { created: number } }>('POST', '/api/peserta/bulk', body);
    requestMs.push(performance.now() - sent);
    created += answer.data.created;
  }
  return { created, ms: performance.now() - start, requestMs };
}

/**
 * Imports `count` more SMK participants (dated as the shape wants, no scores; requests of
 * 5,000 rows) on a database `generate` filled: HR's CSV upload at the bench's size. Their
 * serials follow `after`.
 */
export async function importMore(client: Client, count: number, after: number, shape: BenchShape = SHAPE): Promise<{ created: number; ms: number; requestMs: number[]; requests: number }> {
  const bodies = bulkBodies(await readReferences(client), prng(20_261_127), shape, count, after + 1, 0);
  const made = await importBodies(client, bodies);
  if (made.created !== count) throw new Error(`importMore: ${made.created} of ${count} participants imported`);
  return { ...made, requests: bodies.length };
}

/** Adds participants, scores and decisions; `client` is logged in as HR. */
export async function generate(db: Db, client: Client, total: number, shape: BenchShape = SHAPE): Promise<Generated> {
  const random = prng(20_260_601);
  await addReferences(client);
  const bodies = bulkBodies(await readReferences(client), random, shape, total, 1);
  // The import, timed: what an HR user's CSV upload costs the server.
  const imported = await importBodies(client, bodies);
  if (imported.created !== total) throw new Error(`generate: ${imported.created} of ${total} participants imported`);

  // Scores and decisions, directly, in one transaction.
  const today = dayFromToday(0);
  const recentFrom = dayFromToday(-RECENT_DAYS);
  const extrasStart = performance.now();
  const result = await db.transaction(async (tx) => {
    const people = await tx
      .select({ id: peserta.id, jenjang: peserta.jenjang, divisi_id: peserta.divisi_id, selesai: peserta.tanggal_selesai })
      .from(peserta)
      .orderBy(peserta.id);
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
    const counts = { running: 0, recent: 0, old: 0 };
    const score = (person: (typeof people)[number]) => {
      for (const kompetensi_id of competencies.get(`${person.divisi_id}|${person.jenjang}`) ?? []) {
        scoreRows.push({ peserta_id: person.id, kompetensi_id, skor: 60 + Math.floor(random() * 41) });
      }
    };
    for (const person of people) {
      const selesai = String(person.selesai);
      if (selesai >= today) counts.running++;
      else if (selesai >= recentFrom) counts.recent++;
      else counts.old++;
      if (scoredAlready.has(person.id)) continue;
      // Old and never scored: every step waits, nobody's work.
      if (shape === 'unscored' && selesai < recentFrom) continue;
      if (shape === 'decade' && selesai < recentFrom) {
        // Old: scored; approved at every step but for a few still waiting or rejected.
        score(person);
        const decision = random();
        if (decision < OLD_REJECTED_SHARE) rejected.push(person.id);
        else if (decision < OLD_REJECTED_SHARE + OLD_WAITING_SHARE) step1.push(person.id);
        else all.push(person.id);
        continue;
      }
      if (random() >= SCORED_SHARE) continue;
      score(person);
      const decision = random();
      if (decision < APPROVED_ALL_SHARE) all.push(person.id);
      else if (decision < APPROVED_STEP1_SHARE) step1.push(person.id);
      else if (decision < APPROVED_STEP1_SHARE + REJECTED_SHARE) rejected.push(person.id);
    }
    for (let i = 0; i < scoreRows.length; i += INSERT_CHUNK) await tx.insert(nilai).values(scoreRows.slice(i, i + INSERT_CHUNK));

    const staff = await tx.select({ id: users.id, username: users.username }).from(users).where(textIn(users.username, ['pembimbing', 'hr', 'bushead']));
    const idOf = (username: string) => staff.find((user) => user.username === username)?.id ?? null;
    let changed = 0;
    const decide = async (ids: number[], role: 'Pembimbing' | 'HR' | 'BusHead', status: 'Disetujui' | 'Ditolak' | 'Tidak_dilanjutkan', catatan: string | null, reviewer: string | null) => {
      for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
        const updated = await tx
          .update(reviews)
          .set({ status, catatan, reviewer_id: reviewer ? idOf(reviewer) : null, updated_at: sql`now()` })
          .where(and(idIn(reviews.peserta_id, ids.slice(i, i + INSERT_CHUNK)), eq(reviews.role_reviewer, role)))
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
    return { scores: scoreRows.length, reviewsChanged: changed, ...counts };
  });
  return { participants: imported.created, importMs: imported.ms, ...result, extrasMs: performance.now() - extrasStart };
}
