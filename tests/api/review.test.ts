import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSHEAD,
  DISETUJUI,
  DITOLAK,
  HR,
  MENUNGGU,
  PEMBIMBING,
  type ApprovalStep,
  type ReviewStatus,
  STALE_MSG,
  TIDAK_DILANJUTKAN,
} from '../../src/domain/approval-chain';
import { SERVER_MSG } from '../../src/domain/messages';
import { REJECT_REASON_REQUIRED, REVIEW_BATCH_MAX, REVIEW_BATCH_MSG, REVIEW_MSG } from '../../src/domain/review';
import { BAD_IDS, type DemoUsername, demoTokens, tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { addMentor, makePeserta, send, storedReviews, storedStatuses, userIdOf } from '../helpers/nilai';

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

const act = (who: DemoUsername, action: 'approve' | 'reject' | 'cancel', id: number, payload?: unknown) =>
  send(t, 'POST', `/api/review/${action}/${id}`, tokens[who], payload === undefined ? {} : { payload });

const steps = (statuses: Partial<Record<ApprovalStep, ReviewStatus>>) =>
  ([PEMBIMBING, HR, BUSHEAD] as const).map((step) => [step, statuses[step] ?? MENUNGGU]);

const stopped = { [PEMBIMBING]: DITOLAK, [HR]: TIDAK_DILANJUTKAN, [BUSHEAD]: TIDAK_DILANJUTKAN } as const;

describe('GET /api/review/peserta/:id', () => {
  it.each(['pembimbing', 'hr', 'bushead', 'mentor'] as const)('should return the three steps in order for %s', async (who) => {
    const p = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
    const response = await send(t, 'GET', `/api/review/peserta/${p.id}`, tokens[who]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        reviews: [
          { role_reviewer: PEMBIMBING, status: DISETUJUI, catatan: null },
          { role_reviewer: HR, status: MENUNGGU, catatan: null },
          { role_reviewer: BUSHEAD, status: MENUNGGU, catatan: null },
        ],
      },
    });
  });

  it('should answer Menunggu for steps without a stored row', async () => {
    const p = await makePeserta(t, { reviews: null });
    const response = await send(t, 'GET', `/api/review/peserta/${p.id}`, tokens.hr);
    expect(response.json().data.reviews.map((r: { status: string }) => r.status)).toEqual([MENUNGGU, MENUNGGU, MENUNGGU]);
  });

  it("should answer 403 to a mentor for another mentor's participant", async () => {
    const p = await makePeserta(t);
    expect((await send(t, 'GET', `/api/review/peserta/${p.id}`, otherMentor)).statusCode).toBe(403);
    const unassigned = await makePeserta(t, { mentor: null });
    expect((await send(t, 'GET', `/api/review/peserta/${unassigned.id}`, tokens.mentor)).statusCode).toBe(403);
  });

  it('should answer 404 for an unknown participant, 400 for a bad id and 401 without a token', async () => {
    expect((await send(t, 'GET', '/api/review/peserta/999999', tokens.hr)).json()).toEqual({ message: SERVER_MSG.notFound });
    for (const bad of BAD_IDS) expect((await send(t, 'GET', `/api/review/peserta/${bad}`, tokens.hr)).statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/review/peserta/1', null)).statusCode).toBe(401);
  });
});

describe('GET /api/review/peserta?ids=', () => {
  const batch = (ids: string, token: string | null) => send(t, 'GET', `/api/review/peserta?ids=${ids}`, token);

  it.each(['pembimbing', 'hr', 'bushead'] as const)('should return the three steps of each participant by ascending id for %s', async (who) => {
    const a = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
    const b = await makePeserta(t, { reviews: null });
    const response = await batch(`${b.id},${a.id},${b.id}`, tokens[who]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { peserta_id: a.id, reviews: [{ role_reviewer: PEMBIMBING, status: DISETUJUI, catatan: null }, { role_reviewer: HR, status: MENUNGGU, catatan: null }, { role_reviewer: BUSHEAD, status: MENUNGGU, catatan: null }] },
        { peserta_id: b.id, reviews: [PEMBIMBING, HR, BUSHEAD].map((step) => ({ role_reviewer: step, status: MENUNGGU, catatan: null })) },
      ],
    });
  });

  it('should answer a mentor only its own participants, leaving out others and unknown ids', async () => {
    const own = await makePeserta(t);
    const others = await makePeserta(t, { mentor: 'mentor-lain' });
    const response = await batch(`${own.id},${others.id},999999,99999999999`, tokens.mentor);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((row: { peserta_id: number }) => row.peserta_id)).toEqual([own.id]);
    const theirs = await batch(`${own.id},${others.id}`, otherMentor);
    expect(theirs.json().data.map((row: { peserta_id: number }) => row.peserta_id)).toEqual([others.id]);
  });

  it.each(['', 'abc', '0', '-1', '1,,2', '1,', '1.5', '01', '1%202'])('should answer 400 for ids=%s', async (ids) => {
    const response = await batch(ids, tokens.hr);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: REVIEW_BATCH_MSG.invalid });
  });

  it('should answer 400 without ids and for more than the maximum', async () => {
    const missing = await send(t, 'GET', '/api/review/peserta', tokens.hr);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: REVIEW_BATCH_MSG.invalid });
    const many = Array.from({ length: REVIEW_BATCH_MAX + 1 }, (_, i) => i + 1).join(',');
    const tooMany = await batch(many, tokens.hr);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: REVIEW_BATCH_MSG.tooMany });
    expect((await batch(Array.from({ length: REVIEW_BATCH_MAX }, (_, i) => i + 1).join(','), tokens.hr)).statusCode).toBe(200);
  });

  it('should answer 401 without a token', async () => {
    expect((await batch('1', null)).statusCode).toBe(401);
  });
});

describe('approval chain end to end', () => {
  it('should take a participant through Pembimbing, HR and BusHead approvals', async () => {
    const p = await makePeserta(t);
    const first = await act('pembimbing', 'approve', p.id, { catatan: '  Bagus  ' });
    expect(first.statusCode).toBe(200);
    const after = [
      { role_reviewer: PEMBIMBING, status: DISETUJUI, catatan: 'Bagus' },
      { role_reviewer: HR, status: MENUNGGU, catatan: null },
      { role_reviewer: BUSHEAD, status: MENUNGGU, catatan: null },
    ];
    expect(first.json()).toEqual({
      message: 'Berhasil menyetujui peserta',
      data: { reviews: after },
      state: { peserta_id: p.id, reviews: after, nilai: expect.any(Array) },
    });
    expect(first.json().state.nilai.map((row: { kompetensi_id: number }) => row.kompetensi_id).sort()).toEqual([...p.kompetensiIds].sort());
    expect((await act('hr', 'approve', p.id)).statusCode).toBe(200);
    const last = await act('bushead', 'approve', p.id, { catatan: null });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.reviews.map((r: { status: string }) => r.status)).toEqual([DISETUJUI, DISETUJUI, DISETUJUI]);

    const rows = await storedReviews(t, p.id);
    expect(rows.map((r) => [r.role_reviewer, r.status, r.catatan, r.reviewer_id])).toEqual([
      [PEMBIMBING, DISETUJUI, 'Bagus', await userIdOf(t, 'pembimbing')],
      [HR, DISETUJUI, null, await userIdOf(t, 'hr')],
      [BUSHEAD, DISETUJUI, null, await userIdOf(t, 'bushead')],
    ]);
    const detail = await send(t, 'GET', `/api/peserta/${p.id}`, tokens.hr);
    expect(detail.json().data.status).toEqual({ is_complete: true });
  });

  it('should stop later steps on a rejection and resume them when it is cancelled', async () => {
    const p = await makePeserta(t);
    const rejected = await act('pembimbing', 'reject', p.id, { catatan: ' Nilai perlu ditinjau ' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Berhasil menolak peserta');
    expect(await storedStatuses(t, p.id)).toEqual(steps(stopped));
    expect((await storedReviews(t, p.id))[0]).toMatchObject({ catatan: 'Nilai perlu ditinjau', reviewer_id: await userIdOf(t, 'pembimbing') });

    const cancelled = await act('pembimbing', 'cancel', p.id);
    expect(cancelled.statusCode).toBe(200);
    const waiting = [PEMBIMBING, HR, BUSHEAD].map((step) => ({ role_reviewer: step, status: MENUNGGU, catatan: null }));
    expect(cancelled.json()).toEqual({
      message: 'Keputusan berhasil dibatalkan',
      data: { reviews: waiting },
      state: { peserta_id: p.id, reviews: waiting, nilai: expect.any(Array) },
    });
    const rows = await storedReviews(t, p.id);
    expect(rows.map((r) => [r.status, r.catatan, r.reviewer_id])).toEqual([
      [MENUNGGU, null, null],
      [MENUNGGU, null, null],
      [MENUNGGU, null, null],
    ]);
  });

  it('should let HR reject after the Pembimbing approval and cancel it again', async () => {
    const p = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
    expect((await act('hr', 'reject', p.id, { catatan: 'Periode belum cukup' })).statusCode).toBe(200);
    expect(await storedStatuses(t, p.id)).toEqual(steps({ [PEMBIMBING]: DISETUJUI, [HR]: DITOLAK, [BUSHEAD]: TIDAK_DILANJUTKAN }));
    expect((await act('hr', 'cancel', p.id)).statusCode).toBe(200);
    expect(await storedStatuses(t, p.id)).toEqual(steps({ [PEMBIMBING]: DISETUJUI }));
  });

  it('should cancel an approval while no later step decided', async () => {
    const p = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI } });
    expect((await act('hr', 'cancel', p.id)).statusCode).toBe(200);
    expect(await storedStatuses(t, p.id)).toEqual(steps({ [PEMBIMBING]: DISETUJUI }));
  });

  it('should create missing review rows before deciding', async () => {
    const p = await makePeserta(t, { reviews: null });
    expect((await act('pembimbing', 'approve', p.id)).statusCode).toBe(200);
    expect(await storedStatuses(t, p.id)).toEqual(steps({ [PEMBIMBING]: DISETUJUI }));
  });
});

describe('refusals of the chain (409 with its stale-data text)', () => {
  const approvedBoth = { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI } as const;
  const hrRejected = { [PEMBIMBING]: DISETUJUI, [HR]: DITOLAK, [BUSHEAD]: TIDAK_DILANJUTKAN } as const;
  it.each([
    ['approve before the earlier step', {}, 'hr', 'approve', STALE_MSG.waitingFor(PEMBIMBING)],
    ['BusHead before HR', { [PEMBIMBING]: DISETUJUI }, 'bushead', 'approve', STALE_MSG.waitingFor(HR)],
    ['reject before the earlier step', {}, 'bushead', 'reject', STALE_MSG.waitingFor(PEMBIMBING)],
    ['approve twice', { [PEMBIMBING]: DISETUJUI }, 'pembimbing', 'approve', STALE_MSG.alreadyActed],
    ['reject after approving', { [PEMBIMBING]: DISETUJUI }, 'pembimbing', 'reject', STALE_MSG.alreadyActed],
    ['reject twice', stopped, 'pembimbing', 'reject', STALE_MSG.alreadyActed],
    ['cancel with nothing to cancel', {}, 'pembimbing', 'cancel', STALE_MSG.nothingToCancel],
    ['cancel a stopped step', stopped, 'hr', 'cancel', STALE_MSG.nothingToCancel],
    ['cancel after a later approval', approvedBoth, 'pembimbing', 'cancel', STALE_MSG.approvedCannotCancel(HR)],
    ["cancel after another's rejection", hrRejected, 'pembimbing', 'cancel', STALE_MSG.rejectedCannotCancel(HR)],
    ['approve after a rejection', stopped, 'hr', 'approve', STALE_MSG.rejectedByOther(PEMBIMBING)],
    ['reject after a rejection', hrRejected, 'bushead', 'reject', STALE_MSG.rejectedByOther(HR)],
  ] as const)('should refuse to %s', async (_name, start, who, action, message) => {
    const p = await makePeserta(t, { reviews: start });
    const before = await storedReviews(t, p.id);
    const response = await act(who, action, p.id, action === 'reject' ? { catatan: 'Alasan' } : undefined);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message });
    expect(await storedReviews(t, p.id)).toEqual(before);
  });

  it.each(['sebagian', 'kosong'] as const)('should refuse approve and reject for a participant with %s scores', async (scores) => {
    const p = await makePeserta(t, { scores });
    for (const action of ['approve', 'reject'] as const) {
      const response = await act('pembimbing', action, p.id, { catatan: 'Alasan' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: REVIEW_MSG.notInApprovalList });
    }
    expect(await storedStatuses(t, p.id)).toEqual(steps({}));
  });
});

describe('input of POST /api/review/*', () => {
  it.each([undefined, {}, { catatan: '' }, { catatan: '   ' }, { catatan: null }, { catatan: 12 }])(
    'should refuse a rejection without a reason (%j)',
    async (payload) => {
      const p = await makePeserta(t);
      const response = await send(t, 'POST', `/api/review/reject/${p.id}`, tokens.pembimbing, payload === undefined ? {} : { payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: REJECT_REASON_REQUIRED });
      expect(await storedStatuses(t, p.id)).toEqual(steps({}));
    },
  );

  it.each(['reject', 'approve'] as const)('should refuse a %s note over 2,000 characters', async (action) => {
    const p = await makePeserta(t);
    expect((await act('pembimbing', action, p.id, { catatan: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await act('pembimbing', action, p.id, { catatan: 'x'.repeat(2000) })).statusCode).toBe(200);
  });

  it('should accept an approval and a cancel without a body', async () => {
    const p = await makePeserta(t);
    expect((await send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing)).statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/review/cancel/${p.id}`, tokens.pembimbing)).statusCode).toBe(200);
  });

  it.each(['approve', 'reject', 'cancel'] as const)('should answer 400 for a bad id and 404 for an unknown participant (%s)', async (action) => {
    for (const bad of BAD_IDS) expect((await act('pembimbing', action, bad as unknown as number, { catatan: 'a' })).statusCode).toBe(400);
    const response = await act('pembimbing', action, 999999, { catatan: 'a' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SERVER_MSG.notFound });
  });
});

describe('roles of /api/review', () => {
  it.each(['approve', 'reject', 'cancel'] as const)('should answer 403 to a Mentor on %s and 401 without a token', async (action) => {
    const p = await makePeserta(t);
    const response = await act('mentor', action, p.id, { catatan: 'a' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
    expect((await send(t, 'POST', `/api/review/${action}/${p.id}`, null, { payload: { catatan: 'a' } })).statusCode).toBe(401);
    expect(await storedStatuses(t, p.id)).toEqual(steps({}));
  });

  it.each([
    ['pembimbing', PEMBIMBING, {}],
    ['hr', HR, { [PEMBIMBING]: DISETUJUI }],
    ['bushead', BUSHEAD, { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI }],
  ] as const)('should let %s decide its own step only', async (who, step, start) => {
    const p = await makePeserta(t, { reviews: start });
    expect((await act(who, 'approve', p.id)).statusCode).toBe(200);
    const rows = await storedReviews(t, p.id);
    expect(rows.find((r) => r.role_reviewer === step)?.status).toBe(DISETUJUI);
  });
});
