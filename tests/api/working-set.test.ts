// The working set on the server: the SQL predicate agrees with inWorkingSet (src/domain) over
// generated participants, and the `lingkup=kerja` pulls of GET /api/peserta, the mentor's list
// and the certificate list answer exactly the caller's working set, with `batas` and `keluar`.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STEPS, REVIEW_STATUSES, type ReviewStatus } from '../../src/domain/approval-chain';
import { inApprovalList } from '../../src/domain/nilai';
import { mentorPesertaResponseSchema } from '../../src/domain/arsip';
import { jakartaDate } from '../../src/domain/dates';
import { addDays } from '../../src/domain/pengingat';
import { type Peserta, pesertaListResponseSchema, pesertaPageResponseSchema } from '../../src/domain/peserta';
import { sertifikatListResponseSchema } from '../../src/domain/sertifikat-terbit';
import { DEFAULT_WORKING_SET_WINDOW, type WorkingSetInput, inWorkingSet, workingSetBatas } from '../../src/domain/working-set';
import { idIn } from '../../server/db/list-params';
import { nilai, peserta, reviews } from '../../server/db/schema';
import { notifikasi } from '../../server/db/schema-notifikasi';
import { sertifikatTerbit } from '../../server/db/schema-sertifikat';
import { settleCertificates } from '../../server/services/sertifikat-terbit';
import { workingSetWhere } from '../../server/services/working-set';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { activeKompetensiIds, makePeserta, userIdOf } from '../helpers/nilai';

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

/** What the domain rule reads of each of `ids`, as stored, for the user `userId`. */
async function domainInputs(ids: readonly number[], userId: number): Promise<Map<number, WorkingSetInput>> {
  const rows = await t.db.select().from(peserta).where(idIn(peserta.id, [...ids]));
  const stepRows = await t.db.select().from(reviews).where(idIn(reviews.peserta_id, [...ids]));
  const scoreRows = await t.db.select().from(nilai).where(idIn(nilai.peserta_id, [...ids]));
  const unread = await t.db.select().from(notifikasi).where(and(eq(notifikasi.user_id, userId), eq(notifikasi.dibaca, false)));
  const certificates = await t.db.select().from(sertifikatTerbit).where(isNull(sertifikatTerbit.dicabut_pada));
  const needed = new Map<string, number[]>();
  const inputs = new Map<number, WorkingSetInput>();
  for (const row of rows) {
    const key = `${row.divisi_id}|${row.jenjang}`;
    if (!needed.has(key)) needed.set(key, await activeKompetensiIds(t, row.divisi_id, row.jenjang));
    const own = needed.get(key) ?? [];
    const scores = scoreRows.filter((score) => score.peserta_id === row.id);
    inputs.set(row.id, {
      tanggal_selesai: row.tanggal_selesai,
      reviews: stepRows.filter((review) => review.peserta_id === row.id),
      dinilai: scores.length > 0,
      nilaiLengkap: inApprovalList(scores.filter((score) => own.includes(score.kompetensi_id)).length, own.length),
      diberitahu: unread.some((notice) => notice.peserta_ids.includes(row.id)),
      sertifikatTerbit: certificates.find((certificate) => certificate.peserta_id === row.id)?.tanggal_terbit ?? null,
    });
  }
  return inputs;
}

/**
 * Gives the fully approved `pesertaId` a certificate dated `tanggal` (revoked when `dicabut`): the
 * one its approval issues today is revoked and a copy with that date stored (an issued row is frozen).
 */
let certificateCount = 0;
async function issueOn(pesertaId: number, tanggal: string, dicabut = false): Promise<void> {
  await t.db.transaction((tx) => settleCertificates(tx, [pesertaId], t.config));
  const valid = and(eq(sertifikatTerbit.peserta_id, pesertaId), isNull(sertifikatTerbit.dicabut_pada));
  const [issued] = await t.db.select().from(sertifikatTerbit).where(valid);
  if (!issued) throw new Error('no certificate issued');
  await t.db.update(sertifikatTerbit).set({ dicabut_pada: new Date() }).where(valid);
  certificateCount += 1;
  const { id: _id, ...copy } = issued;
  await t.db.insert(sertifikatTerbit).values({
    ...copy,
    kode: `${issued.kode.slice(0, 20)}${String(certificateCount).padStart(6, '0')}`,
    tanggal_terbit: tanggal,
    dicabut_pada: dicabut ? new Date() : null,
  });
}

/** Tells `userId` about `pesertaId` (a rejection notice), unread unless `dibaca`. */
async function notify(userId: number, pesertaId: number, dibaca = false): Promise<void> {
  await t.db.insert(notifikasi).values({ user_id: userId, jenis: 'ditolak', peserta_ids: [pesertaId], tautan: `/penilaian?peserta=${pesertaId}`, dibaca });
}

const ROLE_USERS: readonly [string, DemoUsername][] = [
  ['Mentor', 'mentor'],
  ['Pembimbing', 'pembimbing'],
  ['HR', 'hr'],
  ['BusHead', 'bushead'],
];

async function get(url: string, who: DemoUsername) {
  const response = await call(t, 'GET', url, tokens[who]);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('the SQL predicate', () => {
  it('should agree with inWorkingSet for every role over dates × reviews × scores × notices × certificates', async () => {
    const batas = '2026-06-01';
    const dates = ['2026-05-31', batas, '2026-06-02', '2020-01-01'];
    const scoreStates = ['kosong', 'sebagian', 'lengkap'] as const;
    const combos: ReviewStatus[][] = [];
    for (const a of REVIEW_STATUSES) for (const b of REVIEW_STATUSES) for (const c of REVIEW_STATUSES) combos.push([a, b, c]);
    const ids: number[] = [];
    for (const [d, date] of dates.entries()) {
      for (const [c, combo] of combos.entries()) {
        const made = await makePeserta(t, { scores: scoreStates[(c + d) % scoreStates.length] });
        await shape(made.id, date, combo);
        ids.push(made.id);
      }
    }
    // Ended long ago and approved at every step, or rejected by HR: what notices and certificates add.
    const old = async (statuses: readonly ReviewStatus[]) => {
      const made = await makePeserta(t);
      await shape(made.id, '2020-01-01', statuses);
      ids.push(made.id);
      return made.id;
    };
    const done: ReviewStatus[] = ['Disetujui', 'Disetujui', 'Disetujui'];
    const rejected: ReviewStatus[] = ['Disetujui', 'Ditolak', 'Tidak_dilanjutkan'];
    for (const [, who] of ROLE_USERS) {
      const user = await userIdOf(t, who);
      await notify(user, await old(done));
      await notify(user, await old(rejected));
      await notify(user, await old(done), true);
    }
    await issueOn(await old(done), batas);
    await issueOn(await old(done), '2026-05-31');
    await issueOn(await old(done), '2026-11-01', true);
    const neverScored = (await makePeserta(t, { scores: 'kosong' })).id;
    await shape(neverScored, '2020-01-01', ['Menunggu', 'Menunggu', 'Menunggu']);
    ids.push(neverScored);

    for (const [role, who] of ROLE_USERS) {
      const userId = await userIdOf(t, who);
      const inputs = await domainInputs(ids, userId);
      const expected = ids.filter((id) => inWorkingSet(role, inputs.get(id) as WorkingSetInput, batas)).sort((a, b) => a - b);
      const actual = (await t.db.select({ id: peserta.id }).from(peserta).where(and(idIn(peserta.id, ids), workingSetWhere({ role, userId }, batas))))
        .map((row) => row.id)
        .sort((a, b) => a - b);
      expect(actual, role).toEqual(expected);
      // Not vacuous: some in, some out; never the one nobody scored.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(ids.length);
      expect(expected).not.toContain(neverScored);
    }
  }, 180_000);
});

/** The whole list (no lingkup) filtered by the domain rule for `who` (of `role`). */
async function expectedSet(all: readonly Peserta[], role: string, who: DemoUsername): Promise<number[]> {
  const inputs = await domainInputs(all.map((row) => row.id), await userIdOf(t, who));
  return all.filter((row) => inWorkingSet(role, inputs.get(row.id) as WorkingSetInput, batasOf(role))).map((row) => row.id).sort((a, b) => a - b);
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
    expect(idsOf(list.data)).toEqual(await expectedSet(all, 'HR', 'hr'));
    expect(idsOf(list.data)).toContain(recent);
    expect(idsOf(list.data)).toContain(oldWaiting);
    expect(idsOf(list.data)).not.toContain(oldApproved);

    const first = pesertaPageResponseSchema.parse((await get('/api/peserta?lingkup=kerja&limit=25', 'bushead')).body);
    expect(first.total).toBe((await expectedSet(all, 'BusHead', 'bushead')).length);
    expect(first.batas).toBe(batasOf('BusHead'));
    const paged = [...first.data];
    let next = first.next;
    while (next !== null) {
      const page = pesertaPageResponseSchema.parse((await get(`/api/peserta?lingkup=kerja&limit=25&after=${next}`, 'bushead')).body);
      paged.push(...page.data);
      next = page.next;
    }
    expect(idsOf(paged)).toEqual(await expectedSet(all, 'BusHead', 'bushead'));
  });

  it('should leave out, for HR, historical participants nobody scored, and keep the rejected one HR and the mentor were told about', async () => {
    const neverScored: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const made = (await makePeserta(t, { scores: i % 2 === 0 ? 'kosong' : 'sebagian' })).id;
      await shape(made, addDays(today(), -400 - 300 * i), ['Menunggu', 'Menunggu', 'Menunggu']);
      neverScored.push(made);
    }
    const scoredWaiting = (await makePeserta(t)).id;
    await shape(scoredWaiting, addDays(today(), -400), ['Disetujui', 'Menunggu', 'Menunggu']);
    const rejectedByHr = (await makePeserta(t)).id;
    await shape(rejectedByHr, addDays(today(), -300), ['Disetujui', 'Ditolak', 'Tidak_dilanjutkan']);
    await notify(await userIdOf(t, 'mentor'), rejectedByHr);

    for (const who of ['hr', 'pembimbing', 'bushead'] as const) {
      const held = idsOf(pesertaListResponseSchema.parse((await get('/api/peserta?lingkup=kerja', who)).body).data);
      for (const id of neverScored) expect(held, who).not.toContain(id);
      expect(held, who).toContain(scoredWaiting);
      // Only HR, which rejected it, may still act on it (cancel the rejection).
      if (who === 'hr') expect(held).toContain(rejectedByHr);
      else expect(held, who).not.toContain(rejectedByHr);
    }
    // The mentor was told (unread): its device holds it; once read, it does not.
    const mentorHeld = async () => idsOf(mentorPesertaResponseSchema.parse((await get('/api/nilai/mentor/peserta?lingkup=kerja', 'mentor')).body).data);
    expect(await mentorHeld()).toContain(rejectedByHr);
    await t.db.update(notifikasi).set({ dibaca: true }).where(eq(notifikasi.user_id, await userIdOf(t, 'mentor')));
    expect(await mentorHeld()).not.toContain(rejectedByHr);
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
    expect(idsOf(answer.data)).toEqual(await expectedSet(all.data, 'Mentor', 'mentor'));
    expect(idsOf(answer.data)).toContain(oldOpen);
    expect(idsOf(answer.data)).not.toContain(old);
    expect((await get('/api/nilai/mentor/peserta?lingkup=x', 'mentor')).status).toBe(400);
  });

  it('should answer a certificate issued today for an internship that ended long ago', async () => {
    const lateCertificate = (await makePeserta(t)).id;
    await shape(lateCertificate, addDays(today(), -900), ['Disetujui', 'Disetujui', 'Disetujui']);
    await issueOn(lateCertificate, today());
    const answer = sertifikatListResponseSchema.parse((await get('/api/sertifikat/peserta?jenjang=SMK&lingkup=kerja', 'hr')).body);
    expect(idsOf(answer.data)).toContain(lateCertificate);
    const list = pesertaListResponseSchema.parse((await get('/api/peserta?lingkup=kerja', 'hr')).body);
    expect(idsOf(list.data)).toContain(lateCertificate);
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
    expect(idsOf(answer.data)).toEqual(await expectedSet(all.data, 'BusHead', 'bushead'));
    expect(idsOf(answer.data)).toContain(recentDone);
    expect(idsOf(answer.data)).not.toContain(oldDone);
    expect((await get('/api/sertifikat/peserta?jenjang=SMK&lingkup=semua', 'bushead')).status).toBe(400);
  });
});
