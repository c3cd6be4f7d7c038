import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MSG } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { deletions, divisi, divisiKategori, kompetensi, peserta } from '../../server/db/schema';
import { DEMO_DIVISI } from '../../server/db/seed-data';
import { BAD_IDS, DEMO_ROLES, type DemoUsername, NON_HR, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

interface ApiDivisi {
  id: number;
  nama: string;
  divisi_kategori: { kompetensi: { id: number; nama: string; jenjang: string; aktif: boolean } }[];
}

const stored = async (id: number) => (await t.db.select().from(divisi).where(eq(divisi.id, id)))[0];
const linksOf = (id: number) => t.db.select().from(divisiKategori).where(eq(divisiKategori.divisi_id, id));
const create = async (nama: string) => {
  const response = await call(t, 'POST', '/api/divisi', tokens.hr, { nama });
  expect(response.statusCode).toBe(201);
  return response.json().data as ApiDivisi;
};

describe('GET /api/divisi', () => {
  it.each(Object.keys(DEMO_ROLES) as DemoUsername[])('should list divisions by name with their competencies for %s', async (who) => {
    const response = await call(t, 'GET', '/api/divisi', tokens[who]);
    expect(response.statusCode).toBe(200);
    const data = (response.json().data as ApiDivisi[]).filter((row) => row.id <= DEMO_DIVISI.length);
    expect(data.map((row) => row.nama)).toEqual([...DEMO_DIVISI].sort());
    for (const row of data) {
      expect(Object.keys(row).sort()).toEqual(['divisi_kategori', 'id', 'nama']);
      // Two shared and two own competencies per level (seed-data.ts).
      expect(row.divisi_kategori).toHaveLength(8);
      for (const link of row.divisi_kategori) {
        expect(link).toEqual({
          kompetensi: { id: expect.any(Number), nama: expect.any(String), jenjang: expect.stringMatching(/^(SMK|Mahasiswa)$/), aktif: true },
        });
      }
      const names = row.divisi_kategori.map((link) => link.kompetensi.nama.toLowerCase());
      expect(names).toEqual([...names].sort());
    }
  });

  it('should answer 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/divisi')).statusCode).toBe(401);
  });
});

describe('GET /api/divisi/:id', () => {
  it('should return one division with its competencies to any role', async () => {
    const list = (await call(t, 'GET', '/api/divisi', tokens.hr)).json().data as ApiDivisi[];
    const expected = list.find((row) => row.id === 4);
    for (const who of Object.keys(DEMO_ROLES) as DemoUsername[]) {
      const response = await call(t, 'GET', '/api/divisi/4', tokens[who]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: expected });
    }
  });

  it('should answer 404 unknown, 400 malformed, 401 without a token', async () => {
    const missing = await call(t, 'GET', '/api/divisi/9999', tokens.mentor);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) {
      const response = await call(t, 'GET', `/api/divisi/${id}`, tokens.mentor);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
    expect((await call(t, 'GET', '/api/divisi/1')).statusCode).toBe(401);
  });
});

describe('POST /api/divisi', () => {
  it('should create a division without competencies and answer 201', async () => {
    const response = await call(t, 'POST', '/api/divisi', tokens.hr, { nama: ' Logistik ' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({ id: data.id, nama: 'Logistik', divisi_kategori: [] });
    expect((await stored(data.id))?.nama).toBe('Logistik');
  });

  it('should answer 409 for a name that exists in any case', async () => {
    const before = await t.db.select().from(divisi);
    const response = await call(t, 'POST', '/api/divisi', tokens.hr, { nama: 'KEUANGAN' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.divisiTaken });
    expect(await t.db.select().from(divisi)).toHaveLength(before.length);
  });

  it.each([
    [{}, MASTER_MSG.divisiNameRequired],
    [{ nama: '   ' }, MASTER_MSG.divisiNameRequired],
    [{ nama: null }, MASTER_MSG.divisiNameRequired],
    [{ nama: 7 }, 'Nama tidak valid'],
    [{ nama: ['Keuangan'] }, 'Nama tidak valid'],
    [{ nama: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
    ['[]', SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await call(t, 'POST', '/api/divisi', tokens.hr, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 400 without a body', async () => {
    expect((await call(t, 'POST', '/api/divisi', tokens.hr)).statusCode).toBe(400);
  });
});

describe('PUT /api/divisi/:id', () => {
  it('should rename, keep the links, and bump the row, its participants and its competencies', async () => {
    const before = await stored(2);
    const [pesertaBefore] = await t.db.select().from(peserta).where(eq(peserta.divisi_id, 2));
    const [link] = await linksOf(2);
    const [kompetensiBefore] = await t.db.select().from(kompetensi).where(eq(kompetensi.id, link?.kompetensi_id ?? 0));
    const response = await call(t, 'PUT', '/api/divisi/2', tokens.hr, { nama: 'Keuangan dan Akuntansi' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: 2, nama: 'Keuangan dan Akuntansi' });
    expect(data.divisi_kategori).toHaveLength(8);
    const after = await stored(2);
    expect(after?.nama).toBe('Keuangan dan Akuntansi');
    expect(after?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? Infinity);
    const [pesertaAfter] = await t.db.select().from(peserta).where(eq(peserta.id, pesertaBefore?.id ?? 0));
    expect(pesertaAfter?.updated_at.getTime()).toBeGreaterThan(pesertaBefore?.updated_at.getTime() ?? Infinity);
    const [kompetensiAfter] = await t.db.select().from(kompetensi).where(eq(kompetensi.id, link?.kompetensi_id ?? 0));
    expect(kompetensiAfter?.updated_at.getTime()).toBeGreaterThan(kompetensiBefore?.updated_at.getTime() ?? Infinity);
  });

  it('should answer 409 for a name another division has', async () => {
    const own = await create('Gudang');
    const response = await call(t, 'PUT', `/api/divisi/${own.id}`, tokens.hr, { nama: 'pemasaran' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.divisiTaken });
    expect((await stored(own.id))?.nama).toBe('Gudang');
  });

  it('should answer 400 for a missing name, 404 unknown, 400 malformed id', async () => {
    const blank = await call(t, 'PUT', '/api/divisi/1', tokens.hr, { nama: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: MASTER_MSG.divisiNameRequired });
    expect((await call(t, 'PUT', '/api/divisi/9999', tokens.hr, { nama: 'X' })).statusCode).toBe(404);
    for (const id of BAD_IDS) expect((await call(t, 'PUT', `/api/divisi/${id}`, tokens.hr, { nama: 'X' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/divisi/:id', () => {
  it('should refuse a division with participants (409) and keep it and its links', async () => {
    const before = await stored(3);
    const links = await linksOf(3);
    const response = await call(t, 'DELETE', '/api/divisi/3', tokens.hr);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.divisiHasPeserta });
    expect(await stored(3)).toEqual(before);
    expect(await linksOf(3)).toEqual(links);
    expect(await t.db.select().from(deletions).where(eq(deletions.entity, 'divisi'))).toEqual([]);
  });

  it('should delete a division with its links, keep the competency, bump it and leave a tombstone', async () => {
    const own = await create('Divisi Sementara');
    const created = await call(t, 'POST', '/api/kompetensi', tokens.hr, { nama: 'Kerapian', jenjang: 'SMK', divisi_ids: [own.id, 1] });
    const komp = created.json().data as { id: number };
    const [kompetensiBefore] = await t.db.select().from(kompetensi).where(eq(kompetensi.id, komp.id));
    expect(await linksOf(own.id)).toHaveLength(1);

    const response = await call(t, 'DELETE', `/api/divisi/${own.id}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: own.id } });
    expect(await stored(own.id)).toBeUndefined();
    expect(await linksOf(own.id)).toEqual([]);
    const [kompetensiAfter] = await t.db.select().from(kompetensi).where(eq(kompetensi.id, komp.id));
    expect(kompetensiAfter?.updated_at.getTime()).toBeGreaterThan(kompetensiBefore?.updated_at.getTime() ?? Infinity);
    const remaining = await t.db.select().from(divisiKategori).where(eq(divisiKategori.kompetensi_id, komp.id));
    expect(remaining.map((link) => link.divisi_id)).toEqual([1]);
    const tombstones = await t.db.select().from(deletions).where(and(eq(deletions.entity, 'divisi'), eq(deletions.entity_id, own.id)));
    expect(tombstones).toHaveLength(1);
  });

  it('should answer 404 unknown and 400 malformed', async () => {
    expect((await call(t, 'DELETE', '/api/divisi/9999', tokens.hr)).statusCode).toBe(404);
    for (const id of BAD_IDS) expect((await call(t, 'DELETE', `/api/divisi/${id}`, tokens.hr)).statusCode).toBe(400);
  });
});

describe('HR-only divisi mutations', () => {
  const mutations = [
    ['POST /api/divisi', 'POST', '/api/divisi', { nama: 'Baru' }],
    ['PUT /api/divisi/5', 'PUT', '/api/divisi/5', { nama: 'Baru' }],
    ['DELETE /api/divisi/5', 'DELETE', '/api/divisi/5', undefined],
  ] as const;

  it.each(NON_HR.flatMap((who) => mutations.map((m) => [who, ...m] as const)))(
    'should refuse %s on %s with 403 and change nothing',
    async (who, _name, method, url, payload) => {
      const before = await t.db.select().from(divisi).orderBy(divisi.id);
      const response = await call(t, method, url, tokens[who], payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
      expect(await t.db.select().from(divisi).orderBy(divisi.id)).toEqual(before);
    },
  );

  it.each(mutations)('should answer 401 on %s without a token', async (_name, method, url, payload) => {
    expect((await call(t, method, url, null, payload)).statusCode).toBe(401);
  });
});
