import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PesertaListResponse,
  type PesertaPageResponse,
  pesertaListResponseSchema,
  pesertaPageResponseSchema,
} from '../../src/domain/peserta';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { type SeedRefs, mahasiswaPayload, seedRefs, smkPayload } from '../helpers/peserta';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
  // A few more rows of both levels, so small pages cross both.
  for (let i = 0; i < 4; i++) {
    expect((await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs))).statusCode).toBe(201);
    expect((await call(t, 'POST', '/api/peserta', tokens.hr, mahasiswaPayload(refs))).statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const page = async (query: string): Promise<PesertaPageResponse> => {
  const response = await call(t, 'GET', `/api/peserta?${query}`, tokens.pembimbing);
  expect(response.statusCode).toBe(200);
  return pesertaPageResponseSchema.parse(response.json());
};
const full = async (query = ''): Promise<PesertaListResponse> => {
  const response = await call(t, 'GET', `/api/peserta${query}`, tokens.pembimbing);
  expect(response.statusCode).toBe(200);
  return pesertaListResponseSchema.parse(response.json());
};
const byId = <T extends { id: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id - b.id);

/** Every page of `query` followed to the end. */
async function walk(limit: number, query = ''): Promise<PesertaPageResponse[]> {
  const pages = [await page(`limit=${limit}${query}`)];
  for (let next = pages[0]?.next; next !== null && next !== undefined; next = pages.at(-1)?.next) {
    pages.push(await page(`limit=${limit}&after=${next}${query}`));
  }
  return pages;
}

describe('GET /api/peserta?limit=&after=', () => {
  it.each([
    ['limit=0', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=2001', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=abc', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=1.5', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=-1', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=10&limit=20', 'Limit harus bilangan bulat 1 sampai 2000'],
    ['limit=10&after=-1', 'After harus id peserta (bilangan bulat 0 atau lebih)'],
    ['limit=10&after=x', 'After harus id peserta (bilangan bulat 0 atau lebih)'],
    ['limit=10&after=2147483648', 'After harus id peserta (bilangan bulat 0 atau lebih)'],
    ['after=5', 'After hanya bisa dipakai bersama limit'],
    ['since=1&limit=10', 'Limit tidak bisa dipakai bersama since'],
  ])('should refuse %s with 400', async (query, message) => {
    const response = await call(t, 'GET', `/api/peserta?${query}`, tokens.hr);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('should accept the bounds 1 and 2000', async () => {
    expect((await page('limit=1')).data).toHaveLength(1);
    const all = await full();
    const big = await page('limit=2000');
    expect(big.data).toHaveLength(all.data.length);
    expect(big.next).toBeNull();
  });

  it('should walk every participant once, by id ascending, with the total on the first page only', async () => {
    const all = await full();
    const pages = await walk(3);
    expect(pages.length).toBe(Math.ceil(all.data.length / 3));
    const rows = pages.flatMap((p) => p.data);
    expect(rows.map((row) => row.id)).toEqual(byId(all.data).map((row) => row.id));
    // The same rows as the whole list, details, reviews and scores included.
    expect(rows).toEqual(byId(all.data));
    expect(pages[0]?.total).toBe(all.data.length);
    expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true);
    for (const p of pages.slice(0, -1)) expect(p.next).toBe(p.data.at(-1)?.id);
    expect(pages.at(-1)?.next).toBeNull();
    expect(pages.every((p) => /^[0-9]+$/.test(p.cursor))).toBe(true);
  });

  it('should answer next = null when the page ends exactly at the last row', async () => {
    const total = (await full()).data.length;
    const exact = await page(`limit=${total}`);
    expect(exact.data).toHaveLength(total);
    expect(exact.next).toBeNull();
    const oneShort = await page(`limit=${total - 1}`);
    expect(oneShort.next).toBe(oneShort.data.at(-1)?.id);
    const last = await page(`limit=${total - 1}&after=${oneShort.next}`);
    expect(last.data).toHaveLength(1);
    expect(last.next).toBeNull();
    expect(last.total).toBeUndefined();
  });

  it('should answer an empty last page after the highest id', async () => {
    const highest = byId((await full()).data).at(-1)?.id ?? 0;
    expect(await page(`limit=5&after=${highest}`)).toMatchObject({ data: [], next: null });
  });

  it('should page one level with its own total', async () => {
    const smk = await full('?jenjang=SMK');
    const pages = await walk(2, '&jenjang=SMK');
    expect(pages[0]?.total).toBe(smk.data.length);
    expect(pages.flatMap((p) => p.data.map((row) => row.id))).toEqual(byId(smk.data).map((row) => row.id));
    expect(pages.flatMap((p) => p.data).every((row) => row.jenjang === 'SMK')).toBe(true);
  });

  it('should refuse a Mentor', async () => {
    expect((await call(t, 'GET', '/api/peserta?limit=10', tokens.mentor)).statusCode).toBe(403);
  });

  it("should bring every change made while the pages were read in the next since pull from the first page's cursor", async () => {
    const all = byId((await full()).data);
    const first = await page('limit=3');
    const [edited, removedEarly] = first.data; // already fetched with page 1
    const removedLate = all.at(-1); // not fetched yet: deleted before its page is read
    expect((await call(t, 'PUT', `/api/peserta/${edited?.id}`, tokens.hr, { nama: 'Diubah Antar Halaman' })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/peserta/${removedEarly?.id}`, tokens.hr)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/peserta/${removedLate?.id}`, tokens.hr)).statusCode).toBe(200);

    const pages = [first];
    for (let next = first.next; next !== null; next = pages.at(-1)?.next ?? null) pages.push(await page(`limit=3&after=${next}`));
    const fetched = pages.flatMap((p) => p.data.map((row) => row.id));
    expect(fetched).not.toContain(removedLate?.id);
    expect(fetched).toContain(removedEarly?.id); // the client holds it until a since pull says it is gone

    // The since pull from the first page's cursor repairs everything the pages missed.
    const since = await full(`?since=${first.cursor}`);
    expect(since.data.find((row) => row.id === edited?.id)?.nama).toBe('Diubah Antar Halaman');
    expect(since.deleted).toEqual(expect.arrayContaining([removedEarly?.id, removedLate?.id]));

    // Why the first: the last page's cursor was taken after the edit and would miss it.
    const fromLast = await full(`?since=${pages.at(-1)?.cursor}`);
    expect(fromLast.data.map((row) => row.id)).not.toContain(edited?.id);
    expect(fromLast.deleted).not.toContain(removedEarly?.id);
  });

  it('should still answer the whole list without paging parameters', async () => {
    const all = await full();
    expect(all.data.length).toBe((await page('limit=2000')).total);
    expect(all).not.toHaveProperty('next');
  });
});
