// The working set on the server: the SQL predicate agrees with inWorkingSet (src/domain) over
// generated participants, and the `lingkup=kerja` pulls of GET /api/peserta, the mentor's list
// and the certificate list answer exactly the caller's working set, with `batas` and `keluar`.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STEPS, REVIEW_STATUSES, type ReviewStatus } from '../../src/domain/approval-chain';
import { mentorPesertaResponseSchema } from '../../src/domain/arsip';
import { jakartaDate } from '../../src/domain/dates';
import { addDays } from '../../src/domain/pengingat';
import { type Peserta, pesertaListResponseSchema, pesertaPageResponseSchema } from '../../src/domain/peserta';
import { sertifikatListResponseSchema } from '../../src/domain/sertifikat-terbit';
import { DEFAULT_WORKING_SET_WINDOW, inWorkingSet, workingSetBatas } from '../../src/domain/working-set';
import { idIn } from '../../server/db/list-params';
import { peserta, reviews } from '../../server/db/schema';
import { workingSetWhere } from '../../server/services/working-set';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { makePeserta } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const today = () => jakartaDate(new Date());
const batasOf = (role: string) => workingSetBatas(role, today(), DEFAULT_WORKING_SET_WINDOW);

/** Sets a participant's end date (its start 60 days earlier) and its three steps' statuses. */
async function shape(id: number, tanggal_selesai: string, statuses: readonly ReviewStatus[]): Promise<void> {
  await t.db.update(peserta).set({ tanggal_selesai, tanggal_masuk: addDays(tanggal_selesai, -60) }).where(eq(peserta.id, id));
  for (const [index, step] of APPROVAL_STEPS.entries()) {
    await t.db.update(reviews).set({ status: statuses[index] ?? 'Menunggu' }).where(and(eq(reviews.peserta_id, id), eq(reviews.role_reviewer, step)));
  }
}

async function get(url: string, who: DemoUsername) {
  const response = await call(t, 'GET', url, tokens[who]);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('the SQL predicate', () => {
  it('should agree with inWorkingSet for every role over dates × review combinations', async () => {
    const batas = '2026-06-01';
    const dates = ['2026-05-31', batas, '2026-06-02', '2020-01-01'];
    const combos: ReviewStatus[][] = [];
    for (const a of REVIEW_STATUSES) for (const b of REVIEW_STATUSES) for (const c of REVIEW_STATUSES) combos.push([a, b, c]);
    const ids: number[] = [];
    for (const date of dates) {
      for (const combo of combos) {
        const made = await makePeserta(t, { scores: 'kosong' });
        await shape(made.id, date, combo);
        ids.push(made.id);
      }
    }
    const stored = await t.db.select({ id: peserta.id, tanggal_selesai: peserta.tanggal_selesai }).from(peserta).where(idIn(peserta.id, ids));
    const stepRows = await t.db.select().from(reviews).where(idIn(reviews.peserta_id, ids));
    for (const role of ['Mentor', 'Pembimbing', 'HR', 'BusHead']) {
      const expected = stored
        .filter((row) => inWorkingSet(role, { tanggal_selesai: row.tanggal_selesai, reviews: stepRows.filter((r) => r.peserta_id === row.id) }, batas))
        .map((row) => row.id)
        .sort((a, b) => a - b);
      const actual = (await t.db.select({ id: peserta.id }).from(peserta).where(and(idIn(peserta.id, ids), workingSetWhere(role, batas))))
        .map((row) => row.id)
        .sort((a, b) => a - b);
      expect(actual, role).toEqual(expected);
      // Not vacuous: some in, some out.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(ids.length);
    }
  }, 120_000);
});

/** The whole list (no lingkup) filtered by the domain rule for `role`. */
function expectedSet(all: readonly Peserta[], role: string): number[] {
  return all.filter((row) => inWorkingSet(role, row, batasOf(role))).map((row) => row.id).sort((a, b) => a - b);
}
const idsOf = (rows: readonly { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

/** A `since` cursor from which nothing more comes (rows may come twice around a pull: pull until quiet). */
async function quietCursor(who: DemoUsername): Promise<string> {
  let cursor = pesertaListResponseSchema.parse((await get('/api/peserta?lingkup=kerja', who)).body).cursor;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const next = pesertaListResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&since=${cursor}`, who)).body);
    if (next.data.length === 0 && (next.keluar ?? []).length === 0 && (next.deleted ?? []).length === 0) return cursor;
    cursor = next.cursor;
  }
  throw new Error('no quiet cursor');
}

describe('GET /api/peserta?lingkup=kerja', () => {
  let recent: number;
  let oldApproved: number;
  let oldWaiting: number;
  beforeAll(async () => {
    recent = (await makePeserta(t)).id;
    await shape(recent, today(), ['Menunggu', 'Menunggu', 'Menunggu']);
    oldApproved = (await makePeserta(t)).id;
    await shape(oldApproved, addDays(today(), -400), ['Disetujui', 'Disetujui', 'Disetujui']);
    oldWaiting = (await makePeserta(t)).id;
    await shape(oldWaiting, addDays(today(), -400), ['Disetujui', 'Ditolak', 'Menunggu']);
  });

  it('should answer only the working set, with its batas, in every form (without lingkup: every row)', async () => {
    const all = pesertaListResponseSchema.parse((await get('/api/peserta', 'hr')).body).data;
    expect(idsOf(all)).toEqual(expect.arrayContaining([recent, oldApproved, oldWaiting]));
    const whole = await get('/api/peserta?lingkup=kerja', 'hr');
    expect(whole.status).toBe(200);
    expect(whole.headers.etag).toBeUndefined();
    const list = pesertaListResponseSchema.parse(whole.body);
    expect(list.batas).toBe(batasOf('HR'));
    expect(idsOf(list.data)).toEqual(expectedSet(all, 'HR'));
    expect(idsOf(list.data)).toContain(recent);
    expect(idsOf(list.data)).toContain(oldWaiting);
    expect(idsOf(list.data)).not.toContain(oldApproved);

    const first = pesertaPageResponseSchema.parse((await get('/api/peserta?lingkup=kerja&limit=25', 'bushead')).body);
    expect(first.total).toBe(expectedSet(all, 'BusHead').length);
    expect(first.batas).toBe(batasOf('BusHead'));
    const paged = [...first.data];
    let next = first.next;
    while (next !== null) {
      const page = pesertaPageResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&limit=25&after=${next}`, 'bushead')).body);
      paged.push(...page.data);
      next = page.next;
    }
    expect(idsOf(paged)).toEqual(expectedSet(all, 'BusHead'));
  });

  it('should name in keluar a row that changed and left, and bring one that changed and stays', async () => {
    const leaving = (await makePeserta(t)).id;
    await shape(leaving, addDays(today(), -400), ['Disetujui', 'Disetujui', 'Menunggu']);
    const cursor = await quietCursor('pembimbing');
    await shape(leaving, addDays(today(), -400), ['Disetujui', 'Disetujui', 'Disetujui']);
    await t.db.update(peserta).set({ nama: 'Peserta Kerja Berubah' }).where(eq(peserta.id, recent));
    const answer = pesertaListResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&since=${cursor}`, 'pembimbing')).body);
    expect(answer.batas).toBe(batasOf('Pembimbing'));
    expect(answer.keluar).toContain(leaving);
    expect(idsOf(answer.data)).toContain(recent);
    expect(idsOf(answer.data)).not.toContain(leaving);
    expect(answer.keluar).toEqual([...(answer.keluar ?? [])].sort((a, b) => a - b));
  });

  it('should name in keluar a row that left by time given the previous batas, and bring a row the window grew over', async () => {
    const batas = batasOf('HR');
    const justOut = (await makePeserta(t)).id;
    await shape(justOut, addDays(batas, -1), ['Disetujui', 'Disetujui', 'Disetujui']);
    const onEdge = (await makePeserta(t)).id;
    await shape(onEdge, batas, ['Disetujui', 'Disetujui', 'Disetujui']);
    const cursor = await quietCursor('hr');

    // Yesterday's device held the row that ended the day before today's batas.
    const later = pesertaListResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&since=${cursor}&batas=${addDays(batas, -1)}`, 'hr')).body);
    expect(later.keluar).toContain(justOut);
    expect(idsOf(later.data)).not.toContain(onEdge);
    // A device whose window was shorter did not hold the row on today's batas: it comes now.
    const grown = pesertaListResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&since=${cursor}&batas=${addDays(batas, 1)}`, 'hr')).body);
    expect(idsOf(grown.data)).toContain(onEdge);
    expect(grown.keluar).not.toContain(justOut);
    // Without the previous batas only changed rows count.
    const plain = pesertaListResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&since=${cursor}`, 'hr')).body);
    expect(plain.keluar).not.toContain(justOut);
    expect(idsOf(plain.data)).not.toContain(onEdge);
    // Without lingkup: as before, no keluar, no batas.
    const outside = (await get(`/api/peserta?since=${cursor}`, 'hr')).body as Record<string, unknown>;
    expect(outside.keluar).toBeUndefined();
    expect(outside.batas).toBeUndefined();
  });

  it.each([
    ['?lingkup=semua', 'Lingkup tidak valid'],
    ['?lingkup=kerja&batas=2026-02-30', 'Batas harus tanggal yyyy-mm-dd yang valid'],
    ['?lingkup=kerja&batas=kemarin', 'Batas harus tanggal yyyy-mm-dd yang valid'],
    ['?batas=2026-01-01', 'Batas hanya bisa dipakai bersama lingkup'],
  ])('should answer 400 for %s', async (query, message) => {
    const answer = await get(`/api/peserta${query}`, 'hr');
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
  });
});

describe('the mentor list and the certificate list with lingkup=kerja', () => {
  it("should answer the mentor's working set only, with batas", async () => {
    const old = (await makePeserta(t)).id;
    await shape(old, addDays(today(), -200), ['Disetujui', 'Menunggu', 'Menunggu']);
    const oldOpen = (await makePeserta(t)).id;
    await shape(oldOpen, addDays(today(), -200), ['Menunggu', 'Menunggu', 'Menunggu']);
    const all = mentorPesertaResponseSchema.parse((await get('/api/nilai/mentor/peserta', 'mentor')).body);
    expect(all.batas).toBeUndefined();
    const kerja = await get('/api/nilai/mentor/peserta?lingkup=kerja', 'mentor');
    expect(kerja.status).toBe(200);
    const answer = mentorPesertaResponseSchema.parse(kerja.body);
    expect(answer.batas).toBe(batasOf('Mentor'));
    expect(idsOf(answer.data)).toEqual(expectedSet(all.data, 'Mentor'));
    expect(idsOf(answer.data)).toContain(oldOpen);
    expect(idsOf(answer.data)).not.toContain(old);
    expect((await get('/api/nilai/mentor/peserta?lingkup=x', 'mentor')).status).toBe(400);
  });

  it('should answer only completed participants inside the window', async () => {
    const recentDone = (await makePeserta(t)).id;
    await shape(recentDone, addDays(today(), -10), ['Disetujui', 'Disetujui', 'Disetujui']);
    const oldDone = (await makePeserta(t)).id;
    await shape(oldDone, addDays(today(), -400), ['Disetujui', 'Disetujui', 'Disetujui']);
    const all = sertifikatListResponseSchema.parse((await get('/api/sertifikat/peserta?jenjang=SMK', 'bushead')).body);
    expect(idsOf(all.data)).toEqual(expect.arrayContaining([recentDone, oldDone]));
    const answer = sertifikatListResponseSchema.parse((await get('/api/sertifikat/peserta?jenjang=SMK&lingkup=kerja', 'bushead')).body);
    expect(answer.batas).toBe(batasOf('BusHead'));
    expect(idsOf(answer.data)).toEqual(idsOf(all.data.filter((row) => row.tanggal_selesai >= batasOf('BusHead'))));
    expect(idsOf(answer.data)).toContain(recentDone);
    expect(idsOf(answer.data)).not.toContain(oldDone);
    expect((await get('/api/sertifikat/peserta?jenjang=SMK&lingkup=semua', 'bushead')).status).toBe(400);
  });
});
