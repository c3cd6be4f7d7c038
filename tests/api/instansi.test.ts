import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MSG } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { deletions, instansi, peserta } from '../../server/db/schema';
import { DEMO_INSTANSI, DEMO_PESERTA } from '../../server/db/seed-data';
import { BAD_IDS, DEMO_ROLES, type DemoUsername, NON_HR, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { countingDb } from '../helpers/counting-db';
import { makePeserta } from '../helpers/nilai';
import { createInstansiList } from '../../server/services/instansi';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

/** The seeded institutions as GET answers them: by name, with their participant counts. */
const SEEDED = DEMO_INSTANSI.map((item, index) => ({
  id: index + 1,
  nama: item.nama,
  jenis: item.jenis,
  pesertaCount: DEMO_PESERTA.filter((p) => p.instansi === item.nama).length,
})).sort((a, b) => (a.nama.toLowerCase() < b.nama.toLowerCase() ? -1 : 1));

const stored = async (id: number) => (await t.db.select().from(instansi).where(eq(instansi.id, id)))[0];
const create = async (nama: string, jenis = 'Sekolah') => {
  const response = await call(t, 'POST', '/api/instansi', tokens.hr, { nama, jenis });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; nama: string };
};

describe('GET /api/instansi', () => {
  it.each(Object.keys(DEMO_ROLES) as DemoUsername[])('should list institutions by name with counts for %s', async (who) => {
    const response = await call(t, 'GET', '/api/instansi', tokens[who]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { id: number }[];
    expect(data.filter((row) => row.id <= SEEDED.length)).toEqual(SEEDED);
  });

  it('should keep the counts while no participant is written, and count again after one is', async () => {
    const counted = countingDb(t.db, 'select');
    const list = createInstansiList(counted.db, t.app.changes);
    const countOf = async (id: number) => (await list()).find((row) => row.id === id)?.pesertaCount;
    await t.app.changes.settle();
    const made = await makePeserta(t);
    await t.app.changes.settle();
    const [row] = await t.db.select({ instansiId: peserta.instansi_id }).from(peserta).where(eq(peserta.id, made.id));
    const school = row?.instansiId as number;
    const before = await countOf(school);
    expect(counted.transactions()).toBe(2); // the institutions, the counts
    expect(await countOf(school)).toBe(before);
    expect(counted.transactions()).toBe(3); // the institutions only
    const other = await create('SMK Hitung Ulang');
    await t.db.update(peserta).set({ instansi_id: other.id }).where(eq(peserta.id, made.id));
    await t.app.changes.settle();
    expect(await countOf(other.id)).toBe(1);
    expect(await countOf(school)).toBe((before as number) - 1);
    await t.db.delete(peserta).where(eq(peserta.id, made.id));
    await t.app.changes.settle();
    expect(await countOf(other.id)).toBe(0);
  });

  it.each(['Sekolah', 'Kampus'] as const)('should list only the %s type', async (jenis) => {
    const response = await call(t, 'GET', `/api/instansi?jenis=${jenis}`, tokens.mentor);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { id: number; jenis: string }[];
    expect(data.filter((row) => row.id <= SEEDED.length)).toEqual(SEEDED.filter((row) => row.jenis === jenis));
    expect(data.every((row) => row.jenis === jenis)).toBe(true);
  });

  it('should answer 400 for an unknown jenis and 401 without a token', async () => {
    const bad = await call(t, 'GET', '/api/instansi?jenis=Universitas', tokens.hr);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Jenis instansi tidak valid' });
    expect((await call(t, 'GET', '/api/instansi')).statusCode).toBe(401);
  });
});

describe('POST /api/instansi', () => {
  it('should create an institution and answer 201 with a zero count', async () => {
    const response = await call(t, 'POST', '/api/instansi', tokens.hr, { nama: '  SMK Negeri 5 Surabaya ', jenis: 'Sekolah' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({ id: data.id, nama: 'SMK Negeri 5 Surabaya', jenis: 'Sekolah', pesertaCount: 0 });
    expect(await stored(data.id)).toMatchObject({ nama: 'SMK Negeri 5 Surabaya', jenis: 'Sekolah' });
  });

  it('should answer 409 for a name that exists in any case, and store nothing', async () => {
    const before = await t.db.select().from(instansi);
    const response = await call(t, 'POST', '/api/instansi', tokens.hr, { nama: 'smk negeri 1 JAKARTA', jenis: 'Kampus' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.instansiTaken });
    expect(await t.db.select().from(instansi)).toHaveLength(before.length);
  });

  it.each([
    [{ jenis: 'Sekolah' }, MASTER_MSG.instansiRequired],
    [{ nama: ' ', jenis: 'Sekolah' }, MASTER_MSG.instansiRequired],
    [{ nama: 'X' }, MASTER_MSG.instansiRequired],
    [{ nama: 'X', jenis: '' }, MASTER_MSG.instansiRequired],
    [{ nama: 'X', jenis: null }, MASTER_MSG.instansiRequired],
    [{ nama: 'X', jenis: 'Universitas' }, 'Jenis instansi tidak valid'],
    [{ nama: 'X', jenis: 1 }, 'Jenis instansi tidak valid'],
    [{ nama: 42, jenis: 'Kampus' }, 'Nama tidak valid'],
    [{ nama: 'x'.repeat(201), jenis: 'Kampus' }, 'Nama maksimal 200 karakter'],
    ['[]', SERVER_MSG.invalidInput],
    ['"Kampus"', SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await call(t, 'POST', '/api/instansi', tokens.hr, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 400 without a body', async () => {
    expect((await call(t, 'POST', '/api/instansi', tokens.hr)).statusCode).toBe(400);
  });
});

describe('PUT /api/instansi/:id', () => {
  it('should rename with the same or no jenis, keep the count and bump the row and its participants', async () => {
    const before = await stored(1);
    const [pesertaBefore] = await t.db.select().from(peserta).where(eq(peserta.instansi_id, 1));
    const count = SEEDED.find((row) => row.id === 1)?.pesertaCount;
    for (const [nama, extra] of [
      ['SMKN 1 Jakarta', { jenis: 'Sekolah' }],
      ['SMKN 1 Jakarta Pusat', {}],
      ['SMK Negeri 1 Jakarta', { jenis: '' }],
    ] as const) {
      const response = await call(t, 'PUT', '/api/instansi/1', tokens.hr, { nama, ...extra });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { id: 1, nama, jenis: 'Sekolah', pesertaCount: count } });
      expect((await stored(1))?.nama).toBe(nama);
    }
    expect((await stored(1))?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? Infinity);
    const [pesertaAfter] = await t.db.select().from(peserta).where(eq(peserta.id, pesertaBefore?.id ?? 0));
    expect(pesertaAfter?.updated_at.getTime()).toBeGreaterThan(pesertaBefore?.updated_at.getTime() ?? Infinity);
  });

  it('should refuse another jenis with 400 and change nothing', async () => {
    const before = await stored(4);
    const response = await call(t, 'PUT', '/api/instansi/4', tokens.hr, { nama: 'Nama Baru', jenis: 'Sekolah' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MASTER_MSG.instansiJenisFixed });
    expect(await stored(4)).toEqual(before);
  });

  it('should answer 409 for a name another institution has', async () => {
    const own = await create('SMK Pelita');
    const response = await call(t, 'PUT', `/api/instansi/${own.id}`, tokens.hr, { nama: 'UNIVERSITAS INDONESIA' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.instansiTaken });
    expect((await stored(own.id))?.nama).toBe('SMK Pelita');
  });

  it.each([
    [{}, MASTER_MSG.instansiRequired],
    [{ nama: 'X', jenis: 'Universitas' }, 'Jenis instansi tidak valid'],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await call(t, 'PUT', '/api/instansi/2', tokens.hr, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await call(t, 'PUT', '/api/instansi/9999', tokens.hr, { nama: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) {
      const response = await call(t, 'PUT', `/api/instansi/${id}`, tokens.hr, { nama: 'X' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
  });
});

describe('DELETE /api/instansi/:id', () => {
  it('should refuse an institution with participants (409) and keep it', async () => {
    const before = await stored(2);
    const response = await call(t, 'DELETE', '/api/instansi/2', tokens.hr);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MASTER_MSG.instansiHasPeserta });
    expect(await stored(2)).toEqual(before);
    expect(await t.db.select().from(deletions).where(eq(deletions.entity, 'instansi'))).toEqual([]);
  });

  it('should delete one without participants and leave a tombstone', async () => {
    const own = await create('Politeknik Negeri Jakarta', 'Kampus');
    const response = await call(t, 'DELETE', `/api/instansi/${own.id}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: own.id } });
    expect(await stored(own.id)).toBeUndefined();
    const tombstones = await t.db.select().from(deletions).where(and(eq(deletions.entity, 'instansi'), eq(deletions.entity_id, own.id)));
    expect(tombstones).toHaveLength(1);
    expect((await call(t, 'DELETE', `/api/instansi/${own.id}`, tokens.hr)).statusCode).toBe(404);
  });

  it('should answer 400 for a malformed id', async () => {
    for (const id of BAD_IDS) expect((await call(t, 'DELETE', `/api/instansi/${id}`, tokens.hr)).statusCode).toBe(400);
  });
});

describe('HR-only instansi mutations', () => {
  const mutations = [
    ['POST /api/instansi', 'POST', '/api/instansi', { nama: 'Baru', jenis: 'Kampus' }],
    ['PUT /api/instansi/3', 'PUT', '/api/instansi/3', { nama: 'Baru' }],
    ['DELETE /api/instansi/3', 'DELETE', '/api/instansi/3', undefined],
  ] as const;

  it.each(NON_HR.flatMap((who) => mutations.map((m) => [who, ...m] as const)))(
    'should refuse %s on %s with 403 and change nothing',
    async (who, _name, method, url, payload) => {
      const before = await t.db.select().from(instansi).orderBy(instansi.id);
      const response = await call(t, method, url, tokens[who], payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
      expect(await t.db.select().from(instansi).orderBy(instansi.id)).toEqual(before);
    },
  );

  it.each(mutations)('should answer 401 on %s without a token', async (_name, method, url, payload) => {
    expect((await call(t, method, url, null, payload)).statusCode).toBe(401);
  });
});
