import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISETUJUI, HR, MENUNGGU, PEMBIMBING, STALE_MSG } from '../../src/domain/approval-chain';
import { REJECT_REASON_REQUIRED } from '../../src/domain/review';
import { IDEMPOTENCY_MSG } from '../../src/domain/idempotency';
import { deletions, nilai } from '../../server/db/schema';
import { idempotencyKeys } from '../../server/db/schema-server-state';
import { type DemoUsername, demoTokens, tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { addMentor, makePeserta, send, storedScores, storedStatuses, userIdOf } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let otherMentor: string;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  await addMentor(t, 'mentor-lain');
  otherMentor = await tokenOf(t, 'mentor-lain');
});
afterAll(() => t.close());

let n = 0;
const newKey = () => `kunci-${++n}-${Math.random().toString(36).slice(2)}`;
const approve = (who: DemoUsername, id: number, key?: string) =>
  send(t, 'POST', `/api/review/approve/${id}`, tokens[who], key === undefined ? {} : { key });
const keyRows = async (username: string, key: string) =>
  t.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, await userIdOf(t, username)), eq(idempotencyKeys.key, key)));

describe('Idempotency-Key on POST /api/review/*', () => {
  it('should answer a repeat with the first answer and change nothing', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    const first = await approve('pembimbing', p.id, key);
    expect(first.statusCode).toBe(200);
    // Another change in between: the repeat must neither undo nor redo anything.
    expect((await approve('hr', p.id)).statusCode).toBe(200);
    const repeat = await approve('pembimbing', p.id, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    // The stored state is the one right after the first request, older than now (HR approved since).
    expect(repeat.json().state.reviews.map((r: { status: string }) => r.status)).toEqual([DISETUJUI, MENUNGGU, MENUNGGU]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await storedStatuses(t, p.id)).toEqual([[PEMBIMBING, DISETUJUI], [HR, DISETUJUI], ['BusHead', MENUNGGU]]);
    const rows = await keyRows('pembimbing', key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'POST', path: `/api/review/approve/${p.id}`, status_code: 200 });
  });

  it('should apply a repeat without a key afresh (the chain then refuses it)', async () => {
    const p = await makePeserta(t);
    expect((await approve('pembimbing', p.id)).statusCode).toBe(200);
    const again = await approve('pembimbing', p.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: STALE_MSG.alreadyActed });
  });

  it('should treat the same key of another user as independent', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    expect((await approve('pembimbing', p.id, key)).statusCode).toBe(200);
    const hr = await approve('hr', p.id, key);
    expect(hr.statusCode).toBe(200);
    expect(hr.json().data.reviews[1]).toEqual({ role_reviewer: HR, status: DISETUJUI, catatan: null });
    expect(await storedStatuses(t, p.id)).toEqual([[PEMBIMBING, DISETUJUI], [HR, DISETUJUI], ['BusHead', MENUNGGU]]);
  });

  it('should replay a 409 as the same 409 even once the action would be allowed', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    const refused = await approve('hr', p.id, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: STALE_MSG.waitingFor(PEMBIMBING),
      state: { peserta_id: p.id, reviews: [PEMBIMBING, HR, 'BusHead'].map((step) => ({ role_reviewer: step, status: MENUNGGU, catatan: null })), nilai: expect.any(Array) },
    });
    expect((await approve('pembimbing', p.id)).statusCode).toBe(200);
    const repeat = await approve('hr', p.id, key);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual(refused.json());
    expect(await storedStatuses(t, p.id)).toEqual([[PEMBIMBING, DISETUJUI], [HR, MENUNGGU], ['BusHead', MENUNGGU]]);
    expect((await keyRows('hr', key))[0]).toMatchObject({ status_code: 409, response_body: refused.json() });
    expect((await approve('hr', p.id, newKey())).statusCode).toBe(200);
  });

  it('should not store a 400, 403 or 404: a corrected retry with the same key applies', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    const blank = await send(t, 'POST', `/api/review/reject/${p.id}`, tokens.pembimbing, { key, payload: { catatan: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: REJECT_REASON_REQUIRED });
    expect(await keyRows('pembimbing', key)).toHaveLength(0);
    const missing = await send(t, 'POST', '/api/review/reject/999999', tokens.pembimbing, { key, payload: { catatan: 'Alasan' } });
    expect(missing.statusCode).toBe(404);
    const ok = await send(t, 'POST', `/api/review/reject/${p.id}`, tokens.pembimbing, { key, payload: { catatan: 'Alasan' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Berhasil menolak peserta');

    const other = await makePeserta(t, { scores: 'kosong', mentor: 'mentor-lain' });
    const mentorKey = newKey();
    const payload = { nilai_data: other.kompetensiIds.map((kompetensi_id) => ({ peserta_id: other.id, kompetensi_id, skor: 70 })) };
    expect((await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { key: mentorKey, payload })).statusCode).toBe(403);
    expect((await send(t, 'POST', '/api/nilai/bulk', otherMentor, { key: mentorKey, payload })).statusCode).toBe(200);
  });

  it('should answer 422 when a key is reused for another request', async () => {
    const a = await makePeserta(t);
    const b = await makePeserta(t);
    const key = newKey();
    expect((await approve('pembimbing', a.id, key)).statusCode).toBe(200);
    const reused = await approve('pembimbing', b.id, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: IDEMPOTENCY_MSG.reused });
    expect(await storedStatuses(t, b.id)).toEqual([[PEMBIMBING, MENUNGGU], [HR, MENUNGGU], ['BusHead', MENUNGGU]]);
  });

  it.each([['x'.repeat(201)], ['   ']])('should answer 400 for an invalid key (%#)', async (key) => {
    const p = await makePeserta(t);
    const response = await approve('pembimbing', p.id, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: IDEMPOTENCY_MSG.invalid });
    expect(await storedStatuses(t, p.id)).toEqual([[PEMBIMBING, MENUNGGU], [HR, MENUNGGU], ['BusHead', MENUNGGU]]);
  });

  it('should accept a key of 200 characters', async () => {
    const p = await makePeserta(t);
    expect((await approve('pembimbing', p.id, 'k'.repeat(200))).statusCode).toBe(200);
  });

  it('should let concurrent requests with one key apply once and answer alike', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => approve('pembimbing', p.id, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]?.json());
    expect(await storedStatuses(t, p.id)).toEqual([[PEMBIMBING, DISETUJUI], [HR, MENUNGGU], ['BusHead', MENUNGGU]]);
    expect(await keyRows('pembimbing', key)).toHaveLength(1);
  });
});

describe('Idempotency-Key on /api/nilai', () => {
  it('should answer a repeated save with the first answer, even with other scores', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    const key = newKey();
    const body = (skor: number) => ({ nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor })) });
    const first = await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { key, payload: body(80) });
    expect(first.statusCode).toBe(200);
    const repeat = await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { key, payload: body(95) });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(Object.values(await storedScores(t, p.id))).toEqual(p.kompetensiIds.map(() => 80));
  });

  it('should replay a refused save as the same 409', async () => {
    const p = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
    const key = newKey();
    const payload = { nilai_data: [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0], skor: 10 }] };
    const first = await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { key, payload });
    expect(first.statusCode).toBe(409);
    const repeat = await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { key, payload });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual(first.json());
  });

  it('should delete once: a repeated reset neither deletes new scores nor adds tombstones', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    const first = await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens.hr, { key });
    expect(first.statusCode).toBe(200);
    const tombstones = async () => (await t.db.select().from(deletions).where(eq(deletions.entity, 'nilai'))).length;
    const before = await tombstones();
    await t.db.insert(nilai).values({ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0] as number, skor: 66 });
    const repeat = await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens.hr, { key });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(await storedScores(t, p.id)).toEqual({ [p.kompetensiIds[0] as number]: 66 });
    expect(await tombstones()).toBe(before);
  });
});

describe('expiry of idempotency keys', () => {
  it("should purge the caller's keys older than 30 days when a new key is stored", async () => {
    const pembimbing = await userIdOf(t, 'pembimbing');
    const hr = await userIdOf(t, 'hr');
    const old = (user: number, key: string, days: number) => ({
      user_id: user, key, method: 'POST', path: '/api/review/approve/1', status_code: 200, response_body: {},
      created_at: sql`now() - make_interval(days => ${days})` as unknown as Date,
    });
    await t.db.insert(idempotencyKeys).values([old(pembimbing, 'lama-31', 31), old(pembimbing, 'baru-29', 29), old(hr, 'hr-lama-31', 31)]);
    const p = await makePeserta(t);
    expect((await approve('pembimbing', p.id, newKey())).statusCode).toBe(200);
    expect(await keyRows('pembimbing', 'lama-31')).toHaveLength(0);
    expect(await keyRows('pembimbing', 'baru-29')).toHaveLength(1);
    // Purged per user, on that user's next key.
    expect(await keyRows('hr', 'hr-lama-31')).toHaveLength(1);
  });
});
