// Races on one participant. On the PostgreSQL run (api-postgres) the requests really run at
// once on several connections and the row locks of services/peserta-state.ts decide the winner; on
// PGlite (one connection) they are serialised, and the same assertions must still hold: in
// both runs exactly one decision is applied and every loser gets the chain's 409.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSHEAD, DISETUJUI, HR, MENUNGGU, PEMBIMBING, STALE_MSG } from '../../src/domain/approval-chain';
import { NILAI_MSG } from '../../src/domain/nilai';
import { REVIEW_MSG } from '../../src/domain/review';
import { peserta } from '../../server/db/schema';
import { idempotencyKeys } from '../../server/db/schema-server-state';
import { type DemoUsername, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send, storedReviews, storedScores, storedStatuses, userIdOf } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const PARALLEL = 20;
const statusCounts = (codes: number[]) => codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

describe(`races on one participant (${testDbKind()})`, () => {
  it(`should apply exactly one of ${PARALLEL} parallel approvals of one step`, async () => {
    const p = await makePeserta(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing)),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 200: 1, 409: PARALLEL - 1 });
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ message: STALE_MSG.alreadyActed });
    }
    const rows = await storedReviews(t, p.id);
    expect(rows.map((r) => [r.role_reviewer, r.status])).toEqual([[PEMBIMBING, DISETUJUI], [HR, MENUNGGU], [BUSHEAD, MENUNGGU]]);
    expect(rows.filter((r) => r.status === DISETUJUI)).toHaveLength(1);
    expect(rows[0]?.reviewer_id).toBe(await userIdOf(t, 'pembimbing'));
  });

  it(`should apply exactly one of ${PARALLEL} parallel approvals with different idempotency keys, and store every answer`, async () => {
    const p = await makePeserta(t);
    const keys = Array.from({ length: PARALLEL }, (_, i) => `race-${p.id}-${i}`);
    const answers = await Promise.all(keys.map((key) => send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing, { key })));
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expect((await storedReviews(t, p.id)).filter((r) => r.status === DISETUJUI)).toHaveLength(1);
    const stored = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.user_id, await userIdOf(t, 'pembimbing')));
    const ours = stored.filter((row) => keys.includes(row.key));
    expect(statusCounts(ours.map((row) => row.status_code))).toEqual({ 200: 1, 409: PARALLEL - 1 });
    // Each repeat answers what its first request got.
    const repeats = await Promise.all(keys.map((key) => send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing, { key })));
    expect(repeats.map((a) => a.statusCode)).toEqual(answers.map((a) => a.statusCode));
  });

  it('should let either a cancel or the next approval win, never both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const p = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
      const [cancel, approve] = await Promise.all([
        send(t, 'POST', `/api/review/cancel/${p.id}`, tokens.pembimbing),
        send(t, 'POST', `/api/review/approve/${p.id}`, tokens.hr),
      ]);
      const statuses = await storedStatuses(t, p.id);
      if (cancel.statusCode === 200) {
        expect(approve.statusCode).toBe(409);
        expect(approve.json()).toEqual({ message: STALE_MSG.waitingFor(PEMBIMBING) });
        expect(statuses).toEqual([[PEMBIMBING, MENUNGGU], [HR, MENUNGGU], [BUSHEAD, MENUNGGU]]);
      } else {
        expect(approve.statusCode).toBe(200);
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json()).toEqual({ message: STALE_MSG.approvedCannotCancel(HR) });
        expect(statuses).toEqual([[PEMBIMBING, DISETUJUI], [HR, DISETUJUI], [BUSHEAD, MENUNGGU]]);
      }
    }
  });

  it("should let either the mentor's reset or the Pembimbing's approval win, never both", async () => {
    for (let round = 0; round < 5; round += 1) {
      const p = await makePeserta(t);
      const [reset, approve] = await Promise.all([
        send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens.mentor),
        send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing),
      ]);
      if (reset.statusCode === 200) {
        expect(approve.statusCode).toBe(409);
        expect(approve.json()).toEqual({ message: REVIEW_MSG.notInApprovalList });
        expect(await storedScores(t, p.id)).toEqual({});
        expect((await storedStatuses(t, p.id))[0]).toEqual([PEMBIMBING, MENUNGGU]);
      } else {
        expect(approve.statusCode).toBe(200);
        expect(reset.statusCode).toBe(409);
        expect(reset.json()).toEqual({ message: NILAI_MSG.mentorApproved(PEMBIMBING) });
        expect(Object.keys(await storedScores(t, p.id))).toHaveLength(p.kompetensiIds.length);
      }
    }
  });

  it('should not deadlock when saves name the same participants in opposite orders', async () => {
    const a = await makePeserta(t, { scores: 'kosong' });
    const b = await makePeserta(t, { scores: 'kosong' });
    const items = (first: typeof a, second: typeof a, skor: number) =>
      [first, second].flatMap((p) => p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor })));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(t, 'POST', '/api/nilai/bulk', i % 2 ? tokens.hr : tokens.pembimbing, {
          payload: { nilai_data: i % 2 ? items(a, b, 50 + i) : items(b, a, 50 + i) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(Object.keys(await storedScores(t, a.id))).toHaveLength(a.kompetensiIds.length);
    expect(Object.keys(await storedScores(t, b.id))).toHaveLength(b.kompetensiIds.length);
  });

  it('should answer an approval racing a participant delete with 200 or 404, never an error', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await makePeserta(t);
      const [removed, approve, save] = await Promise.all([
        send(t, 'DELETE', `/api/peserta/${p.id}`, tokens.hr),
        send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing),
        send(t, 'POST', '/api/nilai/bulk', tokens.hr, {
          payload: { nilai_data: [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0], skor: 99 }] },
        }),
      ]);
      expect(removed.statusCode).toBe(200);
      expect([200, 404]).toContain(approve.statusCode);
      expect([200, 404]).toContain(save.statusCode);
      expect(await t.db.select().from(peserta).where(eq(peserta.id, p.id))).toEqual([]);
    }
  });
});
