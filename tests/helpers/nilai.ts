// Helpers of the nilai (score) and approval API suites: participants written straight into the
// database in a chosen score / approval state (each test gets its own, so tests never
// depend on one another), extra mentor accounts, and reads of the stored rows.
import { settleCertificates } from '../../server/services/sertifikat-terbit';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { APPROVAL_STEPS, type ApprovalStep, MENUNGGU, type ReviewStatus } from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import {
  divisi,
  divisiKategori,
  instansi,
  kompetensi,
  nilai,
  peserta,
  pesertaMahasiswa,
  pesertaSiswa,
  reviews,
  users,
} from '../../server/db/schema';
import type { Role } from '../../src/domain/roles';
import type { TestApp } from './build-app';

/** A participant made for a test, with the active competencies it is scored on. */
export interface Made {
  id: number;
  jenjang: Jenjang;
  divisiId: number;
  kompetensiIds: number[];
}

/** How a participant starts: level, mentor, scores, and the status of each step. */
export interface MakeOptions {
  jenjang?: Jenjang;
  /** Username of its mentor (default the demo 'mentor'); null for none. */
  mentor?: string | null;
  /** Scores on all its competencies (default), on one, or none. */
  scores?: 'lengkap' | 'sebagian' | 'kosong';
  /** Step statuses (others Menunggu); `null` stores no review rows at all. */
  reviews?: Partial<Record<ApprovalStep, ReviewStatus>> | null;
  /** Division by name (default the first demo division). */
  divisiNama?: string;
}

let made = 0;

async function idOfUser(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/** The active competencies of a division for a level, by id. */
export async function activeKompetensiIds(t: TestApp, divisiId: number, jenjang: Jenjang): Promise<number[]> {
  const rows = await t.db
    .select({ id: kompetensi.id })
    .from(kompetensi)
    .innerJoin(divisiKategori, eq(divisiKategori.kompetensi_id, kompetensi.id))
    .where(and(eq(divisiKategori.divisi_id, divisiId), eq(kompetensi.jenjang, jenjang), eq(kompetensi.aktif, true)))
    .orderBy(asc(kompetensi.id));
  return rows.map((row) => row.id);
}

/** Inserts a participant in the given state (see MakeOptions). */
export async function makePeserta(t: TestApp, options: MakeOptions = {}): Promise<Made> {
  const jenjang = options.jenjang ?? 'SMK';
  const [div] = options.divisiNama
    ? await t.db.select({ id: divisi.id }).from(divisi).where(eq(divisi.nama, options.divisiNama))
    : await t.db.select({ id: divisi.id }).from(divisi).orderBy(asc(divisi.id)).limit(1);
  const [inst] = await t.db
    .select({ id: instansi.id })
    .from(instansi)
    .where(eq(instansi.jenis, jenjang === 'SMK' ? 'Sekolah' : 'Kampus'))
    .limit(1);
  if (!div || !inst) throw new Error('seed data missing');
  const mentorName = options.mentor === undefined ? 'mentor' : options.mentor;
  made += 1;
  const [row] = await t.db
    .insert(peserta)
    .values({
      nama: `Peserta Uji ${made}`,
      jenjang,
      instansi_id: inst.id,
      divisi_id: div.id,
      mentor_id: mentorName === null ? null : await idOfUser(t, mentorName),
      pembimbing_id: await idOfUser(t, 'pembimbing'),
      tanggal_masuk: '2026-01-05',
      tanggal_selesai: '2026-04-03',
    })
    .returning({ id: peserta.id });
  const id = (row as { id: number }).id;
  if (jenjang === 'SMK') await t.db.insert(pesertaSiswa).values({ peserta_id: id, nis: `NIS${made}`, jurusan: 'TKJ' });
  else await t.db.insert(pesertaMahasiswa).values({ peserta_id: id, nim: `NIM${made}`, jurusan: 'SI', fakultas: 'FIK' });

  const kompetensiIds = await activeKompetensiIds(t, div.id, jenjang);
  const scored = options.scores === 'kosong' ? [] : options.scores === 'sebagian' ? kompetensiIds.slice(0, 1) : kompetensiIds;
  if (scored.length > 0) {
    await t.db.insert(nilai).values(scored.map((kompetensi_id, k) => ({ peserta_id: id, kompetensi_id, skor: 75 + k })));
  }
  if (options.reviews !== null) {
    const statuses = options.reviews ?? {};
    await t.db.insert(reviews).values(
      APPROVAL_STEPS.map((step) => ({ peserta_id: id, role_reviewer: step, status: statuses[step] ?? MENUNGGU })),
    );
    // A participant made fully approved gets its certificate, as the third approval would issue it.
    await t.db.transaction((tx) => settleCertificates(tx, [id], t.config));
  }
  return { id, jenjang, divisiId: div.id, kompetensiIds };
}

/** Adds an account of `role` (no usable password: tests sign its token with tokenOf); its id. */
export async function addUser(t: TestApp, username: string, role: Role): Promise<number> {
  const [row] = await t.db
    .insert(users)
    .values({ employee_id: `EMP-${username}`, username, password_hash: 'not-a-hash', role })
    .returning({ id: users.id });
  return (row as { id: number }).id;
}

/** Adds a Mentor account (see addUser). */
export function addMentor(t: TestApp, username: string): Promise<number> {
  return addUser(t, username, 'Mentor');
}

/** The stored review rows of a participant, in step order. */
export async function storedReviews(t: TestApp, pesertaId: number) {
  const rows = await t.db.select().from(reviews).where(eq(reviews.peserta_id, pesertaId));
  return APPROVAL_STEPS.flatMap((step) => rows.filter((r) => r.role_reviewer === step));
}

/** [step, status] of the stored review rows. */
export async function storedStatuses(t: TestApp, pesertaId: number): Promise<[string, string][]> {
  return (await storedReviews(t, pesertaId)).map((r) => [r.role_reviewer, r.status]);
}

/** The stored scores of a participant as {kompetensi_id: skor}. */
export async function storedScores(t: TestApp, pesertaId: number): Promise<Record<number, number>> {
  const rows = await t.db.select().from(nilai).where(eq(nilai.peserta_id, pesertaId));
  return Object.fromEntries(rows.map((r) => [r.kompetensi_id, r.skor]));
}

/** The id of a user by username. */
export const userIdOf = idOfUser;

/** One request with an optional Idempotency-Key (and a JSON payload when given). */
export function send(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  options: { payload?: unknown; key?: string; dibuatPada?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      ...(options.dibuatPada === undefined ? {} : { 'x-dibuat-pada': options.dibuatPada }),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}
