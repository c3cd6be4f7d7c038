// Races on a real PostgreSQL server (api-postgres only: PGlite has one connection and
// serialises every transaction, so nothing below can interleave there). Extends
// tests/api/approval-race.test.ts, which already has 20 parallel approvals by ONE account
// (with and without Idempotency-Keys), cancel vs next approval, reset vs approval, and
// approval vs participant delete. Here: many accounts of one step deciding at once, score
// saves racing the approval that locks them, and the same row imported twice at once.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApprovalStep,
  BUSHEAD,
  DISETUJUI,
  DITOLAK,
  HR,
  MENUNGGU,
  PEMBIMBING,
  STALE_MSG,
  TIDAK_DILANJUTKAN,
  normalizeReviews,
} from '../../src/domain/approval-chain';
import { scoreEditLock } from '../../src/domain/nilai';
import type { Role } from '../../src/domain/roles';
import { pesertaSiswa, users } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens, tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { type SeedRefs, seedRefs, smkPayload } from '../helpers/peserta';
import { makePeserta, send, storedReviews, storedScores } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
});
afterAll(() => t.close());

const PARALLEL = 20;
const STEPS = [PEMBIMBING, HR, BUSHEAD] as const;
const statusCounts = (codes: number[]) => codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

/** `count` new accounts of `role` with their tokens and ids. */
async function accounts(role: Role, count: number, tag: string): Promise<{ id: number; token: string }[]> {
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ employee_id: `RACE-${tag}-${i}`, username: `race-${tag}-${i}`, password_hash: 'x', role })))
    .returning({ id: users.id, username: users.username });
  return Promise.all(rows.map(async (row) => ({ id: row.id, token: await tokenOf(t, row.username) })));
}

/** Review statuses with every step before `step` approved. */
const approvedBefore = (step: ApprovalStep) => Object.fromEntries(STEPS.slice(0, STEPS.indexOf(step)).map((s) => [s, DISETUJUI]));

describe('many accounts of one step deciding at once (PostgreSQL)', () => {
  it.each(STEPS)(`should apply exactly one of ${PARALLEL} approvals and rejections of the %s step by different accounts`, async (step) => {
    const deciders = await accounts(step, PARALLEL, `step-${step}`);
    const p = await makePeserta(t, { reviews: approvedBefore(step) });
    const answers = await Promise.all(
      deciders.map((who, i) =>
        i % 2
          ? send(t, 'POST', `/api/review/reject/${p.id}`, who.token, { payload: { catatan: `Tolak ${i}` } })
          : send(t, 'POST', `/api/review/approve/${p.id}`, who.token),
      ),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 200: 1, 409: PARALLEL - 1 });
    for (const loser of answers.filter((a) => a.statusCode === 409)) expect(loser.json()).toEqual({ message: STALE_MSG.alreadyActed });

    const winner = answers.findIndex((a) => a.statusCode === 200);
    const rejected = winner % 2 === 1;
    const rows = await storedReviews(t, p.id);
    const mine = rows.find((r) => r.role_reviewer === step);
    expect(mine?.status).toBe(rejected ? DITOLAK : DISETUJUI);
    expect(mine?.reviewer_id).toBe(deciders[winner]?.id);
    expect(mine?.catatan).toBe(rejected ? `Tolak ${winner}` : null);
    const later = rows.slice(STEPS.indexOf(step) + 1).map((r) => r.status);
    expect(later).toEqual(later.map(() => (rejected ? TIDAK_DILANJUTKAN : MENUNGGU)));
  });
});

/**
 * Who saves scores and which approval locks them out (the score edit lock): the
 * Pembimbing's approval locks the Mentor and the Pembimbing itself, the HR's locks HR (an
 * approver's own decision locks its edits). BusHead's locks nobody new: Pembimbing and HR are
 * locked by their own approvals already, and BusHead never edits.
 */
const LOCKS = [
  { saver: 'mentor', saverRole: 'Mentor', approver: 'pembimbing', step: PEMBIMBING },
  { saver: 'pembimbing', saverRole: 'Pembimbing', approver: 'pembimbing', step: PEMBIMBING },
  { saver: 'hr', saverRole: 'HR', approver: 'hr', step: HR },
] as const;
const ROUNDS = 12;
const SAVES_PER_ROUND = 3;

describe('score saves racing the approval that locks them (PostgreSQL)', () => {
  it.each(LOCKS)(
    `should never change a score after $approver's approval locks $saver out (${ROUNDS} rounds)`,
    async ({ saver, saverRole, approver, step }) => {
      const saveScores = (p: { id: number; kompetensiIds: number[] }, skor: number) =>
        send(t, 'POST', '/api/nilai/bulk', tokens[saver], {
          payload: { nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor })) },
        });
      // What a lone save takes on this host now (the median of three).
      const unlocked = await makePeserta(t, { reviews: approvedBefore(step) });
      const lone: number[] = [];
      for (const skor of [50, 51, 52]) {
        const startedAt = performance.now();
        expect((await saveScores(unlocked, skor)).statusCode).toBe(200);
        lone.push(performance.now() - startedAt);
      }
      const saveMs = lone.sort((a, b) => a - b)[1] ?? 0;

      const outcomes: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round += 1) {
        const p = await makePeserta(t, { reviews: approvedBefore(step) });
        const save = (i: number) => saveScores(p, 10 + round + i * 20);
        // Sent together, the first sent tends to win (a save does more work before it locks the
        // row than an approval does, and a loaded host widens that). So even rounds send the
        // approval first; odd rounds send the saves first and the approval after a delay growing
        // from none to a lone save's time: on any host some saves commit before it, some after.
        const sendApproval = () => send(t, 'POST', `/api/review/approve/${p.id}`, tokens[approver]);
        const approvedFirst = round % 2 === 0 ? sendApproval() : undefined;
        const saving = Promise.all(Array.from({ length: SAVES_PER_ROUND }, (_, i) => save(i)));
        if (!approvedFirst) await new Promise((resolve) => setTimeout(resolve, (round / ROUNDS) * saveMs));
        const approve = await (approvedFirst ?? sendApproval());
        const saves = await saving;
        expect(approve?.statusCode).toBe(200);
        // The approval's answer carries the scores as its transaction saw them: they must stay.
        const atApproval = Object.fromEntries(
          (approve?.json().state.nilai as { kompetensi_id: number; skor: number }[]).map((n) => [n.kompetensi_id, n.skor]),
        );
        expect(await storedScores(t, p.id)).toEqual(atApproval);
        const lockText = scoreEditLock(saverRole, normalizeReviews(await storedReviews(t, p.id)));
        expect(lockText).not.toBeNull();
        for (const answer of saves) {
          expect([200, 409]).toContain(answer.statusCode);
          if (answer.statusCode === 409) expect(answer.json().message).toBe(lockText);
          outcomes[answer.statusCode] = (outcomes[answer.statusCode] ?? 0) + 1;
        }
      }
      // Every save is either applied before the approval or refused after it, and both happened
      // (about half each on a real server): the rounds really raced.
      expect((outcomes[200] ?? 0) + (outcomes[409] ?? 0)).toBe(ROUNDS * SAVES_PER_ROUND);
      expect(outcomes[200]).toBeGreaterThan(0);
      expect(outcomes[409]).toBeGreaterThan(0);
    },
  );
});

// A NIS is unique within its school for new writes, with no unique index (old duplicates
// stay): the writers take turns on an advisory lock (server/services/peserta-numbers.ts), so
// the second writer's check sees the first one's row.
describe('the same participant added twice at once (PostgreSQL)', () => {
  it('should store one row for a NIS sent by two concurrent imports', async () => {
    for (let round = 0; round < 5; round += 1) {
      const nis = `RACE-NIS-${round}`;
      const body = { jenjang: 'SMK', rows: [smkPayload(refs, { nama: `Impor Balapan ${round}`, nis })] };
      const answers = await Promise.all([
        call(t, 'POST', '/api/peserta/bulk', tokens.hr, body),
        call(t, 'POST', '/api/peserta/bulk', tokens.pembimbing, body),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const stored = await t.db.select().from(pesertaSiswa).where(eq(pesertaSiswa.nis, nis));
      expect(stored, `NIS ${nis}`).toHaveLength(1);
      const created = answers.map((a) => (a.json() as { data: { created: number } }).data.created);
      expect(created.sort()).toEqual([0, 1]);
    }
  });

  it(`should store one of ${PARALLEL} concurrent adds of one NIS and answer 409 to the others`, async () => {
    const nis = 'RACE-NIS-ADD';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(t, 'POST', '/api/peserta', i % 2 ? tokens.hr : tokens.pembimbing, smkPayload(refs, { nama: `Tambah Balapan ${i}`, nis: i % 3 ? nis : ` ${nis.toLowerCase()} ` })),
      ),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 201: 1, 409: PARALLEL - 1 });
    const stored = await t.db.select().from(pesertaSiswa).where(inArray(pesertaSiswa.nis, [nis, nis.toLowerCase()]));
    expect(stored).toHaveLength(1);
  });
});
