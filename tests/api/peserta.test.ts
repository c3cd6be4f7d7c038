import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STEPS, MENUNGGU } from '../../src/domain/approval-chain';
import { SERVER_MSG } from '../../src/domain/messages';
import { PESERTA_MSG, PESERTA_REQUIRED_FIELDS, type Peserta, pesertaListResponseSchema, pesertaSchema } from '../../src/domain/peserta';
import { nilai, peserta, pesertaMahasiswa, pesertaSiswa, reviews } from '../../server/db/schema';
import { DEMO_PESERTA } from '../../server/db/seed-data';
import { BAD_IDS, type DemoUsername, type Method, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { PESERTA_KEYS, type SeedRefs, mahasiswaPayload, seedRefs, smkPayload } from '../helpers/peserta';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
});
afterAll(() => t.close());

const list = async (query = ''): Promise<Peserta[]> => {
  const response = await call(t, 'GET', `/api/peserta${query}`, tokens.hr);
  expect(response.statusCode).toBe(200);
  return pesertaListResponseSchema.parse(response.json()).data;
};
const pesertaCount = async () => (await t.db.select({ value: count() }).from(peserta))[0]?.value ?? 0;

describe('GET /api/peserta', () => {
  it('should list every seeded participant with every key of the shape, newest tanggal_masuk first', async () => {
    const response = await call(t, 'GET', '/api/peserta', tokens.pembimbing);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['cursor', 'data']);
    const data = body.data as Peserta[];
    expect(data).toHaveLength(DEMO_PESERTA.length);
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual([...PESERTA_KEYS]);
      expect(pesertaSchema.strict().safeParse(row).success).toBe(true);
    }
    const order = data.map((row) => [row.tanggal_masuk, row.id] as const);
    const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(order).toEqual(sorted);
  });

  it('should carry each participant\'s stored scores', async () => {
    const stored = await t.db.select().from(nilai);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of await list()) {
      const expected = stored
        .filter((score) => score.peserta_id === row.id)
        .map((score) => ({ kompetensi_id: score.kompetensi_id, skor: score.skor }))
        .sort((a, b) => a.kompetensi_id - b.kompetensi_id);
      expect(row.nilai).toEqual(expected);
    }
  });

  it.each([
    ['SMK', 'siswa', 'mahasiswa'],
    ['Mahasiswa', 'mahasiswa', 'siswa'],
  ] as const)('should list only %s participants with their own detail object', async (jenjang, own, other) => {
    const data = await list(`?jenjang=${jenjang}`);
    const seeded = DEMO_PESERTA.filter((item) => item.jenjang === jenjang);
    expect(data.map((row) => row.nama).sort()).toEqual(seeded.map((item) => item.nama).sort());
    for (const row of data) {
      const item = seeded.find((candidate) => candidate.nama === row.nama);
      expect(row[other]).toBeNull();
      expect(row[own]).toEqual(
        jenjang === 'SMK'
          ? { nis: item?.nomor, jurusan: item?.jurusan }
          : { nim: item?.nomor, jurusan: item?.jurusan, fakultas: item?.fakultas },
      );
      expect(row).toMatchObject({
        jenjang,
        instansi: { nama: item?.instansi },
        divisi: { id: row.divisi_id, nama: item?.divisi },
        mentor: { username: 'mentor' },
        pembimbing: { username: 'pembimbing' },
        nama_pembimbing: item?.nama_pembimbing,
        kontak_pembimbing: item?.kontak_pembimbing,
        tanggal_masuk: item?.tanggal_masuk,
        tanggal_selesai: item?.tanggal_selesai,
      });
    }
  });

  it('should give every participant the three steps in order and is_complete only when all approved', async () => {
    for (const row of await list()) {
      expect(row.reviews.map((review) => review.role_reviewer)).toEqual([...APPROVAL_STEPS]);
      const item = DEMO_PESERTA.find((candidate) => candidate.nama === row.nama);
      const approvals = (item?.approval ?? []).filter((decision) => decision.action === 'approve').length;
      expect(row.status.is_complete).toBe(approvals === 3);
    }
    const rejected = (await list()).find((row) => row.nama === 'Ayu Permatasari');
    expect(rejected?.reviews).toEqual([
      { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null },
      { role_reviewer: 'HR', status: 'Ditolak', catatan: 'Periode magang belum memenuhi syarat minimal.' },
      { role_reviewer: 'BusHead', status: 'Tidak_dilanjutkan', catatan: null },
    ]);
  });

  it.each([
    ['?jenjang=Siswa', 'Jenjang tidak valid'],
    ['?since=abc', 'Cursor tidak valid'],
    ['?since=-1', 'Cursor tidak valid'],
    ['?since=1234567890123456', 'Cursor tidak valid'],
    ['?since=1&since=2', 'Cursor tidak valid'],
    ['?jenjang=SMK&jenjang=Mahasiswa', 'Jenjang tidak valid'],
  ])('should answer 400 for %s', async (query, message) => {
    const response = await call(t, 'GET', `/api/peserta${query}`, tokens.hr);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('GET /api/peserta/:id', () => {
  it('should answer one participant as the list shows it', async () => {
    const [first] = await list();
    const response = await call(t, 'GET', `/api/peserta/${first?.id}`, tokens.pembimbing);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: first });
  });

  it('should answer 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await call(t, 'GET', '/api/peserta/99999', tokens.hr);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) {
      const response = await call(t, 'GET', `/api/peserta/${id}`, tokens.hr);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
  });
});

describe('POST /api/peserta', () => {
  it('should add an SMK participant with its detail row and three waiting reviews', async () => {
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs, { nama: '  Budi Santoso ', nis: ' 0099887766 ' }));
    expect(response.statusCode).toBe(201);
    const data = pesertaSchema.parse(response.json().data);
    expect(Object.keys(response.json().data).sort()).toEqual([...PESERTA_KEYS]);
    expect(data).toMatchObject({
      nama: 'Budi Santoso',
      jenjang: 'SMK',
      instansi_id: refs.sekolah,
      mentor_id: refs.mentor,
      mentor: { username: 'mentor' },
      pembimbing: { username: 'pembimbing' },
      siswa: { nis: '0099887766', jurusan: 'Teknik Komputer dan Jaringan' },
      mahasiswa: null,
      status: { is_complete: false },
      tanggal_masuk: '2026-02-02',
    });
    expect(data.reviews).toEqual(APPROVAL_STEPS.map((role_reviewer) => ({ role_reviewer, status: MENUNGGU, catatan: null })));
    const [detail] = await t.db.select().from(pesertaSiswa).where(eq(pesertaSiswa.peserta_id, data.id));
    expect(detail).toEqual({ peserta_id: data.id, nis: '0099887766', jurusan: 'Teknik Komputer dan Jaringan' });
    expect(await t.db.select().from(reviews).where(eq(reviews.peserta_id, data.id))).toHaveLength(3);
  });

  it('should add a Mahasiswa participant (by Pembimbing) with nim, jurusan_mahasiswa and fakultas', async () => {
    const response = await call(t, 'POST', '/api/peserta', tokens.pembimbing, mahasiswaPayload(refs, { nim: '2206712345' }));
    expect(response.statusCode).toBe(201);
    const data = pesertaSchema.parse(response.json().data);
    expect(data.siswa).toBeNull();
    expect(data.mahasiswa).toEqual({ nim: '2206712345', jurusan: 'Sistem Informasi', fakultas: 'Fakultas Ilmu Komputer' });
    const [detail] = await t.db.select().from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, data.id));
    expect(detail?.fakultas).toBe('Fakultas Ilmu Komputer');
  });

  const requiredCases = (['SMK', 'Mahasiswa'] as const).flatMap((jenjang) =>
    [...PESERTA_REQUIRED_FIELDS[jenjang], 'jenjang'].flatMap((field) =>
      [undefined, '', '   ', null].map((value) => [jenjang, field, value] as const),
    ),
  );
  it.each(requiredCases)('should refuse a %s participant with %s = %j: Semua field wajib diisi', async (jenjang, field, value) => {
    const payload = jenjang === 'SMK' ? smkPayload(refs) : mahasiswaPayload(refs);
    if (value === undefined) delete payload[field];
    else payload[field] = value;
    const before = await pesertaCount();
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PESERTA_MSG.required });
    expect(await pesertaCount()).toBe(before);
  });

  it.each([
    ['an SMK participant at a Kampus', () => smkPayload(refs, { instansi_id: refs.kampus }), SERVER_MSG.instansiMustBeSekolah],
    ['a Mahasiswa at a Sekolah', () => mahasiswaPayload(refs, { instansi_id: refs.sekolah }), SERVER_MSG.instansiMustBeKampus],
    ['a Mentor as pembimbing_id', () => smkPayload(refs, { pembimbing_id: refs.mentor }), SERVER_MSG.pembimbingWrongRole],
    ['a Pembimbing as mentor_id', () => smkPayload(refs, { mentor_id: refs.pembimbing }), SERVER_MSG.mentorWrongRole],
    ['an HR account as mentor_id', () => mahasiswaPayload(refs, { mentor_id: refs.hr }), SERVER_MSG.mentorWrongRole],
    ['a BusHead as pembimbing_id', () => mahasiswaPayload(refs, { pembimbing_id: refs.bushead }), SERVER_MSG.pembimbingWrongRole],
    ['an unknown institution', () => smkPayload(refs, { instansi_id: 9999 }), SERVER_MSG.instansiUnknown],
    ['an unknown division', () => smkPayload(refs, { divisi_id: 9999 }), SERVER_MSG.divisiUnknown],
    ['an unknown mentor', () => smkPayload(refs, { mentor_id: 9999 }), SERVER_MSG.mentorUnknown],
    ['an unknown pembimbing', () => smkPayload(refs, { pembimbing_id: 9999 }), SERVER_MSG.pembimbingUnknown],
  ])('should refuse %s with 400 and store nothing', async (_name, payload, message) => {
    const before = await pesertaCount();
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await pesertaCount()).toBe(before);
  });

  it.each([
    [{ jenjang: 'Siswa' }, 'Jenjang tidak valid'],
    [{ mentor_id: 'abc' }, 'Mentor tidak valid'],
    [{ divisi_id: 1.5 }, 'Divisi tidak valid'],
    [{ instansi_id: -2 }, 'Instansi tidak valid'],
    [{ pembimbing_id: 2_147_483_648 }, 'Pembimbing tidak valid'],
    [{ nama: 42 }, 'Nama tidak valid'],
    [{ nama: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
    [{ kontak_pembimbing: '6'.repeat(201) }, 'Kontak pembimbing maksimal 200 karakter'],
    [{ tanggal_masuk: '2026-02-30' }, 'Tanggal masuk tidak valid'],
    [{ tanggal_masuk: '02/02/2026' }, 'Tanggal masuk tidak valid'],
    [{ tanggal_selesai: '2026-13-01' }, 'Tanggal selesai tidak valid'],
    [{ tanggal_selesai: '2026-02-01' }, PESERTA_MSG.dateOrder],
    // Valid for the schema, refused by the database (NUL in text): still 400, never 500.
    [{ jurusan: 'A\u0000B' }, SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (override, message) => {
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs, override));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should accept a finishing day equal to the start day', async () => {
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs, { tanggal_selesai: '2026-02-02' }));
    expect(response.statusCode).toBe(201);
  });

  it.each(['[]', '"x"', 'null'])('should answer 400 for the body %s', async (body) => {
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, body);
    expect(response.statusCode).toBe(400);
  });
});

describe('roles on /api/peserta', () => {
  const reads: [Method, string][] = [
    ['GET', '/api/peserta'],
    ['GET', '/api/peserta?since=1'],
    ['GET', '/api/peserta/1'],
  ];
  const writes: [Method, string, unknown?][] = [
    ['POST', '/api/peserta', {}],
    ['POST', '/api/peserta/bulk', { jenjang: 'SMK', rows: [] }],
    ['PUT', '/api/peserta/1', { nama: 'X' }],
    ['DELETE', '/api/peserta/1'],
  ];

  const endpoints = [...reads, ...writes];
  const refused = [
    ...reads.map(([method, url]) => ['mentor', method, url, undefined] as const),
    ...writes.flatMap(([method, url, body]) => (['mentor', 'bushead'] as const).map((who) => [who, method, url, body] as const)),
  ];

  it.each(reads)('should let BusHead read %s %s for the approval screen', async (method, url) => {
    const response = await call(t, method, url, tokens.bushead);
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each(refused)(
    'should answer 403 to %s on %s %s and change nothing',
    async (who, method, url, body) => {
      const before = await pesertaCount();
      const response = await call(t, method, url, tokens[who], body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
      expect(await pesertaCount()).toBe(before);
    },
  );

  it.each(endpoints)('should answer 401 without a token on %s %s', async (method, url, body) => {
    const response = await call(t, method, url, null, body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
  });
});
