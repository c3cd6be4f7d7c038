// The whole certificate list (GET /api/sertifikat/peserta without lingkup) is kept between
// requests: it answers 304 to a client holding it, costs no query while nothing changed, and
// after every kind of write — an approval that issues, a re-issue, a cancel that revokes, a
// signer's title, a division's name, a move to the other level, a deletion — equals a fresh read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jenjang } from '../../src/domain/master-data';
import type { Organisasi } from '../../src/domain/sertifikat';
import type { SertifikatRow } from '../../src/domain/sertifikat-terbit';
import { divisi, peserta, users } from '../../server/db/schema';
import { organisasiNow } from '../../server/services/organisasi';
import { sertifikatListRows } from '../../server/services/sertifikat';
import { createSertifikatListCache } from '../../server/services/sertifikat-list-cache';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { countingDb } from '../helpers/counting-db';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const organisasi = (): Promise<Organisasi> => organisasiNow(t.db, t.config.organisasi);

/** What a fresh read of the whole list answers. */
async function fresh(jenjang: Jenjang = 'SMK') {
  return { data: await sertifikatListRows(t.db, eq(peserta.jenjang, jenjang)), organisasi: await organisasi() };
}

async function kept(cache: ReturnType<typeof createSertifikatListCache>, jenjang: Jenjang = 'SMK') {
  const answer = await cache.answer(jenjang, undefined, await organisasi());
  if (answer.notModified) throw new Error('unexpected 304');
  return { etag: answer.etag, body: JSON.parse(answer.list.json.toString()) as { data: SertifikatRow[]; organisasi: Organisasi } };
}

async function approveAll(id: number): Promise<void> {
  for (const who of ['pembimbing', 'hr', 'bushead'] as const) {
    expect((await call(t, 'POST', `/api/review/approve/${id}`, tokens[who], {})).statusCode).toBe(200);
  }
}

describe(`the whole certificate list, kept (${testDbKind()})`, () => {
  it('should answer the route with an ETag and 304 for the version held, per level', async () => {
    const list = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/sertifikat/peserta${query}`, headers: { authorization: `Bearer ${tokens.hr}`, ...headers } });
    const smk = await list('?jenjang=SMK');
    expect(smk.statusCode).toBe(200);
    expect(smk.json()).toEqual(JSON.parse(JSON.stringify(await fresh('SMK'))));
    const etag = String(smk.headers.etag);
    expect(etag).toMatch(/^"sl-/);
    const again = await list('?jenjang=SMK', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const mahasiswa = await list('?jenjang=Mahasiswa', { 'if-none-match': etag });
    expect(mahasiswa.statusCode).toBe(200);
    expect(mahasiswa.headers.etag).not.toBe(etag);
    // The working set is read each time: no ETag.
    expect((await list('?jenjang=SMK&lingkup=kerja')).headers.etag).toBeUndefined();
  });

  it('should read nothing while nothing changed, and only the changed participants after a write', async () => {
    const counted = countingDb(t.db);
    const cache = createSertifikatListCache(counted.db, t.app.changes);
    const first = await kept(cache);
    expect(counted.transactions()).toBe(1);
    expect((await kept(cache)).etag).toBe(first.etag);
    expect(counted.transactions()).toBe(1);

    const made = await makePeserta(t);
    await approveAll(made.id);
    const after = await kept(cache);
    expect(counted.transactions()).toBe(2); // one read of the changes
    expect(after.etag).not.toBe(first.etag);
    expect(after.body.data.some((row) => row.id === made.id && row.sertifikat !== null)).toBe(true);
    expect(after.body).toEqual(JSON.parse(JSON.stringify(await fresh())));
    // The ETag names the content: another instance reading the list whole gives the same one.
    expect((await kept(createSertifikatListCache(t.db, t.app.changes))).etag).toBe(after.etag);
  });

  it('should equal a fresh read after a re-issue, a cancel, a signer, a rename, a level move and a deletion', async () => {
    // Blocks of ~2 rows: a change makes its own block again, the others are kept (kept-list-body.ts).
    const tuning = { blockRows: 2 };
    const cache = createSertifikatListCache(t.db, t.app.changes, tuning);
    const same = async () => {
      const merged = await kept(cache);
      expect(merged.body).toEqual(JSON.parse(JSON.stringify(await fresh())));
      // A list read whole (another instance) has the same blocks, so the same ETag.
      expect((await kept(createSertifikatListCache(t.db, t.app.changes, tuning))).etag).toBe(merged.etag);
    };
    const [a, b, c] = [await makePeserta(t), await makePeserta(t), await makePeserta(t)];
    for (const made of [a, b, c]) await approveAll(made.id);
    await same();
    const kodeOf = async (id: number) => (await kept(cache)).body.data.find((row) => row.id === id)?.sertifikat?.kode;
    const before = await kodeOf(a.id);

    // A re-issue writes only the certificate table: its participant counts as changed.
    expect((await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${a.id}`, tokens.hr)).statusCode).toBe(200);
    const reissued = await kodeOf(a.id);
    expect(reissued).toBeDefined();
    expect(reissued).not.toBe(before);
    await same();

    // A cancel by BusHead un-approves: the row leaves.
    expect((await call(t, 'POST', `/api/review/cancel/${b.id}`, tokens.bushead)).statusCode).toBe(200);
    expect((await kept(cache)).body.data.some((row) => row.id === b.id)).toBe(false);
    await same();

    // A signer's title, straight in SQL: every row they sign shows it.
    await t.writePastApp((db) => db.update(users).set({ jabatan: 'Kepala Toko Baru' }).where(eq(users.username, 'bushead')));
    const signed = (await kept(cache)).body.data.find((row) => row.id === c.id);
    expect(signed?.penandatangan.BusHead?.jabatan).toBe('Kepala Toko Baru');
    await same();

    // A division's name.
    await t.writePastApp((db) => db.update(divisi).set({ nama: 'Divisi Berganti Nama' }).where(eq(divisi.id, c.divisiId)));
    await same();

    // A move to the other level leaves this level's list; a deletion leaves it too.
    await t.writePastApp((db) => db.update(peserta).set({ jenjang: 'Mahasiswa' }).where(eq(peserta.id, c.id)));
    expect((await kept(cache)).body.data.some((row) => row.id === c.id)).toBe(false);
    await same();
    expect((await call(t, 'DELETE', `/api/peserta/${a.id}`, tokens.hr)).statusCode).toBe(200);
    expect((await kept(cache)).body.data.some((row) => row.id === a.id)).toBe(false);
    await same();
  });

  it('should assemble and compress a new version once for concurrent requests', async () => {
    const cache = createSertifikatListCache(t.db, t.app.changes);
    const now = await organisasi();
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer('SMK', undefined, now)));
    const lists = answers.map((answer) => (answer.notModified ? null : answer.list));
    expect(lists[0]).not.toBeNull();
    expect(new Set(lists).size).toBe(1);
  });

  it('should answer a new organisation with the kept rows and a new ETag, without a query', async () => {
    const counted = countingDb(t.db);
    const cache = createSertifikatListCache(counted.db, t.app.changes);
    const first = await kept(cache);
    const reads = counted.transactions();
    const renamed = { ...(await organisasi()), nama: 'PT Ritel Baru' };
    const answer = await cache.answer('SMK', first.etag, renamed);
    expect(answer.notModified).toBe(false);
    if (answer.notModified) return;
    const body = JSON.parse(answer.list.json.toString()) as { data: SertifikatRow[]; organisasi: Organisasi };
    expect(body.organisasi).toEqual(renamed);
    expect(body.data).toEqual(first.body.data);
    expect(counted.transactions()).toBe(reads);
  });

  it('should read the whole list in slices that together are the one-query read, in its order', async () => {
    // Slices of 2 rows: the test data crosses slice boundaries (1,000 rows would in production).
    for (const jenjang of ['SMK', 'SMK', 'SMK', 'Mahasiswa', 'Mahasiswa', 'Mahasiswa'] as const) await approveAll((await makePeserta(t, { jenjang })).id);
    const cache = createSertifikatListCache(t.db, t.app.changes, { sliceRows: 2, blockRows: 2 });
    for (const jenjang of ['SMK', 'Mahasiswa'] as const) {
      const whole = await fresh(jenjang);
      expect(whole.data.length).toBeGreaterThan(2);
      expect((await kept(cache, jenjang)).body).toEqual(JSON.parse(JSON.stringify(whole)));
    }
  });
});
