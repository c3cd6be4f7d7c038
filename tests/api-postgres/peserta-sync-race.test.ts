// Runs only in the api-postgres project (vitest.config.ts): PGlite has one connection and
// serialises every transaction, so commits out of order around a pull cannot happen there.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PesertaListResponse, pesertaListResponseSchema } from '../../src/domain/peserta';
import { peserta } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const pull = async (query = ''): Promise<PesertaListResponse> => {
  const response = await call(t, 'GET', `/api/peserta${query}`, tokens.pembimbing);
  expect(response.statusCode).toBe(200);
  return pesertaListResponseSchema.parse(response.json());
};

/**
 * Renames a participant in a transaction that stays open (the update written, not committed)
 * until `release()`; resolves once the update is written. `slow` settles after the commit.
 */
async function slowRename(id: number, nama: string): Promise<{ release: () => void; slow: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let written!: () => void;
  const started = new Promise<void>((resolve) => {
    written = resolve;
  });
  const slow = t.db.transaction(async (tx) => {
    await tx.update(peserta).set({ nama }).where(eq(peserta.id, id));
    written();
    await gate;
  });
  await started;
  return { release, slow };
}

let cursor: string;
beforeEach(async () => {
  cursor = (await pull()).cursor;
});

describe('GET /api/peserta?since= on PostgreSQL', () => {
  // Two transactions that commit out of order around a pull: only a real server has them.
  it('should not miss a change committed after a pull by an older transaction', async () => {
    const [slowRow, fastRow] = (await pull()).data;
    const { release, slow } = await slowRename(slowRow?.id as number, 'Lambat');
    // A younger transaction commits first; the pull between sees it but not the older one.
    expect((await call(t, 'PUT', `/api/peserta/${fastRow?.id}`, tokens.hr, { nama: 'Cepat' })).statusCode).toBe(200);
    const between = await pull(`?since=${cursor}`);
    expect(between.data.find((row) => row.id === fastRow?.id)?.nama).toBe('Cepat');
    expect(between.data.find((row) => row.id === slowRow?.id)).toBeUndefined();
    release();
    await slow;
    const after = await pull(`?since=${between.cursor}`);
    expect(after.data.find((row) => row.id === slowRow?.id)?.nama).toBe('Lambat');
  });
});

describe('GET /api/peserta (full list, ETag) on PostgreSQL', () => {
  const full = (etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/peserta',
      headers: { authorization: `Bearer ${tokens.pembimbing}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  // The version must not be a max(change_xid): an older transaction committing after the
  // list was read has a smaller id, and a 304 then would hide its change for good.
  it('should answer 200 with the change, not 304, once an older transaction commits', async () => {
    const [slowRow, fastRow] = (await pull()).data;
    const { release, slow } = await slowRename(slowRow?.id as number, 'Lambat Lagi');
    expect((await call(t, 'PUT', `/api/peserta/${fastRow?.id}`, tokens.hr, { nama: 'Cepat Lagi' })).statusCode).toBe(200);
    const between = await full();
    expect(between.statusCode).toBe(200);
    const etag = between.headers.etag as string;
    expect((await full(etag)).statusCode).toBe(304);
    release();
    await slow;
    // The commit happened past the app: its change feed hears of it a moment later (NOTIFY).
    await t.app.changes.settle();
    const after = await full(etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(pesertaListResponseSchema.parse(after.json()).data.find((row) => row.id === slowRow?.id)?.nama).toBe('Lambat Lagi');
  });
});
