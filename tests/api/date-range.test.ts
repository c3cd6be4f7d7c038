// Dates outside 2000-01-01..2100-12-31 are typing slips: a participant's internship (added,
// edited, imported: that row refused) and an attendance mark with such a date answer 400 with the range text and
// change nothing; the edges themselves are accepted.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tanggalRangeMessage } from '../../src/domain/dates';
import { peserta } from '../../server/db/schema';
import { presensi } from '../../server/db/schema-presensi';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send } from '../helpers/nilai';
import { type SeedRefs, seedRefs, smkPayload } from '../helpers/peserta';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
});
afterAll(() => t.close());

const pesertaCount = async () => (await t.db.select({ value: count() }).from(peserta))[0]?.value ?? 0;

describe(`dates outside 2000-2100 (${testDbKind()})`, () => {
  it.each([
    ['tanggal_masuk', '1900-01-01', 'Tanggal masuk'],
    ['tanggal_masuk', '1999-12-31', 'Tanggal masuk'],
    ['tanggal_selesai', '9999-12-31', 'Tanggal selesai'],
    ['tanggal_selesai', '2101-01-01', 'Tanggal selesai'],
  ])('should refuse a participant with %s %s (400) and store nothing', async (field, value, label) => {
    const before = await pesertaCount();
    const response = await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs, { [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: tanggalRangeMessage(label) });
    expect(await pesertaCount()).toBe(before);
  });

  it('should refuse such a date on an edit and in an import, and accept the edges', async () => {
    const p = await makePeserta(t);
    const edit = await call(t, 'PUT', `/api/peserta/${p.id}`, tokens.hr, { tanggal_selesai: '9999-01-01' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ message: tanggalRangeMessage('Tanggal selesai') });
    const before = await pesertaCount();
    const bulk = await call(t, 'POST', '/api/peserta/bulk', tokens.hr, { jenjang: 'SMK', rows: [smkPayload(refs, { tanggal_masuk: '1900-01-01' })] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ data: { created: 0, results: [{ index: 0, ok: false, message: tanggalRangeMessage('Tanggal masuk') }] } });
    expect(await pesertaCount()).toBe(before);
    const edges = await call(t, 'POST', '/api/peserta', tokens.hr, smkPayload(refs, { tanggal_masuk: '2000-01-01', tanggal_selesai: '2100-12-31' }));
    expect(edges.statusCode).toBe(201);
  });

  it.each(['1900-01-01', '9999-01-01'])('should refuse an attendance mark on %s (400) and store nothing', async (tanggal) => {
    const p = await makePeserta(t);
    const answer = await send(t, 'PUT', '/api/presensi', tokens.mentor, { payload: { presensi: [{ peserta_id: p.id, tanggal, status: 'Hadir' }] } });
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { message: string }).message).toContain(tanggalRangeMessage());
    expect(await t.db.select().from(presensi).where(eq(presensi.peserta_id, p.id))).toEqual([]);
  });
});
