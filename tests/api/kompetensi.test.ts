import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MSG } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { deletions, divisi, divisiKategori, kompetensi, nilai } from '../../server/db/schema';
import { DEMO_DIVISI, DEMO_KOMPETENSI } from '../../server/db/seed-data';
import { BAD_IDS, DEMO_ROLES, type DemoUsername, NON_HR, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

interface ApiKompetensi {
  id: number;
  nama: string;
  jenjang: string;
  aktif: boolean;
  divisi_kategori: { divisi: { id: number; nama: string } }[];
}

const stored = async (id: number) => (await t.db.select().from(kompetensi).where(eq(kompetensi.id, id)))[0];
const linkedIds = async (id: number) =>
  (await t.db.select().from(divisiKategori).where(eq(divisiKategori.kompetensi_id, id))).map((link) => link.divisi_id).sort();
const divisiStamps = async (ids: number[]) =>
  new Map((await t.db.select().from(divisi).where(inArray(divisi.id, ids))).map((row) => [row.id, row.updated_at.getTime()]));
const create = async (payload: object) => {
  const response = await call(t, 'POST', '/api/kompetensi', tokens.hr, payload);
  expect(response.statusCode).toBe(201);
  return response.json().data as ApiKompetensi;
};

describe('GET /api/kompetensi', () => {
  it.each(Object.keys(DEMO_ROLES) as DemoUsername[])('should list competencies by name with their divisions for %s', async (who) => {
    const response = await call(t, 'GET', '/api/kompetensi', tokens[who]);
    expect(response.statusCode).toBe(200);
    const data = (response.json().data as ApiKompetensi[]).filter((row) => row.id <= DEMO_KOMPETENSI.length);
    expect(data).toHaveLength(DEMO_KOMPETENSI.length);
    const names = data.map((row) => row.nama.toLowerCase());
    expect(names).toEqual([...names].sort());
    for (const row of data) {
      const seeded = DEMO_KOMPETENSI[row.id - 1];
      expect(row).toMatchObject({ nama: seeded?.nama, jenjang: seeded?.jenjang, aktif: seeded?.aktif });
      expect(Object.keys(row).sort()).toEqual(['aktif', 'divisi_kategori', 'id', 'jenjang', 'nama']);
      const expected = seeded?.divisi === 'all' ? [...DEMO_DIVISI].sort() : [...(seeded?.divisi ?? [])];
      expect(row.divisi_kategori.map((link) => link.divisi.nama)).toEqual(expected);
      for (const link of row.divisi_kategori) expect(link).toEqual({ divisi: { id: expect.any(Number), nama: expect.any(String) } });
    }
  });

  it('should answer 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/kompetensi')).statusCode).toBe(401);
  });
});

describe('POST /api/kompetensi', () => {
  it('should create a competency with its division links and answer 201', async () => {
    const stamps = await divisiStamps([1, 2]);
    const response = await call(t, 'POST', '/api/kompetensi', tokens.hr, {
      nama: ' Negosiasi ', jenjang: 'Mahasiswa', aktif: false, divisi_ids: [2, 1, 2],
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: data.id, nama: 'Negosiasi', jenjang: 'Mahasiswa', aktif: false,
      divisi_kategori: [{ divisi: { id: 2, nama: 'Keuangan' } }, { divisi: { id: 1, nama: 'Operasional Toko' } }],
    });
    expect(await stored(data.id)).toMatchObject({ nama: 'Negosiasi', jenjang: 'Mahasiswa', aktif: false });
    expect(await linkedIds(data.id)).toEqual([1, 2]);
    for (const [id, before] of stamps) expect((await divisiStamps([id])).get(id)).toBeGreaterThan(before);
  });

  it('should default to active with no divisions', async () => {
    const created = await create({ nama: 'Inisiatif', jenjang: 'SMK' });
    expect(created).toMatchObject({ aktif: true, divisi_kategori: [] });
    expect(await linkedIds(created.id)).toEqual([]);
  });

  it('should allow one name for both levels but answer 409 for the same level in any case', async () => {
    await create({ nama: 'Presentasi', jenjang: 'SMK' });
    await create({ nama: 'Presentasi', jenjang: 'Mahasiswa' });
    const count = (await t.db.select().from(kompetensi)).length;
    const response = await call(t, 'POST', '/api/kompetensi', tokens.hr, { nama: 'PRESENTASI', jenjang: 'SMK', divisi_ids: [1] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.kompetensiTaken });
    expect(await t.db.select().from(kompetensi)).toHaveLength(count);
  });

  it('should answer 400 for an unknown division and store nothing', async () => {
    const count = (await t.db.select().from(kompetensi)).length;
    const response = await call(t, 'POST', '/api/kompetensi', tokens.hr, { nama: 'Baru', jenjang: 'SMK', divisi_ids: [1, 9999] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.divisiUnknown });
    expect(await t.db.select().from(kompetensi)).toHaveLength(count);
  });

  it.each([
    [{ jenjang: 'SMK' }, MASTER_MSG.kompetensiNameRequired],
    [{ nama: ' ', jenjang: 'SMK' }, MASTER_MSG.kompetensiNameRequired],
    [{ nama: 'x'.repeat(201), jenjang: 'SMK' }, 'Nama maksimal 200 karakter'],
    [{ nama: 'X' }, 'Jenjang wajib diisi'],
    [{ nama: 'X', jenjang: 'Siswa' }, 'Jenjang tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', aktif: 'true' }, 'Status aktif tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: '1' }, 'Divisi tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: ['1'] }, 'Divisi tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: [0] }, 'Divisi tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: [1.5] }, 'Divisi tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: [3_000_000_000] }, 'Divisi tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: [null] }, 'Divisi tidak valid'],
    [{ nama: 'X', jenjang: 'SMK', divisi_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'Maksimal 1000 divisi'],
    ['[]', SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await call(t, 'POST', '/api/kompetensi', tokens.hr, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 400 for 1000 ids that do not all exist, and without a body', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const response = await call(t, 'POST', '/api/kompetensi', tokens.hr, { nama: 'Banyak', jenjang: 'SMK', divisi_ids: ids });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.divisiUnknown });
    expect((await call(t, 'POST', '/api/kompetensi', tokens.hr)).statusCode).toBe(400);
  });
});

describe('PUT /api/kompetensi/:id', () => {
  it('should replace the division links as a whole and bump old and new divisions', async () => {
    const own = await create({ nama: 'Ketelitian', jenjang: 'SMK', divisi_ids: [1, 2] });
    const stamps = await divisiStamps([1, 2, 3, 4]);
    const before = await stored(own.id);
    const response = await call(t, 'PUT', `/api/kompetensi/${own.id}`, tokens.hr, {
      nama: 'Ketelitian Kerja', jenjang: 'Mahasiswa', aktif: false, divisi_ids: [4, 3],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: own.id, nama: 'Ketelitian Kerja', jenjang: 'Mahasiswa', aktif: false,
      divisi_kategori: [{ divisi: { id: 3, nama: 'Sumber Daya Manusia' } }, { divisi: { id: 4, nama: 'Teknologi Informasi' } }],
    });
    const after = await stored(own.id);
    expect(after).toMatchObject({ nama: 'Ketelitian Kerja', jenjang: 'Mahasiswa', aktif: false });
    expect(after?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? Infinity);
    expect(await linkedIds(own.id)).toEqual([3, 4]);
    const now = await divisiStamps([1, 2, 3, 4]);
    for (const [id, stamp] of stamps) expect(now.get(id)).toBeGreaterThan(stamp);

    const cleared = await call(t, 'PUT', `/api/kompetensi/${own.id}`, tokens.hr, { nama: 'Ketelitian Kerja', jenjang: 'Mahasiswa', divisi_ids: [] });
    expect(cleared.json().data).toMatchObject({ aktif: false, divisi_kategori: [] });
    expect(await linkedIds(own.id)).toEqual([]);
  });

  it('should keep the links and the status when divisi_ids and aktif are left out', async () => {
    const own = await create({ nama: 'Kreativitas', jenjang: 'SMK', aktif: false, divisi_ids: [5] });
    const response = await call(t, 'PUT', `/api/kompetensi/${own.id}`, tokens.hr, { nama: 'Kreativitas Tinggi', jenjang: 'SMK' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ nama: 'Kreativitas Tinggi', aktif: false, divisi_kategori: [{ divisi: { id: 5 } }] });
    expect(await linkedIds(own.id)).toEqual([5]);
  });

  it('should bump the scores of a renamed competency', async () => {
    const [score] = await t.db.select().from(nilai).where(eq(nilai.kompetensi_id, 1));
    const response = await call(t, 'PUT', '/api/kompetensi/1', tokens.hr, { nama: 'Disiplin & Kehadiran', jenjang: 'SMK' });
    expect(response.statusCode).toBe(200);
    const [after] = await t.db.select().from(nilai).where(eq(nilai.id, score?.id ?? 0));
    expect(after?.updated_at.getTime()).toBeGreaterThan(score?.updated_at.getTime() ?? Infinity);
  });

  it('should change nothing when a division is unknown or the name is taken', async () => {
    const own = await create({ nama: 'Kepemimpinan', jenjang: 'Mahasiswa', divisi_ids: [1] });
    const before = await stored(own.id);
    for (const [payload, status, message] of [
      [{ nama: 'Kepemimpinan Baru', jenjang: 'Mahasiswa', divisi_ids: [2, 9999] }, 400, SERVER_MSG.divisiUnknown],
      [{ nama: 'riset pasar', jenjang: 'Mahasiswa', divisi_ids: [2, 3] }, 409, SERVER_MSG.kompetensiTaken],
    ] as const) {
      const response = await call(t, 'PUT', `/api/kompetensi/${own.id}`, tokens.hr, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
      expect(await stored(own.id)).toEqual(before);
      expect(await linkedIds(own.id)).toEqual([1]);
    }
  });

  it('should answer 400 invalid body, 404 unknown, 400 malformed id', async () => {
    const invalid = await call(t, 'PUT', '/api/kompetensi/2', tokens.hr, { nama: '', jenjang: 'SMK' });
    expect(invalid.json()).toEqual({ message: MASTER_MSG.kompetensiNameRequired });
    const missing = await call(t, 'PUT', '/api/kompetensi/9999', tokens.hr, { nama: 'X', jenjang: 'SMK' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) {
      expect((await call(t, 'PUT', `/api/kompetensi/${id}`, tokens.hr, { nama: 'X', jenjang: 'SMK' })).statusCode).toBe(400);
    }
  });
});

describe('DELETE /api/kompetensi/:id', () => {
  it('should delete a competency with its links and scores, leaving tombstones for both', async () => {
    const scores = await t.db.select().from(nilai).where(eq(nilai.kompetensi_id, 2));
    expect(scores.length).toBeGreaterThan(0);
    const stamps = await divisiStamps([1, 2, 3, 4, 5]);
    const response = await call(t, 'DELETE', '/api/kompetensi/2', tokens.hr);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: 2 } });
    expect(await stored(2)).toBeUndefined();
    expect(await linkedIds(2)).toEqual([]);
    expect(await t.db.select().from(nilai).where(eq(nilai.kompetensi_id, 2))).toEqual([]);
    const tombstones = await t.db.select().from(deletions);
    expect(tombstones.filter((row) => row.entity === 'kompetensi').map((row) => row.entity_id)).toEqual([2]);
    expect(tombstones.filter((row) => row.entity === 'nilai').map((row) => row.entity_id).sort()).toEqual(
      scores.map((score) => score.id).sort(),
    );
    const now = await divisiStamps([1, 2, 3, 4, 5]);
    for (const [id, stamp] of stamps) expect(now.get(id)).toBeGreaterThan(stamp);
    const again = await call(t, 'DELETE', '/api/kompetensi/2', tokens.hr);
    expect(again.statusCode).toBe(404);
    expect(await t.db.select().from(deletions).where(and(eq(deletions.entity, 'kompetensi'), eq(deletions.entity_id, 2)))).toHaveLength(1);
  });

  it('should answer 400 for a malformed id', async () => {
    for (const id of BAD_IDS) expect((await call(t, 'DELETE', `/api/kompetensi/${id}`, tokens.hr)).statusCode).toBe(400);
  });
});

describe('HR-only kompetensi mutations', () => {
  const mutations = [
    ['POST /api/kompetensi', 'POST', '/api/kompetensi', { nama: 'Baru', jenjang: 'SMK', divisi_ids: [1] }],
    ['PUT /api/kompetensi/3', 'PUT', '/api/kompetensi/3', { nama: 'Baru', jenjang: 'SMK', divisi_ids: [] }],
    ['DELETE /api/kompetensi/3', 'DELETE', '/api/kompetensi/3', undefined],
  ] as const;
  const snapshot = async () => ({
    rows: await t.db.select().from(kompetensi).orderBy(kompetensi.id),
    links: await t.db.select().from(divisiKategori).orderBy(divisiKategori.id),
  });

  it.each(NON_HR.flatMap((who) => mutations.map((m) => [who, ...m] as const)))(
    'should refuse %s on %s with 403 and change nothing',
    async (who, _name, method, url, payload) => {
      const before = await snapshot();
      const response = await call(t, method, url, tokens[who], payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(mutations)('should answer 401 on %s without a token', async (_name, method, url, payload) => {
    expect((await call(t, method, url, null, payload)).statusCode).toBe(401);
  });
});
