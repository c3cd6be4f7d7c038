// A 5,000-row import (POST /api/peserta/bulk) never holds the event loop for its whole length:
// it validates, checks numbers and inserts in slices with a turn of the event loop between them,
// so /api/health/live is answered again and again while the import runs — on PGlite too, whose
// queries run on the server's own thread. Its outcome is the same as before: every row stored,
// each with its result in request order. (The figures — the longest block, the import's time —
// are measured by `npm run bench` and reported in docs/performance.md.)
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PESERTA_BULK_MAX, pesertaBulkResponseSchema } from '../../src/domain/peserta';
import { peserta } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
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

describe(`a 5,000-row import and liveness (${testDbKind()})`, () => {
  it('should answer /api/health/live many times while the import runs, and store every row', { timeout: 600_000 }, async () => {
    const rows = Array.from({ length: PESERTA_BULK_MAX }, (_row, i) =>
      smkPayload(refs, { nama: `Hidup ${String(i).padStart(4, '0')}`, nis: `HIDUP-${i}`, tanggal_masuk: '2026-02-02', tanggal_selesai: '2026-12-31' }),
    );
    const before = await pesertaCount();
    let importing = true;
    const importDone = call(t, 'POST', '/api/peserta/bulk', tokens.hr, JSON.stringify({ jenjang: 'SMK', rows })).finally(() => {
      importing = false;
    });
    // Liveness probes one after the other while the import runs, each sent from a timer (as a
    // probe arrives from outside); one counts when it is answered (200) before the import ends.
    let answeredDuringImport = 0;
    while (importing) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      if (importing) answeredDuringImport += 1;
    }
    const response = await importDone;
    expect(response.statusCode).toBe(200);
    const { data } = pesertaBulkResponseSchema.parse(response.json());
    expect(data.created).toBe(PESERTA_BULK_MAX);
    expect(data.results.map((result) => result.index)).toEqual(rows.map((_row, index) => index));
    expect(await pesertaCount()).toBe(before + PESERTA_BULK_MAX);
    // One yield per slice of validation, number check and insert: 20 + 20 + 100 turns at least.
    expect(answeredDuringImport).toBeGreaterThanOrEqual(50);
  });
});
