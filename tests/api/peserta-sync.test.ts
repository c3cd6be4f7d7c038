import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PesertaListResponse, pesertaListResponseSchema } from '../../src/domain/peserta';
import { divisi, instansi, kompetensi, nilai, peserta, reviews, users } from '../../server/db/schema';
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
});
afterAll(() => t.close());

const pull = async (query = ''): Promise<PesertaListResponse> => {
  const response = await call(t, 'GET', `/api/peserta${query}`, tokens.pembimbing);
  expect(response.statusCode).toBe(200);
  return pesertaListResponseSchema.parse(response.json());
};
const ids = (answer: PesertaListResponse) => answer.data.map((row) => row.id).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * A quiet cursor: one from which a `since` pull answers nothing. A pull's cursor counts every
 * transaction its snapshot saw running, unless it can tell that one belongs to another database
 * of the server; one that ended just before it looked (the test files share a PostgreSQL server)
 * lowers the cursor, and rows come again: duplicates, never misses. So pull from `since` until an
 * answer is empty; every row re-sent on the way must be one of `allowed` when given.
 */
async function quietCursor(since: string, allowed?: { ids: number[]; deleted: number[] }): Promise<string> {
  let at = since;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const next = await pull(`?since=${at}`);
    if (next.data.length === 0 && next.deleted?.length === 0) return at;
    if (allowed) {
      for (const id of ids(next)) expect(allowed.ids).toContain(id);
      for (const id of next.deleted ?? []) expect(allowed.deleted).toContain(id);
    }
    at = next.cursor;
  }
  throw new Error(`no quiet cursor after 20 pulls from ${since}`);
}

/** Changes since a quiet cursor, and the quiet cursor after them (for the next step of a test). */
async function changesSince(since: string): Promise<PesertaListResponse & { quiet: string }> {
  const answer = await pull(`?since=${since}`);
  return { ...answer, quiet: await quietCursor(answer.cursor, { ids: ids(answer), deleted: answer.deleted ?? [] }) };
}

/** A quiet cursor after every change so far: each test starts from it. */
let cursor: string;
beforeEach(async () => {
  cursor = await quietCursor((await pull()).cursor);
});

describe('GET /api/peserta?since=', () => {
  it('should answer a numeric cursor on a full pull, without deletions', async () => {
    const answer = await pull();
    expect(answer.cursor).toMatch(/^[0-9]+$/);
    expect(answer.deleted).toBeUndefined();
    expect(answer.data.length).toBeGreaterThan(0);
  });

  it('should return only the rows created, updated and deleted since, then nothing', async () => {
    const all = (await pull()).data;
    const [updated, removed] = all;
    const created = (await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs))).json().data.id as number;
    expect((await call(t, 'PUT', `/api/peserta/${updated?.id}`, tokens.hr, { nama: 'Nama Diubah' })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/peserta/${removed?.id}`, tokens.hr)).statusCode).toBe(200);

    const changes = await changesSince(cursor);
    expect(ids(changes)).toEqual(sorted([created, updated?.id as number]));
    expect(changes.data.find((row) => row.id === updated?.id)?.nama).toBe('Nama Diubah');
    expect(changes.deleted).toEqual([removed?.id]);
    expect(changes.cursor).not.toBe(cursor);

    // Nothing changed after the second pull: nothing new comes again (changesSince checked
    // that what came on the way to a quiet cursor was only these rows again).
    expect(await pull(`?since=${changes.quiet}`)).toMatchObject({ data: [], deleted: [] });
  });

  it('should filter changed rows by jenjang but report every deletion', async () => {
    const smk = (await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs))).json().data.id as number;
    const mahasiswa = (await call(t, 'POST', '/api/peserta', tokens.hr, mahasiswaPayload(refs))).json().data.id as number;
    expect((await call(t, 'DELETE', `/api/peserta/${mahasiswa}`, tokens.hr)).statusCode).toBe(200);
    const changes = await pull(`?jenjang=SMK&since=${cursor}`);
    expect(ids(changes)).toEqual([smk]);
    expect(changes.deleted).toEqual([mahasiswa]);
  });

  it('should re-send a participant whose reviews change', async () => {
    const [row] = (await pull()).data;
    await t.db.update(reviews).set({ status: 'Disetujui' }).where(eq(reviews.peserta_id, row?.id as number));
    const changes = await pull(`?since=${cursor}`);
    expect(ids(changes)).toEqual([row?.id]);
    expect(changes.data[0]?.status.is_complete).toBe(true);
  });

  it('should re-send a participant whose scores are added, changed or removed', async () => {
    const [scored] = await t.db.selectDistinct({ id: nilai.peserta_id }).from(nilai).limit(1);
    const id = scored?.id as number;
    const [row] = await t.db.select({ jenjang: peserta.jenjang }).from(peserta).where(eq(peserta.id, id));
    const [k] = await t.db.select({ id: kompetensi.id }).from(kompetensi).where(eq(kompetensi.jenjang, row?.jenjang ?? 'SMK'));
    const kompetensiId = k?.id as number;
    await t.db.delete(nilai).where(eq(nilai.peserta_id, id));
    let next = await changesSince(cursor);
    expect(ids(next)).toEqual([id]);
    await t.db.insert(nilai).values({ peserta_id: id, kompetensi_id: kompetensiId, skor: 80 });
    next = await changesSince(next.quiet);
    expect(ids(next)).toEqual([id]);
    await t.db.update(nilai).set({ skor: 81 }).where(eq(nilai.peserta_id, id));
    expect(ids(await pull(`?since=${next.quiet}`))).toEqual([id]);
  });

  it('should re-send the participants of a renamed institution, division and mentor', async () => {
    const all = (await pull()).data;
    const [target] = all;
    const byInstansi = all.filter((row) => row.instansi_id === target?.instansi_id).map((row) => row.id);
    let response = await call(t, 'PUT', `/api/instansi/${target?.instansi_id}`, tokens.hr, { nama: 'Instansi Baru' });
    expect(response.statusCode).toBe(200);
    let next = await changesSince(cursor);
    expect(ids(next)).toEqual(sorted(byInstansi));
    expect(next.data.every((row) => row.instansi.nama === 'Instansi Baru')).toBe(true);

    const byDivisi = all.filter((row) => row.divisi_id === target?.divisi_id).map((row) => row.id);
    response = await call(t, 'PUT', `/api/divisi/${target?.divisi_id}`, tokens.hr, { nama: 'Divisi Baru' });
    expect(response.statusCode).toBe(200);
    const afterDivisi = await changesSince(next.quiet);
    expect(ids(afterDivisi)).toEqual(sorted(byDivisi));
    next = afterDivisi;

    const byMentor = all.filter((row) => row.mentor_id === refs.mentor).map((row) => row.id);
    response = await call(t, 'PUT', `/api/users/${refs.mentor}`, tokens.hr, { username: 'mentor-baru', role: 'Mentor' });
    expect(response.statusCode).toBe(200);
    const afterMentor = await pull(`?since=${next.quiet}`);
    expect(ids(afterMentor)).toEqual(sorted(byMentor));
    expect(afterMentor.data.every((row) => row.mentor?.username === 'mentor-baru')).toBe(true);
    // Restore the names the other tests read.
    await t.writePastApp(async (db) => {
      await db.update(users).set({ username: 'mentor' }).where(eq(users.id, refs.mentor));
      await db.update(instansi).set({ nama: target?.instansi.nama ?? '' }).where(eq(instansi.id, target?.instansi_id ?? 0));
      await db.update(divisi).set({ nama: target?.divisi.nama ?? '' }).where(eq(divisi.id, target?.divisi_id ?? 0));
    });
  });

  it('should not re-send a participant on a refused change', async () => {
    const [row] = (await pull()).data;
    const response = await call(t, 'PUT', `/api/peserta/${row?.id}`, tokens.hr, { mentor_id: refs.hr });
    expect(response.statusCode).toBe(400);
    expect(await pull(`?since=${cursor}`)).toMatchObject({ data: [], deleted: [] });
  });

});

describe('GET /api/peserta?since= after many changes', () => {
  it('should pull every row of an import larger than one by-id read, equal to a full read of them', async () => {
    // Over 1,000 changed rows the pull reads by change_xid instead of by id (peserta-read.ts).
    const rows = Array.from({ length: 1_005 }, (_, i) => smkPayload(refs, { nama: `Peserta Banyak ${i}`, nis: `77${String(i).padStart(6, '0')}` }));
    const imported = await call(t, 'POST', '/api/peserta/bulk', tokens.hr, { jenjang: 'SMK', rows });
    expect(imported.statusCode).toBe(200);
    const since = await pull(`?since=${cursor}`);
    expect(since.data).toHaveLength(1_005);
    const full = await pull();
    const byId = new Map(full.data.map((row) => [row.id, row]));
    for (const row of since.data) expect(row).toEqual(byId.get(row.id));
    // Both reads give the list's order: newest tanggal_masuk first, then id descending.
    const order = since.data.map((row) => row.id);
    expect(order).toEqual(full.data.filter((row) => order.includes(row.id)).map((row) => row.id));
  });
});
