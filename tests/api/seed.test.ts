import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSHEAD, DISETUJUI, DITOLAK, HR, MENUNGGU, PEMBIMBING, TIDAK_DILANJUTKAN } from '../../src/domain/approval-chain';
import { DEFAULT_GRADE_ITEMS } from '../../src/domain/grade';
import { verifyPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/client';
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
} from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';
import { login } from '../helpers/auth';
import { pdfText } from '../helpers/pdf-text';
import { type TestApp, buildTestApp } from '../helpers/build-app';

async function counts(db: Db) {
  const tables = { users, divisi, instansi, kompetensi, divisiKategori, peserta, pesertaSiswa, pesertaMahasiswa, nilai, reviews, gradeTemplates, gradeItems };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ value: count() }).from(table);
    out[name] = row?.value ?? 0;
  }
  return out;
}

describe('seed()', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('should load the demo accounts and data into an empty database, once', async () => {
    t = await buildTestApp({ seed: 'empty' });
    expect(await seed(t.db, 'demo')).toEqual({ seeded: true, mode: 'demo' });
    const after = await counts(t.db);
    expect(after).toMatchObject({
      users: 4,
      divisi: 5,
      instansi: 6,
      peserta: 20,
      pesertaSiswa: 10,
      pesertaMahasiswa: 10,
      reviews: 60,
      gradeTemplates: 2,
    });
    expect(after.nilai).toBeGreaterThan(40);

    expect(await seed(t.db, 'demo')).toEqual({ seeded: false, mode: 'demo' });
    expect(await counts(t.db)).toEqual(after);
  });

  it('should create the four demo accounts with working scrypt hashes', async () => {
    t = await buildTestApp({ seed: 'demo' });
    const rows = await t.db.select().from(users).orderBy(users.id);
    expect(rows.map(({ employee_id, username, role }) => ({ employee_id, username, role }))).toEqual(
      DEMO_ACCOUNTS.map(({ employee_id, username, role }) => ({ employee_id, username, role })),
    );
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      expect(rows[index]?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(await verifyPassword(account.password, rows[index]?.password_hash ?? '')).toBe(true);
      expect((await login(t.app, account.username, account.password)).statusCode).toBe(200);
    }
  });

  it('should give every division four active competencies per level, some shared by all', async () => {
    t = await buildTestApp({ seed: 'demo' });
    const links = await t.db
      .select({ divisi: divisi.nama, jenjang: kompetensi.jenjang, kompetensi: kompetensi.nama, aktif: kompetensi.aktif })
      .from(divisiKategori)
      .innerJoin(divisi, eq(divisi.id, divisiKategori.divisi_id))
      .innerJoin(kompetensi, eq(kompetensi.id, divisiKategori.kompetensi_id));
    for (const name of ['Operasional Toko', 'Keuangan', 'Sumber Daya Manusia', 'Teknologi Informasi', 'Pemasaran']) {
      for (const jenjang of ['SMK', 'Mahasiswa']) {
        expect(links.filter((link) => link.divisi === name && link.jenjang === jenjang && link.aktif)).toHaveLength(4);
      }
    }
    const shared = links.filter((link) => link.kompetensi === 'Komunikasi dan Kerja Sama Tim' && link.jenjang === 'SMK');
    expect(shared).toHaveLength(5);
    const jenis = await t.db.select({ jenis: instansi.jenis }).from(instansi);
    expect(jenis.filter((row) => row.jenis === 'Sekolah')).toHaveLength(3);
    expect(jenis.filter((row) => row.jenis === 'Kampus')).toHaveLength(3);
  });

  it('should store reviews for all three steps, in states the chain can reach', async () => {
    t = await buildTestApp({ seed: 'demo' });
    const rows = await t.db
      .select({ nama: peserta.nama, step: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan })
      .from(reviews)
      .innerJoin(peserta, eq(peserta.id, reviews.peserta_id));
    const statusOf = (nama: string) =>
      Object.fromEntries(rows.filter((row) => row.nama === nama).map((row) => [row.step, row.status]));
    expect(statusOf('Rizky Pratama')).toEqual({ [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI, [BUSHEAD]: DISETUJUI });
    expect(statusOf('Dimas Saputra')).toEqual({ [PEMBIMBING]: DISETUJUI, [HR]: MENUNGGU, [BUSHEAD]: MENUNGGU });
    expect(statusOf('Putri Ayu Lestari')).toEqual({
      [PEMBIMBING]: DITOLAK,
      [HR]: TIDAK_DILANJUTKAN,
      [BUSHEAD]: TIDAK_DILANJUTKAN,
    });
    expect(statusOf('Ayu Permatasari')).toEqual({ [PEMBIMBING]: DISETUJUI, [HR]: DITOLAK, [BUSHEAD]: TIDAK_DILANJUTKAN });
    expect(statusOf('Sekar Ayuningtyas')).toEqual({ [PEMBIMBING]: MENUNGGU, [HR]: MENUNGGU, [BUSHEAD]: MENUNGGU });
    expect(rows.find((row) => row.nama === 'Putri Ayu Lestari' && row.step === PEMBIMBING)?.catatan).toBeTruthy();
  });

  it('should store the default thresholds (A 86, B 71, C 0) as the Mahasiswa template', async () => {
    t = await buildTestApp({ seed: 'demo' });
    const [template] = await t.db.select().from(gradeTemplates).where(eq(gradeTemplates.kategori, 'Mahasiswa'));
    const items = await t.db
      .select({ huruf: gradeItems.huruf, min: gradeItems.min, predikat: gradeItems.predikat })
      .from(gradeItems)
      .where(eq(gradeItems.template_id, template?.id ?? 0))
      .orderBy(gradeItems.position);
    expect(items).toEqual(DEFAULT_GRADE_ITEMS);
  });

  it('should create only hr/hr1234 with SEED=none, and nothing on a second run', async () => {
    t = await buildTestApp({ seed: 'empty' });
    expect(await seed(t.db, 'none')).toEqual({ seeded: true, mode: 'none' });
    expect(await seed(t.db, 'demo')).toEqual({ seeded: false, mode: 'demo' });
    const after = await counts(t.db);
    expect(after.users).toBe(1);
    expect(Object.entries(after).filter(([name, value]) => name !== 'users' && value !== 0)).toEqual([]);
    expect((await login(t.app, 'hr', 'hr1234')).statusCode).toBe(200);
    expect((await login(t.app, 'mentor', 'mentor1234')).statusCode).toBe(401);
    // The first HR account is a login, not a person: the organisation gives it its own name.
    expect(await t.db.select({ nama_lengkap: users.nama_lengkap, jabatan: users.jabatan }).from(users)).toEqual([{ nama_lengkap: null, jabatan: null }]);
  });

  it("should make each demo account a person with a full name and a job title, who signs the demo's documents", async () => {
    t = await buildTestApp({ seed: 'demo' });
    const rows = await t.db.select({ username: users.username, nama_lengkap: users.nama_lengkap, jabatan: users.jabatan }).from(users).orderBy(users.id);
    expect(rows.map((row) => row.username)).toEqual(DEMO_ACCOUNTS.map((account) => account.username));
    for (const row of rows) {
      // A name of at least two words, capitalised, that is not the login name; a title of words.
      expect(row.nama_lengkap).toMatch(/^\p{Lu}\S*\.? (\p{Lu}\S* ?)+/u);
      expect(row.nama_lengkap?.toLowerCase()).not.toBe(row.username);
      expect(row.jabatan).toMatch(/^\p{Lu}\p{L}+( \p{L}+)+$/u);
    }
    const [rizky] = await t.db.select({ id: peserta.id }).from(peserta).where(eq(peserta.nama, 'Rizky Pratama'));
    const token = (await login(t.app, 'hr', 'hr1234')).json().token as string;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/sertifikat/generate/${rizky?.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const step of ['pembimbing', 'bushead']) {
      const signer = DEMO_ACCOUNTS.find((account) => account.username === step);
      expect(text).toContain(signer?.nama_lengkap);
      expect(text).toContain(signer?.jabatan);
      expect(text).not.toMatch(new RegExp(`\\b${step}\\b`));
    }
  });
});
