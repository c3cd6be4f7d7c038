// What the app keeps between requests (server/db/change-feed.ts): the feed counts the
// database's change notifications, the full participant list is kept while nothing it shows
// changed and is then merged from the incremental pull, and users behind tokens are kept while
// no user changed. Writes are made both through the API and straight in SQL (a script or
// another instance), on PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Peserta, pesertaListResponseSchema } from '../../src/domain/peserta';
import type { Db } from '../../server/db/client';
import { type ChangeFeed, openChangeFeed, unlistenedChangeFeed } from '../../server/db/change-feed';
import { divisi, nilai, kompetensi, peserta, users } from '../../server/db/schema';
import { createPesertaListCache } from '../../server/services/peserta-list-cache';
import { pullPeserta } from '../../server/services/peserta-read';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { countingDb } from '../helpers/counting-db';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { seedRefs, smkPayload } from '../helpers/peserta';

/** What a fresh read of the whole list answers (rows only: the cursor may differ). */
async function freshRows(db: Db, jenjang?: 'SMK' | 'Mahasiswa'): Promise<Peserta[]> {
  return (await pullPeserta(db, { jenjang })).data;
}

async function cachedRows(cache: ReturnType<typeof createPesertaListCache>, jenjang?: 'SMK' | 'Mahasiswa') {
  const answer = await cache.answer(jenjang, undefined);
  if (answer.notModified) throw new Error('unexpected 304');
  return { etag: answer.etag, rows: pesertaListResponseSchema.parse(JSON.parse(answer.list.json.toString())).data };
}

describe('change feed', () => {
  let t: TestApp;
  let feed: ChangeFeed;
  beforeAll(async () => {
    t = await buildTestApp();
    feed = await openChangeFeed(t.database);
  });
  afterAll(async () => {
    await feed.close();
    await t.close();
  });

  it('should count a committed write of its kind once settled, and not other kinds', async () => {
    const stamp = feed.stamp();
    await t.db.update(users).set({ updated_at: new Date() }).where(eq(users.username, 'hr'));
    await feed.settle();
    expect(feed.changedSince(stamp, 'users')).toBe(true);
    expect(feed.changedSince(stamp, 'peserta')).toBe(false);
    expect(feed.changedSince(stamp, 'names')).toBe(false);
  });

  it('should count a rename of a divisi as a change of names', async () => {
    const stamp = feed.stamp();
    const [first] = await t.db.select().from(divisi).limit(1);
    await t.db.update(divisi).set({ nama: `${first?.nama} Baru` }).where(eq(divisi.id, first?.id ?? 0));
    await feed.settle();
    expect(feed.changedSince(stamp, 'names')).toBe(true);
    expect(feed.changedSince(stamp, 'peserta')).toBe(false);
  });

  it('should not count a write rolled back', async () => {
    const stamp = feed.stamp();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ updated_at: new Date() });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await feed.settle();
    expect(feed.changedSince(stamp, 'users')).toBe(false);
  });

  it('should count a participant when only its score changed (the participant is touched)', async () => {
    const [row] = await t.db.select({ id: peserta.id }).from(peserta).limit(1);
    const [k] = await t.db.select({ id: kompetensi.id }).from(kompetensi).limit(1);
    const stamp = feed.stamp();
    await t.db.insert(nilai).values({ peserta_id: row?.id ?? 0, kompetensi_id: k?.id ?? 0, skor: 77 }).onConflictDoUpdate({
      target: [nilai.peserta_id, nilai.kompetensi_id],
      set: { skor: 78 },
    });
    await feed.settle();
    expect(feed.changedSince(stamp, 'peserta')).toBe(true);
  });

  it('should report everything changed once closed, and the unlistened feed always', async () => {
    const other = await openChangeFeed(t.database);
    const stamp = other.stamp();
    expect(other.changedSince(stamp, 'peserta')).toBe(false);
    await other.close();
    expect(other.changedSince(stamp, 'peserta')).toBe(true);
    const none = unlistenedChangeFeed();
    expect(none.changedSince(none.stamp(), 'users')).toBe(true);
  });

  it('should count everything as changed on an unknown payload', async () => {
    const stamp = feed.stamp();
    await t.db.execute(sql`select pg_notify('magang_data', 'something-new')`);
    await feed.settle();
    for (const kind of ['peserta', 'names', 'users'] as const) expect(feed.changedSince(stamp, kind)).toBe(true);
  });
});

describe('the full list kept between requests', () => {
  // The app's own feed: an API write's answer waits until it counted the write. A write
  // straight in SQL is counted when its notification arrives (at once on PGlite, a moment
  // later on PostgreSQL, as for another instance's write): the tests settle() after those.
  let t: TestApp;
  let feed: ChangeFeed;
  let tokens: Record<DemoUsername, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    feed = t.app.changes;
    tokens = await demoTokens(t);
  });
  afterAll(() => t.close());

  it('should read nothing while nothing changed, and only the changes after a write', async () => {
    const counted = countingDb(t.db);
    const cache = createPesertaListCache(counted.db, feed);
    const first = await cachedRows(cache);
    expect(counted.transactions()).toBe(1);
    expect((await cachedRows(cache)).etag).toBe(first.etag);
    expect(counted.transactions()).toBe(1);
    const target = first.rows[0] as Peserta;
    expect((await call(t, 'PUT', `/api/peserta/${target.id}`, tokens.hr, { nama: 'Nama Dari API' })).statusCode).toBe(200);
    const after = await cachedRows(cache);
    expect(counted.transactions()).toBe(2); // one incremental pull
    expect(after.etag).not.toBe(first.etag);
    expect(after.rows).toEqual(await freshRows(t.db));
  });

  it('should equal a fresh read after adds, deletes, scores, SQL writes and a rename, per level', async () => {
    const cache = createPesertaListCache(t.db, feed);
    await cachedRows(cache);
    await cachedRows(cache, 'SMK');
    const refs = await seedRefs(t);
    const added = await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs, { nis: '5550001', tanggal_masuk: '2026-12-01', tanggal_selesai: '2027-03-01' }));
    expect(added.statusCode).toBe(201);
    const before = await freshRows(t.db);
    const victim = before.at(-1) as Peserta;
    expect((await call(t, 'DELETE', `/api/peserta/${victim.id}`, tokens.hr)).statusCode).toBe(200);
    // Straight in SQL, as a script or another instance would.
    await t.db.update(peserta).set({ tanggal_masuk: '2020-01-01' }).where(eq(peserta.id, (before[0] as Peserta).id));
    const [k] = await t.db.select({ id: kompetensi.id }).from(kompetensi).limit(1);
    await t.db
      .insert(nilai)
      .values({ peserta_id: (before[1] as Peserta).id, kompetensi_id: k?.id ?? 0, skor: 91 })
      .onConflictDoUpdate({ target: [nilai.peserta_id, nilai.kompetensi_id], set: { skor: 92 } });
    await feed.settle();
    for (const level of [undefined, 'SMK'] as const) expect((await cachedRows(cache, level)).rows).toEqual(await freshRows(t.db, level));
    const shown = (await freshRows(t.db))[0] as Peserta;
    await t.db.update(divisi).set({ nama: 'Divisi Berganti Nama' }).where(eq(divisi.id, shown.divisi.id));
    await feed.settle();
    const renamed = await cachedRows(cache);
    expect(renamed.rows).toEqual(await freshRows(t.db));
    expect(renamed.rows.some((row) => row.divisi.nama === 'Divisi Berganti Nama')).toBe(true);
  });

  it('should keep the same bytes and ETag when a write changed nothing the list shows', async () => {
    const cache = createPesertaListCache(t.db, feed);
    const first = await cachedRows(cache);
    // A participant written without a change to what its row shows.
    await t.db.execute(sql`update peserta set nama = nama where id = ${(first.rows[0] as Peserta).id}`);
    await feed.settle();
    const again = await cachedRows(cache);
    expect(again.rows).toEqual(await freshRows(t.db));
    expect(again.etag).toBe(first.etag);
  });

  it('should re-read on every request when no feed listens', async () => {
    const counted = countingDb(t.db);
    const cache = createPesertaListCache(counted.db, unlistenedChangeFeed());
    await cachedRows(cache);
    await cachedRows(cache);
    expect(counted.transactions()).toBe(2);
  });

  it('should let concurrent requests share one read', async () => {
    const counted = countingDb(t.db);
    const cache = createPesertaListCache(counted.db, feed);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cachedRows(cache)));
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(counted.transactions()).toBe(1);
  });
});

describe('users behind tokens kept between requests', () => {
  let t: TestApp;
  let tokens: Record<DemoUsername, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    tokens = await demoTokens(t);
  });
  afterAll(() => t.close());

  const profile = (token: string) => call(t, 'GET', '/api/auth/profile', token);

  it('should see a role changed straight in SQL on the next request', async () => {
    expect((await call(t, 'GET', '/api/users', tokens.hr)).statusCode).toBe(200);
    await t.writePastApp((db) => db.update(users).set({ role: 'Mentor' }).where(eq(users.username, 'hr'))); // settled: see above
    expect((await call(t, 'GET', '/api/users', tokens.hr)).statusCode).toBe(403);
    expect((await profile(tokens.hr)).json().data.role).toBe('Mentor');
    await t.writePastApp((db) => db.update(users).set({ role: 'HR' }).where(eq(users.username, 'hr')));
    expect((await call(t, 'GET', '/api/users', tokens.hr)).statusCode).toBe(200);
  });

  it('should refuse a user deleted straight in SQL on the next request', async () => {
    expect((await profile(tokens.bushead)).statusCode).toBe(200);
    await t.writePastApp((db) => db.delete(users).where(eq(users.username, 'bushead')));
    expect((await profile(tokens.bushead)).statusCode).toBe(401);
  });
});
