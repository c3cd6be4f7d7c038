// PUT /api/presensi at its documented limits, on PGlite and PostgreSQL alike: 272 marks (where the
// embedded engine once read the stored marks back as nothing and aborted at COMMIT), the maximum
// of 500 in every shape (one participant × 500 dates, 500 × one, 5 × 100, 100 × 5), HR's
// correction of 500 marks (each written to the history), 501 refused with nothing stored, and
// an idempotent resend of 500 answered with the same body.
import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENSI_BATCH_MAX, PRESENSI_MSG, addDays } from '../../src/domain/presensi';
import { dateArray, idIn } from '../../server/db/list-params';
import { riwayat } from '../../server/db/schema-riwayat';
import { presensi } from '../../server/db/schema-presensi';
import { type DemoUsername, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { manyPeserta } from '../helpers/many-peserta';
import { send } from '../helpers/nilai';

/** The internships of this file: long enough for 500 working days (Monday to Saturday). */
const MASUK = '2024-01-01';
const SELESAI = '2026-11-27';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
/** PRESENSI_BATCH_MAX participants of the demo mentor, ids ascending. */
let ids: number[];

/** `count` working dates (HARI_KERJA of the tests: Monday to Saturday) from `from` on. */
function workingDates(from: string, count: number): string[] {
  const dates: string[] = [];
  for (let date = from; dates.length < count; date = addDays(date, 1)) {
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) dates.push(date);
  }
  return dates;
}

/** Every working date of the internships, split into disjoint runs for the cases below. */
const DATES = workingDates(MASUK, 880);

/** The marks of `people` × `dates`, statuses in turn (Izin with its note). */
function marksOf(people: readonly number[], dates: readonly string[], shift = 0) {
  const statuses = ['Hadir', 'Sakit', 'Alpa', 'Izin'] as const;
  return people.flatMap((peserta_id, i) =>
    dates.map((tanggal, j) => {
      const status = statuses[(i + j + shift) % statuses.length]!;
      return { peserta_id, tanggal, status, ...(status === 'Izin' ? { catatan: `Izin ${peserta_id}` } : {}) };
    }),
  );
}

/** The answer's `data` for `marks`: every mark stored, by participant then date. */
function storedOf(marks: ReturnType<typeof marksOf>) {
  return marks
    .map(({ peserta_id, tanggal, status, ...rest }) => ({ peserta_id, tanggal, status, catatan: 'catatan' in rest ? rest.catatan : null }))
    .sort((a, b) => a.peserta_id - b.peserta_id || a.tanggal.localeCompare(b.tanggal));
}

const put = (token: string, marks: unknown[], key?: string) => send(t, 'PUT', '/api/presensi', token, { payload: { presensi: marks }, ...(key ? { key } : {}) });

/** How many marks are stored for `people` × `dates`. */
async function storedCount(people: readonly number[], dates: readonly string[]): Promise<number> {
  const rows = await t.db
    .select({ id: presensi.peserta_id })
    .from(presensi)
    .where(and(idIn(presensi.peserta_id, people), sql`${presensi.tanggal} = any(${dateArray(dates)})`));
  return rows.length;
}

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  ({ ids } = await manyPeserta(t, PRESENSI_BATCH_MAX, { tanggal_masuk: MASUK, tanggal_selesai: SELESAI }));
}, 120_000);
afterAll(() => t?.close());

describe(`PUT /api/presensi at its limits (${testDbKind()})`, () => {
  // Each case its own dates: no mark of one case is a mark of another.
  it.each([
    ['1 × 272', 1, 272, 0],
    ['272 × 1', 272, 1, 300],
    ['5 × 55', 5, 55, 301],
    ['1 × 500', 1, 500, 360],
    ['500 × 1', 500, 1, 860],
    ['5 × 100', 5, 100, 400],
    ['100 × 5', 100, 5, 861],
  ] as const)('should store %s marks, answer 200 with every stored mark, and keep the engine answering', { timeout: 120_000 }, async (_, people, days, offset) => {
    const who = ids.slice(ids.length - people);
    const marks = marksOf(who, DATES.slice(offset, offset + days));
    const answer = await put(tokens.mentor, marks);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.json().data).toEqual(storedOf(marks));
    expect(await storedCount(who, DATES.slice(offset, offset + days))).toBe(marks.length);
    const health = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(health.statusCode).toBe(200);
  });

  it('should answer an idempotent resend of 500 marks with the same body, storing nothing twice', { timeout: 120_000 }, async () => {
    const marks = marksOf(ids.slice(0, 100), DATES.slice(870, 875));
    const first = await put(tokens.mentor, marks, 'batas-500-ulang');
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    expect(first.json().data).toHaveLength(PRESENSI_BATCH_MAX);
    const again = await put(tokens.mentor, marks, 'batas-500-ulang');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it("should take HR's correction of 500 marks and write each change to the history", { timeout: 120_000 }, async () => {
    const who = ids.slice(0, PRESENSI_BATCH_MAX);
    const dates = DATES.slice(876, 877);
    await put(tokens.mentor, marksOf(who, dates));
    const before = await t.db.select({ id: riwayat.id }).from(riwayat);
    const corrected = marksOf(who, dates, 1);
    const answer = await put(tokens.hr, corrected);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.json().data).toEqual(storedOf(corrected));
    const after = await t.db.select({ id: riwayat.id }).from(riwayat);
    expect(after.length).toBeGreaterThan(before.length);
  });

  it('should refuse 501 marks with 400 and store none of them', { timeout: 120_000 }, async () => {
    const marks = marksOf(ids.slice(0, 167), DATES.slice(877, 880));
    expect(marks).toHaveLength(PRESENSI_BATCH_MAX + 1);
    const answer = await put(tokens.mentor, marks, 'batas-501');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: PRESENSI_MSG.batchTooLarge });
    expect(await storedCount(ids.slice(0, 167), DATES.slice(877, 880))).toBe(0);
  });
});
