import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { deletions, gradeItems, gradeTemplates } from '../../server/db/schema';
import { DEMO_GRADE_TEMPLATES } from '../../server/db/seed-data';
import { BAD_IDS, DEMO_ROLES, type DemoUsername, NON_HR, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const ITEMS = [
  { huruf: 'C', min: 0, predikat: 'Cukup' },
  { huruf: 'A', min: 85, predikat: 'Istimewa' },
  { huruf: 'B', min: 70, predikat: 'Baik' },
];
const ITEMS_BY_MIN = [ITEMS[1], ITEMS[2], ITEMS[0]];
const VALID = { nama: 'Template Uji', deskripsi: 'Untuk pengujian', kategori: 'SMK', items: ITEMS };

const stored = async (id: number) => (await t.db.select().from(gradeTemplates).where(eq(gradeTemplates.id, id)))[0];
const storedItems = (id: number) =>
  t.db
    .select({ huruf: gradeItems.huruf, min: gradeItems.min, predikat: gradeItems.predikat, position: gradeItems.position })
    .from(gradeItems)
    .where(eq(gradeItems.template_id, id))
    .orderBy(asc(gradeItems.position));
const create = async (payload: object = VALID) => {
  const response = await call(t, 'POST', '/api/grade', tokens.hr, payload);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number };
};

describe('GET /api/grade', () => {
  it.each(Object.keys(DEMO_ROLES) as DemoUsername[])('should list templates with items by min, highest first, for %s', async (who) => {
    const response = await call(t, 'GET', '/api/grade', tokens[who]);
    expect(response.statusCode).toBe(200);
    const data = (response.json().data as { id: number }[]).filter((row) => row.id <= DEMO_GRADE_TEMPLATES.length);
    expect(data).toEqual(
      DEMO_GRADE_TEMPLATES.map((template, index) => ({
        id: index + 1,
        nama: template.nama,
        deskripsi: template.deskripsi,
        kategori: template.kategori,
        items: [...template.items].sort((a, b) => b.min - a.min),
      })),
    );
  });

  it('should answer 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/grade')).statusCode).toBe(401);
  });
});

describe('POST /api/grade', () => {
  it('should create a template, keep the form order in storage and answer items by min', async () => {
    const response = await call(t, 'POST', '/api/grade', tokens.hr, { ...VALID, nama: ' Template Uji ' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({ id: data.id, nama: 'Template Uji', deskripsi: 'Untuk pengujian', kategori: 'SMK', items: ITEMS_BY_MIN });
    expect(await stored(data.id)).toMatchObject({ nama: 'Template Uji', deskripsi: 'Untuk pengujian', kategori: 'SMK' });
    expect(await storedItems(data.id)).toEqual(ITEMS.map((item, position) => ({ ...item, position })));
  });

  it.each([undefined, null, ''])('should store an empty description for %j', async (deskripsi) => {
    const created = await create({ ...VALID, deskripsi });
    expect((await stored(created.id))?.deskripsi).toBe('');
  });

  const item = (patch: object) => ({ ...VALID, items: [{ huruf: 'A', min: 80, predikat: 'Baik', ...patch }] });
  it.each([
    [{ ...VALID, nama: '' }, 'Nama template wajib diisi'],
    [{ ...VALID, nama: undefined }, 'Nama template wajib diisi'],
    [{ ...VALID, nama: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
    [{ ...VALID, deskripsi: 'x'.repeat(2001) }, 'Deskripsi maksimal 2000 karakter'],
    [{ ...VALID, deskripsi: 5 }, 'Deskripsi tidak valid'],
    [{ ...VALID, kategori: undefined }, 'Jenjang wajib diisi'],
    [{ ...VALID, kategori: 'Siswa' }, 'Jenjang tidak valid'],
    [{ ...VALID, items: [] }, 'Minimal satu grade'],
    [{ ...VALID, items: undefined }, 'Minimal satu grade'],
    [{ ...VALID, items: {} }, 'Minimal satu grade'],
    [{ ...VALID, items: ['A'] }, 'Grade tidak valid'],
    [{ ...VALID, items: Array.from({ length: 21 }, (_, i) => ({ huruf: 'A', min: i, predikat: 'x' })) }, 'Maksimal 20 grade'],
    [item({ huruf: 'ABC' }), 'Huruf maksimal 2 karakter'],
    [item({ huruf: ' ' }), 'Huruf wajib diisi'],
    [item({ huruf: undefined }), 'Huruf wajib diisi'],
    [item({ min: undefined }), 'Nilai minimum wajib diisi'],
    [item({ min: 101 }), 'Nilai minimum harus antara 0-100'],
    [item({ min: -1 }), 'Nilai minimum harus antara 0-100'],
    [item({ min: 80.5 }), 'Nilai minimum harus antara 0-100'],
    [item({ min: '80' }), 'Nilai minimum harus antara 0-100'],
    [item({ predikat: ' ' }), 'Predikat wajib diisi'],
    [item({ predikat: 'x'.repeat(201) }), 'Predikat maksimal 200 karakter'],
    ['[]', SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (payload, message) => {
    const count = (await t.db.select().from(gradeTemplates)).length;
    const response = await call(t, 'POST', '/api/grade', tokens.hr, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(gradeTemplates)).toHaveLength(count);
  });

  it('should answer 400 without a body', async () => {
    expect((await call(t, 'POST', '/api/grade', tokens.hr)).statusCode).toBe(400);
  });
});

describe('PUT /api/grade/:id', () => {
  it('should replace the fields and all items, and bump updated_at', async () => {
    const created = await create();
    const before = await stored(created.id);
    const items = [{ huruf: 'L', min: 60, predikat: 'Lulus' }, { huruf: 'TL', min: 0, predikat: 'Tidak Lulus' }];
    const response = await call(t, 'PUT', `/api/grade/${created.id}`, tokens.hr, {
      nama: 'Lulus/Tidak', deskripsi: '', kategori: 'Mahasiswa', items,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: created.id, nama: 'Lulus/Tidak', deskripsi: '', kategori: 'Mahasiswa', items } });
    const after = await stored(created.id);
    expect(after).toMatchObject({ nama: 'Lulus/Tidak', deskripsi: '', kategori: 'Mahasiswa' });
    expect(after?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? Infinity);
    expect(await storedItems(created.id)).toEqual(items.map((item, position) => ({ ...item, position })));
  });

  it('should change nothing on an invalid body', async () => {
    const created = await create();
    const before = { row: await stored(created.id), items: await storedItems(created.id) };
    const response = await call(t, 'PUT', `/api/grade/${created.id}`, tokens.hr, { ...VALID, items: [{ huruf: 'A', min: 200, predikat: 'x' }] });
    expect(response.statusCode).toBe(400);
    expect({ row: await stored(created.id), items: await storedItems(created.id) }).toEqual(before);
  });

  it('should answer 404 unknown and 400 malformed id', async () => {
    const missing = await call(t, 'PUT', '/api/grade/9999', tokens.hr, VALID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) {
      const response = await call(t, 'PUT', `/api/grade/${id}`, tokens.hr, VALID);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
  });
});

describe('DELETE /api/grade/:id', () => {
  it('should delete a template with its items and leave a tombstone', async () => {
    const created = await create();
    const response = await call(t, 'DELETE', `/api/grade/${created.id}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: created.id } });
    expect(await stored(created.id)).toBeUndefined();
    expect(await storedItems(created.id)).toEqual([]);
    const tombstones = await t.db
      .select()
      .from(deletions)
      .where(and(eq(deletions.entity, 'grade_templates'), eq(deletions.entity_id, created.id)));
    expect(tombstones).toHaveLength(1);
    expect((await call(t, 'DELETE', `/api/grade/${created.id}`, tokens.hr)).statusCode).toBe(404);
  });

  it('should answer 400 for a malformed id', async () => {
    for (const id of BAD_IDS) expect((await call(t, 'DELETE', `/api/grade/${id}`, tokens.hr)).statusCode).toBe(400);
  });
});

describe('HR-only grade mutations', () => {
  const mutations = [
    ['POST /api/grade', 'POST', '/api/grade', VALID],
    ['PUT /api/grade/1', 'PUT', '/api/grade/1', VALID],
    ['DELETE /api/grade/1', 'DELETE', '/api/grade/1', undefined],
  ] as const;
  const snapshot = async () => ({
    rows: await t.db.select().from(gradeTemplates).orderBy(gradeTemplates.id),
    items: await t.db.select().from(gradeItems).orderBy(gradeItems.id),
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
