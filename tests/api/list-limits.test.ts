// Every list and long text an endpoint accepts, sent at its documented maximum on PGlite and
// PostgreSQL alike: answered as documented, never 500. LIST_LIMITS is the one table of them; the
// last test holds it to the OpenAPI document (every body array with maxItems, every query text
// with maxLength, every comma list of ids), so a new list endpoint must be added here.
// PUT /api/presensi in all its shapes: presensi-limits.test.ts.
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADE_ITEMS_MAX } from '../../src/domain/grade';
import { ARSIP_Q_MAX } from '../../src/domain/arsip';
import { SHORT_TEXT_MAX } from '../../src/domain/auth';
import { PESERTA_BULK_MAX } from '../../src/domain/peserta';
import { PRESENSI_BATCH_MAX } from '../../src/domain/presensi';
import { REVIEW_BATCH_MAX } from '../../src/domain/review';
import { idIn } from '../../server/db/list-params';
import { divisi, divisiKategori, nilai } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { manyPeserta } from '../helpers/many-peserta';
import { type SeedRefs, seedRefs, smkPayload } from '../helpers/peserta';

/** Most scores one POST /api/nilai/bulk carries (its schema's bound). */
const NILAI_BULK_MAX = 500;
/** Most divisions one competency links (POST/PUT /api/kompetensi). */
const DIVISI_IDS_MAX = 1000;

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
/** REVIEW_BATCH_MAX participants of the demo mentor, unscored, every step Menunggu. */
let people: { ids: number[]; kompetensiIds: number[] };
let divisiIds: number[];

/** One endpoint's list or text at its maximum: `send` sends it, `check` what must then hold. */
interface ListLimit {
  /** `METHOD /path` as the OpenAPI document writes it, and the body field or query parameter. */
  route: string;
  field: string;
  max: number;
  send(): Promise<{ statusCode: number; body: string }>;
  status: number;
  check?(body: any): Promise<void> | void;
}

const gradeItems = Array.from({ length: GRADE_ITEMS_MAX }, (_, i) => ({ huruf: String.fromCharCode(65 + i), min: 100 - i * 5, predikat: `Tingkat ${i + 1}` }));
const longText = (length: number) => 'Ananda '.repeat(length).slice(0, length);

const LIST_LIMITS: ListLimit[] = [
  {
    route: 'PUT /api/presensi',
    field: 'presensi',
    max: PRESENSI_BATCH_MAX,
    send: () =>
      call(t, 'PUT', '/api/presensi', tokens.mentor, {
        presensi: people.ids.slice(0, 100).flatMap((peserta_id) => ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'].map((tanggal) => ({ peserta_id, tanggal, status: 'Hadir' }))),
      }),
    status: 200,
    check: (body) => expect(body.data).toHaveLength(PRESENSI_BATCH_MAX),
  },
  {
    route: 'POST /api/nilai/bulk',
    field: 'nilai_data',
    max: NILAI_BULK_MAX,
    send: () =>
      call(t, 'POST', '/api/nilai/bulk', tokens.mentor, {
        nilai_data: people.ids.flatMap((peserta_id) => people.kompetensiIds.map((kompetensi_id) => ({ peserta_id, kompetensi_id, skor: 80 }))).slice(0, NILAI_BULK_MAX),
      }),
    status: 200,
    check: async () => {
      const [stored] = await t.db.select({ n: count() }).from(nilai).where(idIn(nilai.peserta_id, people.ids));
      expect(stored?.n).toBe(NILAI_BULK_MAX);
    },
  },
  {
    route: 'POST /api/peserta/bulk',
    field: 'rows',
    max: PESERTA_BULK_MAX,
    send: () => call(t, 'POST', '/api/peserta/bulk', tokens.hr, { jenjang: 'SMK', rows: Array.from({ length: PESERTA_BULK_MAX }, (_, i) => smkPayload(refs, { nama: `Impor Batas ${i}` })) }),
    status: 200,
    check: (body) => expect(body.data.created).toBe(PESERTA_BULK_MAX),
  },
  {
    route: 'POST /api/kompetensi',
    field: 'divisi_ids',
    max: DIVISI_IDS_MAX,
    send: () => call(t, 'POST', '/api/kompetensi', tokens.hr, { nama: 'Kompetensi Batas', jenjang: 'SMK', divisi_ids: divisiIds }),
    status: 201,
    check: async (body) => {
      const [linked] = await t.db.select({ n: count() }).from(divisiKategori).where(sql`${divisiKategori.kompetensi_id} = ${body.data.id}`);
      expect(linked?.n).toBe(DIVISI_IDS_MAX);
    },
  },
  {
    route: 'PUT /api/kompetensi/{id}',
    field: 'divisi_ids',
    max: DIVISI_IDS_MAX,
    send: async () => {
      const made = await call(t, 'POST', '/api/kompetensi', tokens.hr, { nama: 'Kompetensi Batas Ubah', jenjang: 'SMK', divisi_ids: [refs.divisi] });
      return call(t, 'PUT', `/api/kompetensi/${made.json().data.id}`, tokens.hr, { nama: 'Kompetensi Batas Ubah', jenjang: 'SMK', divisi_ids: divisiIds });
    },
    status: 200,
  },
  {
    route: 'POST /api/grade',
    field: 'items',
    max: GRADE_ITEMS_MAX,
    send: () => call(t, 'POST', '/api/grade', tokens.hr, { nama: 'Grade Batas', deskripsi: '', kategori: 'SMK', items: gradeItems }),
    status: 201,
    check: (body) => expect(body.data.items).toHaveLength(GRADE_ITEMS_MAX),
  },
  {
    route: 'PUT /api/grade/{id}',
    field: 'items',
    max: GRADE_ITEMS_MAX,
    send: async () => {
      const made = await call(t, 'POST', '/api/grade', tokens.hr, { nama: 'Grade Batas Ubah', deskripsi: '', kategori: 'SMK', items: gradeItems.slice(0, 1) });
      return call(t, 'PUT', `/api/grade/${made.json().data.id}`, tokens.hr, { nama: 'Grade Batas Ubah', deskripsi: '', kategori: 'SMK', items: gradeItems });
    },
    status: 200,
    check: (body) => expect(body.data.items).toHaveLength(GRADE_ITEMS_MAX),
  },
  {
    route: 'GET /api/review/peserta',
    field: 'ids',
    max: REVIEW_BATCH_MAX,
    send: () => call(t, 'GET', `/api/review/peserta?ids=${people.ids.join(',')}`, tokens.pembimbing),
    status: 200,
    check: (body) => expect(body.data).toHaveLength(REVIEW_BATCH_MAX),
  },
  {
    route: 'GET /api/users',
    field: 'search',
    max: SHORT_TEXT_MAX,
    send: () => call(t, 'GET', `/api/users?search=${encodeURIComponent(longText(SHORT_TEXT_MAX))}`, tokens.hr),
    status: 200,
    check: (body) => expect(body.data).toEqual([]),
  },
  {
    route: 'GET /api/peserta/arsip',
    field: 'q',
    max: ARSIP_Q_MAX,
    send: () => call(t, 'GET', `/api/peserta/arsip?daftar=peserta&q=${encodeURIComponent(longText(ARSIP_Q_MAX))}`, tokens.hr),
    status: 200,
    check: (body) => expect(body.data).toEqual([]),
  },
  {
    route: 'GET /api/sertifikat/arsip',
    field: 'q',
    max: ARSIP_Q_MAX,
    send: () => call(t, 'GET', `/api/sertifikat/arsip?jenjang=SMK&q=${encodeURIComponent(longText(ARSIP_Q_MAX))}`, tokens.hr),
    status: 200,
    check: (body) => expect(body.data).toEqual([]),
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
  people = await manyPeserta(t, REVIEW_BATCH_MAX);
  const made = await t.db
    .insert(divisi)
    .values(Array.from({ length: DIVISI_IDS_MAX }, (_, i) => ({ nama: `Divisi Batas ${i + 1}` })))
    .returning({ id: divisi.id });
  divisiIds = made.map((row) => row.id);
}, 180_000);
afterAll(() => t?.close());

describe(`every list an endpoint accepts, at its maximum (${testDbKind()})`, () => {
  it.each(LIST_LIMITS.map((limit) => [`${limit.route} ${limit.field}`, limit] as const))('should answer %s at its maximum', { timeout: 180_000 }, async (_, limit) => {
    const answer = await limit.send();
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(limit.status);
    await limit.check?.(JSON.parse(answer.body));
  });

  it('should list every list and long text the OpenAPI document bounds', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const bounded: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        for (const [field, schema] of Object.entries<any>(properties)) if (schema.type === 'array' && schema.maxItems !== undefined) bounded.push(`${method.toUpperCase()} ${path} ${field}`);
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query') continue;
          const isIdList = typeof parameter.schema?.pattern === 'string' && parameter.schema.pattern.includes('(,');
          if (parameter.schema?.maxLength !== undefined || isIdList) bounded.push(`${method.toUpperCase()} ${path} ${parameter.name}`);
        }
      }
    }
    expect(LIST_LIMITS.map((limit) => `${limit.route} ${limit.field}`).sort()).toEqual(bounded.sort());
    // The table's maxima are the document's.
    for (const limit of LIST_LIMITS) {
      const [method, path] = limit.route.split(' ') as [string, string];
      const operation = doc.paths[path][method.toLowerCase()];
      const property = operation.requestBody?.content?.['application/json']?.schema?.properties?.[limit.field];
      const parameter = (operation.parameters ?? []).find((p: any) => p.in === 'query' && p.name === limit.field);
      const documented = property?.maxItems ?? parameter?.schema?.maxLength;
      if (documented !== undefined) expect(documented, limit.route).toBe(limit.max);
    }
  });
});
