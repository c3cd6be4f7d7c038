// The participants the approval list leaves out for a missing score are kept between requests
// (server/services/approval-unscored.ts): no query while nothing changed, and after a score, a
// division move, a competency switched on or off, a new competency for a division and a
// deletion, the same set as worked out afresh from the tables by the rule itself.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divisi, divisiKategori, kompetensi, nilai, peserta } from '../../server/db/schema';
import { createUnscoredKeeper } from '../../server/services/approval-unscored';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { countingDb } from '../helpers/counting-db';
import { makePeserta } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

/** Every participant with an active competency of its division and level unscored, from the tables. */
async function expected(): Promise<number[]> {
  const participants = await t.db.select({ id: peserta.id, divisiId: peserta.divisi_id, jenjang: peserta.jenjang }).from(peserta);
  const needed = await t.db
    .select({ divisiId: divisiKategori.divisi_id, kompetensiId: kompetensi.id, jenjang: kompetensi.jenjang, aktif: kompetensi.aktif })
    .from(divisiKategori)
    .innerJoin(kompetensi, eq(kompetensi.id, divisiKategori.kompetensi_id));
  const scored = new Set((await t.db.select({ p: nilai.peserta_id, k: nilai.kompetensi_id }).from(nilai)).map((row) => `${row.p}:${row.k}`));
  return participants
    .filter((p) => needed.some((n) => n.aktif && n.divisiId === p.divisiId && n.jenjang === p.jenjang && !scored.has(`${p.id}:${n.kompetensiId}`)))
    .map((p) => p.id)
    .sort((a, b) => a - b);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe(`the participants missing a needed score, kept (${testDbKind()})`, () => {
  it('should read nothing while nothing changed, and equal the rule after every kind of write', async () => {
    const counted = countingDb(t.db);
    const unscoredIds = createUnscoredKeeper(counted.db, t.app.changes);
    const partial = await makePeserta(t, { scores: 'sebagian' });
    const complete = await makePeserta(t);
    await t.app.changes.settle();
    const first = sorted(await unscoredIds());
    expect(first).toEqual(await expected());
    expect(first).toContain(partial.id);
    expect(first).not.toContain(complete.id);
    const reads = counted.transactions();
    expect(sorted(await unscoredIds())).toEqual(first);
    expect(counted.transactions()).toBe(reads);

    // The missing scores given (through the API): it leaves the set.
    const missing = partial.kompetensiIds.slice(1).map((kompetensi_id) => ({ peserta_id: partial.id, kompetensi_id, skor: 80 }));
    expect((await call(t, 'POST', '/api/nilai/bulk', tokens.mentor, { nilai_data: missing })).statusCode).toBe(200);
    const scored = sorted(await unscoredIds());
    expect(counted.transactions()).toBe(reads + 1);
    expect(scored).not.toContain(partial.id);
    expect(scored).toEqual(await expected());

    // A score removed, straight in SQL: back in.
    await t.writePastApp((db) => db.delete(nilai).where(eq(nilai.peserta_id, complete.id)));
    expect(sorted(await unscoredIds())).toContain(complete.id);
    expect(sorted(await unscoredIds())).toEqual(await expected());

    // A competency switched off, then on (all read again); a new one needed by a division.
    const off = complete.kompetensiIds[0] as number;
    await t.writePastApp((db) => db.update(kompetensi).set({ aktif: false }).where(eq(kompetensi.id, off)));
    expect(sorted(await unscoredIds())).toEqual(await expected());
    await t.writePastApp((db) => db.update(kompetensi).set({ aktif: true }).where(eq(kompetensi.id, off)));
    expect(sorted(await unscoredIds())).toEqual(await expected());
    const [added] = await t.db.insert(kompetensi).values({ nama: 'Kompetensi Tambahan Uji', jenjang: 'SMK' }).returning({ id: kompetensi.id });
    await t.writePastApp((db) => db.insert(divisiKategori).values({ kompetensi_id: added?.id as number, divisi_id: partial.divisiId }));
    const withNew = sorted(await unscoredIds());
    expect(withNew).toContain(partial.id);
    expect(withNew).toEqual(await expected());

    // A division move and a deletion.
    const [other] = await t.db.select({ id: divisi.id }).from(divisi).where(eq(divisi.nama, 'Divisi Tanpa Kompetensi Uji'));
    const otherId = other?.id ?? (await t.db.insert(divisi).values({ nama: 'Divisi Tanpa Kompetensi Uji' }).returning({ id: divisi.id }))[0]?.id;
    await t.writePastApp((db) => db.update(peserta).set({ divisi_id: otherId as number }).where(eq(peserta.id, partial.id)));
    expect(sorted(await unscoredIds())).not.toContain(partial.id); // a division that needs nothing
    expect(sorted(await unscoredIds())).toEqual(await expected());
    expect((await call(t, 'DELETE', `/api/peserta/${complete.id}`, tokens.hr)).statusCode).toBe(200);
    expect(sorted(await unscoredIds())).toEqual(await expected());
    await t.writePastApp((db) => db.delete(divisiKategori).where(eq(divisiKategori.kompetensi_id, added?.id as number)));
  });
});
