/**
 * Loads the start data into an EMPTY database (no users) — the demo accounts of README.md:
 * SEED=demo: the four demo accounts plus divisions, institutions, competencies,
 * participants, scores, reviews and grade templates (seed-data.ts); SEED=none: only hr/hr1234.
 * Idempotent: with any user present it does nothing, so it runs on every start. Concurrent
 * starts on one PostgreSQL serialise on an advisory lock and re-check inside it.
 */
import { count, sql } from 'drizzle-orm';
import {
  APPROVAL_STEPS,
  BUSHEAD,
  HR,
  MENUNGGU,
  PEMBIMBING,
  type Review,
  applyAction,
  normalizeReviews,
} from '../../src/domain/approval-chain';
import { hashPassword } from '../auth/password';
import type { SeedMode } from '../config';
import type { Db } from './client';
import {
  divisi,
  divisiKategori,
  gradeItems,
  gradeTemplates,
  instansi,
  kompetensi,
  nilai,
  peserta,
  pesertaMahasiswa,
  pesertaSiswa,
  reviews,
  users,
} from './schema';
import {
  DEMO_ACCOUNTS,
  DEMO_DIVISI,
  DEMO_GRADE_TEMPLATES,
  DEMO_INSTANSI,
  DEMO_KOMPETENSI,
  DEMO_PESERTA,
  FIRST_HR_ACCOUNT,
  type SeedAccount,
} from './seed-data';

/** Any number, the same in every process: the advisory lock key of seeding. */
const SEED_LOCK_KEY = 4_242_001;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What seed() did. */
interface SeedResult {
  seeded: boolean;
  mode: SeedMode;
}

async function userCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

function byName<T extends { nama: string; id: number }>(rows: T[], nama: string): number {
  const row = rows.find((candidate) => candidate.nama === nama);
  if (!row) throw new Error(`seed data refers to unknown '${nama}'`);
  return row.id;
}

function userId(rows: { id: number; username: string }[], username: string): number {
  const row = rows.find((candidate) => candidate.username === username);
  if (!row) throw new Error(`seed data refers to unknown user '${username}'`);
  return row.id;
}

/** A plausible, repeatable score 70-98 for participant `p` and competency `k`. */
function demoSkor(p: number, k: number): number {
  return 70 + ((p * 7 + k * 13) % 29);
}

async function insertAccounts(tx: Tx, accounts: readonly SeedAccount[]) {
  // One scrypt hash per account (4 at most), computed in parallel on libuv's pool.
  const hashes = await Promise.all(accounts.map((account) => hashPassword(account.password)));
  return tx
    .insert(users)
    .values(
      accounts.map((account, index) => ({
        employee_id: account.employee_id,
        username: account.username,
        role: account.role,
        nama_lengkap: account.nama_lengkap ?? null,
        jabatan: account.jabatan ?? null,
        password_hash: hashes[index] as string,
      })),
    )
    .returning({ id: users.id, username: users.username });
}

async function insertDemoData(tx: Tx, accounts: { id: number; username: string }[]): Promise<void> {
  const divisiRows = await tx
    .insert(divisi)
    .values(DEMO_DIVISI.map((nama) => ({ nama })))
    .returning({ id: divisi.id, nama: divisi.nama });
  const instansiRows = await tx.insert(instansi).values([...DEMO_INSTANSI]).returning({ id: instansi.id, nama: instansi.nama });
  const kompetensiRows = await tx
    .insert(kompetensi)
    .values(DEMO_KOMPETENSI.map(({ nama, jenjang, aktif }) => ({ nama, jenjang, aktif })))
    .returning({ id: kompetensi.id });

  const links = DEMO_KOMPETENSI.flatMap((item, index) =>
    (item.divisi === 'all' ? DEMO_DIVISI : item.divisi).map((nama) => ({
      kompetensi_id: (kompetensiRows[index] as { id: number }).id,
      divisi_id: byName(divisiRows, nama),
    })),
  );
  await tx.insert(divisiKategori).values(links);

  const mentorId = userId(accounts, 'mentor');
  const pembimbingId = userId(accounts, 'pembimbing');
  const pesertaRows = await tx
    .insert(peserta)
    .values(
      DEMO_PESERTA.map((item) => ({
        nama: item.nama,
        jenjang: item.jenjang,
        instansi_id: byName(instansiRows, item.instansi),
        divisi_id: byName(divisiRows, item.divisi),
        mentor_id: mentorId,
        pembimbing_id: pembimbingId,
        nama_pembimbing: item.nama_pembimbing,
        kontak_pembimbing: item.kontak_pembimbing,
        tanggal_masuk: item.tanggal_masuk,
        tanggal_selesai: item.tanggal_selesai,
      })),
    )
    .returning({ id: peserta.id });

  const siswaRows: (typeof pesertaSiswa.$inferInsert)[] = [];
  const mahasiswaRows: (typeof pesertaMahasiswa.$inferInsert)[] = [];
  const nilaiRows: (typeof nilai.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const reviewerIds = {
    [PEMBIMBING]: pembimbingId,
    [HR]: userId(accounts, 'hr'),
    [BUSHEAD]: userId(accounts, 'bushead'),
  };

  DEMO_PESERTA.forEach((item, p) => {
    const pesertaId = (pesertaRows[p] as { id: number }).id;
    if (item.jenjang === 'SMK') siswaRows.push({ peserta_id: pesertaId, nis: item.nomor, jurusan: item.jurusan });
    else mahasiswaRows.push({ peserta_id: pesertaId, nim: item.nomor, jurusan: item.jurusan, fakultas: item.fakultas ?? '' });

    // The participant's competencies: active ones of its level linked to its division.
    const own = DEMO_KOMPETENSI.flatMap((k, index) =>
      k.aktif && k.jenjang === item.jenjang && (k.divisi === 'all' || k.divisi.includes(item.divisi))
        ? [(kompetensiRows[index] as { id: number }).id]
        : [],
    );
    const scored = item.nilai === 'lengkap' ? own : item.nilai === 'sebagian' ? own.slice(0, 2) : [];
    scored.forEach((kompetensiId, k) =>
      nilaiRows.push({ peserta_id: pesertaId, kompetensi_id: kompetensiId, skor: demoSkor(p, k) }),
    );

    // All three steps exist from the start (Menunggu); the demo's decisions go through the
    // domain's own transition, so the seeded states are ones the app can reach.
    let state: Review[] = normalizeReviews([]);
    for (const decision of item.approval ?? []) {
      state = applyAction(decision.action, decision.step, state, decision.catatan ?? null);
    }
    const decided = new Set((item.approval ?? []).map((decision) => decision.step));
    for (const step of APPROVAL_STEPS) {
      const review = state.find((candidate) => candidate.role_reviewer === step);
      reviewRows.push({
        peserta_id: pesertaId,
        role_reviewer: step,
        status: review?.status ?? MENUNGGU,
        catatan: review?.catatan ?? null,
        reviewer_id: decided.has(step) ? reviewerIds[step] : null,
      });
    }
  });

  await tx.insert(pesertaSiswa).values(siswaRows);
  await tx.insert(pesertaMahasiswa).values(mahasiswaRows);
  await tx.insert(nilai).values(nilaiRows);
  await tx.insert(reviews).values(reviewRows);

  for (const template of DEMO_GRADE_TEMPLATES) {
    const [row] = await tx
      .insert(gradeTemplates)
      .values({ nama: template.nama, deskripsi: template.deskripsi, kategori: template.kategori })
      .returning({ id: gradeTemplates.id });
    await tx.insert(gradeItems).values(
      template.items.map((item, position) => ({ template_id: (row as { id: number }).id, ...item, position })),
    );
  }
}

/** Seeds an empty database for `mode`; does nothing (seeded: false) when users exist. */
export async function seed(db: Db, mode: SeedMode): Promise<SeedResult> {
  if ((await userCount(db)) > 0) return { seeded: false, mode };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await userCount(tx)) > 0) return { seeded: false, mode };
    const accounts = await insertAccounts(tx, mode === 'demo' ? DEMO_ACCOUNTS : [FIRST_HR_ACCOUNT]);
    if (mode === 'demo') await insertDemoData(tx, accounts);
    return { seeded: true, mode };
  });
}
