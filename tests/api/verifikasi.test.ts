// GET /api/verifikasi/{kode}: the public check of an issued certificate. Valid, revoked by a
// cancel and by 'Terbitkan ulang', unknown and malformed codes, codes as people type them, the
// exact fields it shows (never the NIS/NIM, scores, contacts or signers), no token, the limit
// per address (shared by two app instances on one database), and the QR codes of the PDF and
// the preview holding the certificate's URL.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SertifikatRow, TERBIT_MSG, type Verifikasi, verifikasiResponseSchema } from '../../src/domain/sertifikat-terbit';
import { buildApp } from '../../server/app';
import { type Database, connectPostgres } from '../../server/db/client';
import { verifikasiAttempts } from '../../server/db/schema-sertifikat';
import { VERIFIKASI_MAX_CHECKS, VERIFIKASI_WINDOW_MS, createVerifikasiRateLimiter } from '../../server/services/verifikasi';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { decodePdfQr, decodePngQr } from '../helpers/document-qr';
import { type Made, makePeserta } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let addresses = 0;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

/** A client address of its own: every test's checks count apart from the others'. */
const freshAddress = () => `198.51.100.${(addresses += 1)}`;

/** One public check of `kode` (no token) from `address`. */
function check(kode: string, address = freshAddress(), app: FastifyInstance = t.app) {
  return app.inject({ method: 'GET', url: `/api/verifikasi/${encodeURIComponent(kode)}`, remoteAddress: address });
}

/** The answer of a check that must find the certificate. */
async function found(kode: string): Promise<Verifikasi> {
  const response = await check(kode);
  expect(response.statusCode).toBe(200);
  return verifikasiResponseSchema.parse(response.json()).data;
}

/** Approves the three steps through the API. */
async function approveAll(id: number): Promise<void> {
  for (const token of [tokens.pembimbing, tokens.hr, tokens.bushead]) {
    expect((await call(t, 'POST', `/api/review/approve/${id}`, token, {})).statusCode).toBe(200);
  }
}

/** The certificate list's row of participant `id` (with its issued certificate). */
async function rowOf(id: number, jenjang: 'SMK' | 'Mahasiswa' = 'SMK'): Promise<SertifikatRow> {
  const response = await call(t, 'GET', `/api/sertifikat/peserta?jenjang=${jenjang}`, tokens.hr);
  const row = (response.json().data as SertifikatRow[]).find((r) => r.id === id);
  if (!row?.sertifikat) throw new Error(`peserta ${id} has no issued certificate`);
  return row;
}

/** A participant approved through the API, with its issued certificate's code. */
async function issued(jenjang: 'SMK' | 'Mahasiswa' = 'SMK'): Promise<{ made: Made; row: SertifikatRow; kode: string }> {
  const made = await makePeserta(t, { jenjang });
  await approveAll(made.id);
  const row = await rowOf(made.id, jenjang);
  return { made, row, kode: row.sertifikat?.kode ?? '' };
}

const EXACT_KEYS = [
  'dicabut_pada',
  'divisi',
  'instansi',
  'jenjang',
  'nama',
  'nomor',
  'organisasi',
  'pdf_sha256',
  'status',
  'tanggal_masuk',
  'tanggal_selesai',
  'tanggal_terbit',
];

describe('a valid certificate', () => {
  it('should answer without a token exactly the public facts of the certificate, from its snapshot', async () => {
    const { row, kode } = await issued();
    const response = await check(kode);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data).sort()).toEqual(EXACT_KEYS);
    const printed = row.sertifikat!.snapshot.peserta;
    expect(body.data).toEqual({
      status: 'valid',
      nama: printed.nama,
      jenjang: 'SMK',
      instansi: printed.instansi.nama,
      divisi: printed.divisi.nama,
      tanggal_masuk: printed.tanggal_masuk,
      tanggal_selesai: printed.tanggal_selesai,
      nomor: row.sertifikat!.nomor,
      tanggal_terbit: row.sertifikat!.tanggal_terbit,
      organisasi: row.sertifikat!.snapshot.organisasi.nama,
      pdf_sha256: row.sertifikat!.pdf_sha256,
      dicabut_pada: null,
    });
  });

  it('should never show the NIS/NIM, scores, contacts, mentor or signers', async () => {
    for (const jenjang of ['SMK', 'Mahasiswa'] as const) {
      const { row, kode } = await issued(jenjang);
      const text = (await check(kode)).body;
      const printed = row.sertifikat!.snapshot.peserta;
      const secret = printed.siswa?.nis ?? printed.mahasiswa?.nim ?? 'none';
      expect(secret).not.toBe('none');
      expect(text).not.toContain(secret);
      expect(text).not.toContain(printed.siswa?.jurusan ?? printed.mahasiswa?.jurusan ?? 'none');
      for (const hidden of ['nis', 'nim', 'nilai', 'skor', 'kontak', 'mentor', 'pembimbing', 'penandatangan', 'signature', 'kode', 'url', 'snapshot']) {
        expect(text).not.toContain(`"${hidden}"`);
      }
      expect(text).not.toContain('"bushead"');
      expect((await found(kode)).jenjang).toBe(jenjang);
    }
  });

  it("should hold the SHA-256 of the PDF the API sends for the participant", async () => {
    const { made, kode } = await issued();
    const pdf = await call(t, 'GET', `/api/sertifikat/generate/${made.id}`, tokens.hr);
    expect(pdf.statusCode).toBe(200);
    expect((await found(kode)).pdf_sha256).toBe(createHash('sha256').update(pdf.rawPayload).digest('hex'));
  });

  it('should find the code as people type it: lower case, with hyphens or spaces, O for 0 and I or L for 1', async () => {
    const { kode } = await issued();
    const grouped = kode.match(/.{1,4}/g)!.join('-');
    const typed = kode.replace(/0/g, 'o').replace(/1/g, 'l');
    for (const variant of [kode.toLowerCase(), grouped, grouped.toLowerCase(), kode.match(/.{1,5}/g)!.join(' '), typed, ` ${kode} `]) {
      expect((await found(variant)).status, variant).toBe('valid');
    }
  });
});

describe('revoked certificates', () => {
  it("should answer 'dicabut' with the time once BusHead cancels, and the new code after the next approval", async () => {
    const { made, kode } = await issued();
    const before = Date.now();
    expect((await call(t, 'POST', `/api/review/cancel/${made.id}`, tokens.bushead)).statusCode).toBe(200);
    const revoked = await found(kode);
    expect(revoked.status).toBe('dicabut');
    expect(revoked.dicabut_pada).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Date.parse(revoked.dicabut_pada!)).toBeGreaterThan(before - 60_000);

    expect((await call(t, 'POST', `/api/review/approve/${made.id}`, tokens.bushead, {})).statusCode).toBe(200);
    const again = (await rowOf(made.id)).sertifikat!.kode;
    expect(again).not.toBe(kode);
    expect((await found(again)).status).toBe('valid');
    expect((await found(kode)).status).toBe('dicabut');
  });

  it("should answer the new code after HR's 'Terbitkan ulang' and 'dicabut' for the old one", async () => {
    const { made, kode } = await issued();
    const response = await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${made.id}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    const fresh = response.json().data.kode as string;
    expect(fresh).not.toBe(kode);
    expect(await found(fresh)).toMatchObject({ status: 'valid', dicabut_pada: null });
    expect((await found(kode)).status).toBe('dicabut');
  });
});

describe('codes no certificate has', () => {
  it.each([
    ['an unknown code', '0000000000000000000000000Z'],
    ['a code with a letter outside the alphabet', 'UUUUUUUUUUUUUUUUUUUUUUUUUU'],
    ['a code too short', 'ABC'],
    ['text that is no code', 'bukan kode!'],
    ['a code one character too long', '0000000000000000000000000ZZ'],
  ])("should answer 404 'Kode tidak ditemukan' for %s", async (_name, kode) => {
    const response = await check(kode);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: TERBIT_MSG.kodeNotFound });
  });

  it('should look a malformed code up like an unknown one: one query on the code, not an early answer', async () => {
    const lookups: string[] = [];
    // The app's database, with every select counted (the limiter only inserts and deletes).
    const counted = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'select') lookups.push('select');
        return Reflect.get(target, prop, receiver);
      },
    });
    const other = await buildApp({ db: counted, config: t.config, webRoot: null, logger: false });
    try {
      for (const kode of ['0000000000000000000000000Z', 'bukan kode!', 'UUUUUUUUUUUUUUUUUUUUUUUUUU']) {
        lookups.length = 0;
        expect((await check(kode, freshAddress(), other)).statusCode).toBe(404);
        expect(lookups, kode).toEqual(['select']);
      }
    } finally {
      await other.close();
    }
  });

  it('should answer 400 for a text longer than any typed code', async () => {
    const response = await check('A'.repeat(65));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TERBIT_MSG.invalidKode });
  });
});

describe('the limit per client address', () => {
  it(`should answer 429 with Retry-After past ${VERIFIKASI_MAX_CHECKS} checks a minute, and count each address apart`, async () => {
    const { kode } = await issued();
    const address = freshAddress();
    for (let i = 0; i < VERIFIKASI_MAX_CHECKS; i++) {
      expect((await check(i % 2 === 0 ? kode : 'bukan-kode', address)).statusCode).toBeLessThan(429);
    }
    const refused = await check(kode, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TERBIT_MSG.tooManyChecks });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(VERIFIKASI_WINDOW_MS / 1000);
    expect((await check(kode, freshAddress())).statusCode).toBe(200);
  });

  it('should start a new window once the minute is over, and clear the rows of ended windows', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const limiter = createVerifikasiRateLimiter(t.db, { maxChecks: 2, now: () => now });
    const [a, b] = [freshAddress(), freshAddress()];
    expect([await limiter.attempt(a), await limiter.attempt(a), await limiter.attempt(b)]).toEqual([0, 0, 0]);
    now += 20_000;
    expect(await limiter.attempt(a)).toBe(40);
    now += 40_000;
    // The ended windows of a and b: a restarts, and b's row is cleared with it.
    expect(await limiter.attempt(a)).toBe(0);
    const left = await t.db.select().from(verifikasiAttempts).where(sql`${verifikasiAttempts.address} in (${a}, ${b})`);
    expect(left.map((row) => [row.address, row.hits])).toEqual([[a, 1]]);
  });

  it('should share the count between two app instances on one database, by the address a trusted proxy reports', async () => {
    let database: Database | null = null;
    if (testDbKind() === 'postgres') {
      // postgres.js answers the rows as an array.
      const [row] = (await t.db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${row?.name ?? ''}`;
      database = connectPostgres(url.toString(), { max: 2 });
    }
    // The second instance sits behind a proxy at 127.0.0.1 (TRUST_PROXY) and has its own pool on PostgreSQL.
    const other = await buildApp({ db: database?.db ?? t.db, config: { ...t.config, trustProxy: ['127.0.0.1'] }, webRoot: null, logger: false });
    try {
      const { kode } = await issued();
      const address = freshAddress();
      const viaProxy = () =>
        other.inject({ method: 'GET', url: `/api/verifikasi/${kode}`, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < VERIFIKASI_MAX_CHECKS; i++) {
        expect((i % 2 === 0 ? await check(kode, address) : await viaProxy()).statusCode).toBe(200);
      }
      expect((await viaProxy()).statusCode).toBe(429);
      expect((await check(kode, address)).statusCode).toBe(429);
      // The proxy's own address is not the client's: it has no count of its own here.
      expect((await check(kode, '127.0.0.1', other)).statusCode).toBe(200);
    } finally {
      await other.close();
      await database?.close();
    }
  });
});

describe("the certificate's QR codes", () => {
  it("should hold the certificate's URL in the PDF and in the PNG preview", async () => {
    const { made, row } = await issued();
    const url = row.sertifikat!.url;
    expect(url).toBe(`${t.config.publicUrl}/verifikasi/${row.sertifikat!.kode}`);
    const pdf = await call(t, 'GET', `/api/sertifikat/generate/${made.id}`, tokens.hr);
    expect(pdf.statusCode).toBe(200);
    expect(decodePdfQr(new Uint8Array(pdf.rawPayload))).toBe(url);
    const png = await call(t, 'GET', `/api/sertifikat/preview/${made.id}`, tokens.hr);
    expect(png.statusCode).toBe(200);
    expect(decodePngQr(new Uint8Array(png.rawPayload))).toBe(url);
  });
});
