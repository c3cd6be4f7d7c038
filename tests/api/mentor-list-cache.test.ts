// A mentor's whole list (GET /api/nilai/mentor/peserta without lingkup) is kept per mentor: it
// answers 304 to a client holding it, costs no query while nothing changed, and after every kind
// of write — a score, a competency switched off, a participant given to another mentor, a
// deletion — equals a fresh read; one mentor's list never shows another's participants.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kompetensi, nilai, peserta } from '../../server/db/schema';
import { createMentorListCache, listMentorPeserta } from '../../server/services/mentor-list';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { countingDb } from '../helpers/counting-db';
import { addMentor, makePeserta, userIdOf } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let mentorId: number;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  mentorId = await userIdOf(t, 'mentor');
});
afterAll(() => t.close());

type Row = { id: number; nilai: { kompetensi_id: number; skor: number }[]; kompetensi_count: number };

/** What a fresh read of the mentor's whole list answers. */
async function fresh(id = mentorId) {
  return JSON.parse(JSON.stringify({ data: await listMentorPeserta(t.db, id, sql`true`) })) as { data: Row[] };
}

async function kept(cache: ReturnType<typeof createMentorListCache>, id = mentorId) {
  const answer = await cache.answer(id, undefined);
  if (answer.notModified) throw new Error('unexpected 304');
  return { etag: answer.etag, body: JSON.parse(answer.list.json.toString()) as { data: Row[] } };
}

describe(`a mentor's whole list, kept (${testDbKind()})`, () => {
  it('should answer the route with an ETag and 304 for the version held', async () => {
    const list = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/nilai/mentor/peserta', headers: { authorization: `Bearer ${tokens.mentor}`, ...headers } });
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(await fresh());
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"ml-/);
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('should read nothing while nothing changed, and equal a fresh read after a score, a competency, a new mentor and a deletion', async () => {
    const counted = countingDb(t.db);
    const cache = createMentorListCache(counted.db, t.app.changes, { sliceRows: 2, blockRows: 2 });
    const [a, b] = [await makePeserta(t, { scores: 'kosong' }), await makePeserta(t, { scores: 'kosong' })];
    // Written past the app: on PostgreSQL the feed counts them a moment after commit.
    await t.app.changes.settle();
    const first = await kept(cache);
    expect(first.body).toEqual(await fresh());
    const reads = counted.transactions();
    expect((await kept(cache)).etag).toBe(first.etag);
    expect(counted.transactions()).toBe(reads);

    // A score (through the API): one read of the changes.
    const kompetensiId = a.kompetensiIds[0] as number;
    expect((await call(t, 'POST', '/api/nilai/bulk', tokens.mentor, { nilai_data: [{ peserta_id: a.id, kompetensi_id: kompetensiId, skor: 81 }] })).statusCode).toBe(200);
    const scored = await kept(cache);
    expect(counted.transactions()).toBe(reads + 1);
    expect(scored.body.data.find((row) => row.id === a.id)?.nilai).toEqual([{ kompetensi_id: kompetensiId, skor: 81 }]);
    expect(scored.body).toEqual(await fresh());

    // A competency switched off, straight in SQL: the counts and the counting scores change.
    await t.writePastApp((db) => db.update(kompetensi).set({ aktif: false }).where(eq(kompetensi.id, kompetensiId)));
    const off = await kept(cache);
    expect(off.body.data.find((row) => row.id === a.id)?.nilai).toEqual([]);
    expect(off.body).toEqual(await fresh());
    await t.writePastApp((db) => db.update(kompetensi).set({ aktif: true }).where(eq(kompetensi.id, kompetensiId)));

    // Given to another mentor: it leaves this list and is in theirs.
    const otherId = await addMentor(t, 'mentor-kept-list');
    await t.writePastApp((db) => db.update(peserta).set({ mentor_id: otherId }).where(eq(peserta.id, b.id)));
    expect((await kept(cache)).body.data.some((row) => row.id === b.id)).toBe(false);
    expect((await kept(cache, otherId)).body.data.map((row) => row.id)).toEqual([b.id]);
    expect((await kept(cache)).body).toEqual(await fresh());

    // A deletion.
    await t.writePastApp((db) => db.delete(nilai).where(eq(nilai.peserta_id, a.id)));
    expect((await call(t, 'DELETE', `/api/peserta/${a.id}`, tokens.hr)).statusCode).toBe(200);
    expect((await kept(cache)).body.data.some((row) => row.id === a.id)).toBe(false);
    expect((await kept(cache)).body).toEqual(await fresh());
  });
});
