// Authorization from one table (authorization-matrix.table.ts): every registered /api route
// × {no token, a forged token, a deleted user's token, Mentor, Pembimbing, HR, BusHead} →
// the exact status. The routes come from the app itself (an onRoute hook set before any
// route is registered), so a new route without a row fails here. Then the object-level
// rules the role check cannot see: a Mentor only reaches its own participants.
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { ROLES, type Role } from '../../src/domain/roles';
import { divisi, nilai, users } from '../../server/db/schema';
import { DEMO_ROLES, type DemoUsername, demoTokens, tokenOf } from '../helpers/api';
import { generateVapidKeys } from '../../server/vapid-keys';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { addMentor, makePeserta, send, storedScores, storedStatuses, userIdOf } from '../helpers/nilai';
import { MATRIX, type MatrixContext, expectedStatus } from './authorization-matrix.table';

/** Only the API is under the matrix; the static web app (web-static) is public by design. */
const API_PREFIX = '/api';

const registered = new Set<string>();
/** Collects `METHOD /url` of each route; HEAD mirrors GET, and '/x/' is the same route as '/x'. */
function collect(route: RouteOptions): void {
  const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
  if (!url.startsWith(API_PREFIX)) return;
  for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${url}`);
}

const USERNAME_OF = Object.fromEntries(Object.entries(DEMO_ROLES).map(([username, role]) => [role, username])) as Record<
  Role,
  DemoUsername
>;

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let ctx: MatrixContext;
/** A token whose signature is wrong, and one of a user deleted after it was signed. */
let forged: string;
let deletedUser: string;

beforeAll(async () => {
  t = await buildTestApp({ onRoute: collect, config: { vapid: { ...generateVapidKeys(), subject: 'mailto:admin@magang.example' } } });
  tokens = await demoTokens(t);
  const [firstDivisi] = await t.db.select({ id: divisi.id }).from(divisi).orderBy(divisi.id).limit(1);
  ctx = {
    t,
    ids: { divisi: firstDivisi?.id ?? 0, hr: await userIdOf(t, 'hr'), mentor: await userIdOf(t, 'mentor') },
    own: await makePeserta(t),
    fresh: (options) => makePeserta(t, options),
    username: (role) => USERNAME_OF[role],
  };
  const [head, body, signature = ''] = tokens.hr.split('.');
  forged = [head, body, `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`].join('.');
  const goneId = await addMentor(t, 'matrix-gone');
  deletedUser = await tokenOf(t, 'matrix-gone');
  await t.writePastApp((db) => db.delete(users).where(eq(users.id, goneId)));
});
afterAll(() => t.close());

async function ask(key: string, role: Role | null, token: string | null) {
  const row = MATRIX[key];
  if (!row) throw new Error(`no matrix row ${key}`);
  const [method] = key.split(' ') as [string];
  const request = await row.request(ctx, role);
  return t.app.inject({
    method: method as 'GET',
    url: request.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
}

describe('the authorization matrix', () => {
  it('should have exactly one row for every registered /api route', () => {
    expect(registered.size).toBeGreaterThan(40);
    expect([...registered].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  const keys = Object.keys(MATRIX);
  const callers = [null, ...ROLES] as const;

  it.each(keys.flatMap((key) => callers.map((role) => [key, role ?? 'no token', role] as const)))('%s as %s', async (key, _label, role) => {
    const row = MATRIX[key];
    const response = await ask(key, role, role === null ? null : tokens[USERNAME_OF[role]]);
    const expected = expectedStatus(row as NonNullable<typeof row>, role);
    expect({ status: response.statusCode, body: response.statusCode >= 400 ? response.body : '' }).toMatchObject({ status: expected });
    if (expected === 401) expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
    if (expected === 403) expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
  });

  // A malformed path parameter names no resource: 400 before any token or role check
  // (server/plugins/path-params.ts), so a forbidden caller learns nothing more than from a 403.
  // A verification code is any text up to its length limit (a wrong one is a 404): only an
  // overlong one is malformed.
  it.each(keys.filter((key) => key.includes('/:')))('%s with a malformed path parameter answers 400 to everyone', async (key) => {
    const [method, pattern] = key.split(' ') as [string, string];
    for (const bad of pattern.includes(':kode') ? ['9'.repeat(400)] : ['%00', 'abc', '-1', '9'.repeat(400)]) {
      const url = pattern.replace(/:[A-Za-z]+/g, bad);
      for (const role of callers) {
        const token = role === null ? null : tokens[USERNAME_OF[role]];
        const response = await t.app.inject({ method: method as 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
        expect(response.statusCode, `${url} as ${role ?? 'no token'}`).toBe(400);
      }
    }
  });

  it.each(keys.filter((key) => MATRIX[key]?.roles !== 'public'))('%s with a forged or a deleted user\'s token answers 401', async (key) => {
    for (const token of [forged, deletedUser, 'not-a-jwt']) {
      const response = await ask(key, 'HR', token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
    }
  });
});

describe('object-level rules a role check cannot see', () => {
  let otherMentor: string;
  beforeAll(async () => {
    await addMentor(t, 'matrix-mentor-lain');
    otherMentor = await tokenOf(t, 'matrix-mentor-lain');
  });

  it("should refuse a Mentor every read and write of another mentor's participant, and change nothing", async () => {
    const p = await makePeserta(t, { scores: 'sebagian' });
    const before = await storedScores(t, p.id);
    const refused = [
      await send(t, 'GET', `/api/nilai/peserta/${p.id}`, otherMentor),
      await send(t, 'GET', `/api/review/peserta/${p.id}`, otherMentor),
      await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, otherMentor),
      await send(t, 'POST', '/api/nilai/bulk', otherMentor, {
        payload: { nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor: 1 })) },
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
    }
    expect(await storedScores(t, p.id)).toEqual(before);
    // The batch read leaves the participant out instead of failing; the own list never has it.
    expect((await send(t, 'GET', `/api/review/peserta?ids=${p.id}`, otherMentor)).json()).toEqual({ data: [] });
    const list = await send(t, 'GET', '/api/nilai/mentor/peserta', otherMentor);
    expect(list.json().data.map((row: { id: number }) => row.id)).not.toContain(p.id);
  });

  it('should refuse a whole score save naming one participant of another mentor, writing none', async () => {
    const mine = await makePeserta(t, { scores: 'kosong' });
    const theirs = await makePeserta(t, { mentor: 'matrix-mentor-lain', scores: 'kosong' });
    const item = (p: typeof mine) => ({ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0], skor: 77 });
    const response = await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { payload: { nilai_data: [item(mine), item(theirs)] } });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(nilai).where(eq(nilai.peserta_id, mine.id))).toEqual([]);
  });

  it('should refuse a Mentor the participants nobody is assigned to', async () => {
    const unassigned = await makePeserta(t, { mentor: null });
    expect((await send(t, 'GET', `/api/nilai/peserta/${unassigned.id}`, tokens.mentor)).statusCode).toBe(403);
    expect((await send(t, 'DELETE', `/api/nilai/peserta/${unassigned.id}`, tokens.mentor)).statusCode).toBe(403);
  });

  it("should let a Mentor read its own signature but not another user's", async () => {
    expect((await send(t, 'GET', `/api/users/signature/${ctx.ids.mentor}`, tokens.mentor)).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/users/signature/${ctx.ids.hr}`, tokens.mentor)).statusCode).toBe(403);
  });

  // Only the Mentor is restricted to its own participants: a Pembimbing
  // approves step 1 and edits scores of any participant, whoever its pembimbing_id names.
  it("should let a second Pembimbing act on a participant of another Pembimbing (no ownership rule for Pembimbing)", async () => {
    const [second] = await t.db
      .insert(users)
      .values({ employee_id: 'EMP-matrix-pb2', username: 'matrix-pembimbing-2', password_hash: 'not-a-hash', role: 'Pembimbing' })
      .returning({ id: users.id });
    expect(second).toBeDefined();
    const token = await tokenOf(t, 'matrix-pembimbing-2');
    const p = await makePeserta(t);
    const save = await send(t, 'POST', '/api/nilai/bulk', token, {
      payload: { nilai_data: [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0], skor: 64 }] },
    });
    expect(save.statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/review/approve/${p.id}`, token)).statusCode).toBe(200);
    expect((await storedStatuses(t, p.id))[0]).toEqual(['Pembimbing', 'Disetujui']);
  });

  it('should take a role change at once: a Mentor token promoted to HR passes HR routes, demoted again is refused', async () => {
    const id = await addMentor(t, 'matrix-promoted');
    const token = await tokenOf(t, 'matrix-promoted');
    expect((await send(t, 'DELETE', `/api/grade/999999`, token)).statusCode).toBe(403);
    await t.writePastApp((db) => db.update(users).set({ role: 'HR' }).where(eq(users.id, id)));
    expect((await send(t, 'DELETE', `/api/grade/999999`, token)).statusCode).toBe(404);
    await t.writePastApp((db) => db.update(users).set({ role: 'Mentor' }).where(eq(users.id, id)));
    expect((await send(t, 'DELETE', `/api/grade/999999`, token)).statusCode).toBe(403);
  });
});
