// The device's attendance save against the real API (PGlite and PostgreSQL): a queued day of
// marks is replayed as one keyed PUT /api/presensi, the real answer's stored marks and states
// land in the Dexie mirror, the pull follows with its cursor, and a day the Pembimbing's decision
// locked meanwhile is refused on the device unsent. The test participants' internships run
// 2026-01-05 (a Monday) to 2026-04-03.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { getCursor, saveProfile, saveSession } from '@/db/meta';
import { PRESENSI_MSG } from '@/domain/presensi';
import { conflictEntries, enqueue } from '@/sync/outbox';
import { pullPresensi } from '@/sync/pull-presensi';
import { replayOutbox } from '@/sync/replay';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let mentorId: number;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

let db: MagangDb;
let n = 0;
let puts: string[];
beforeEach(async () => {
  db = new MagangDb(`presensi-outbox-${n++}`);
  const profile = (await call(t, 'GET', '/api/auth/profile', tokens.mentor)).json().data;
  mentorId = profile.id;
  await saveSession(db, { token: tokens.mentor, userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, profile);
  puts = [];
});
afterEach(async () => {
  await db.delete();
});

/** The device's API client over the test app (no network). */
function device(token: string): ApiClient {
  return createApiClient({
    getToken: () => token,
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      if (init?.method === 'PUT') puts.push(`${url.pathname} ${headers['idempotency-key'] ?? '-'}`);
      const answer = await t.app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: url.pathname + url.search,
        headers,
        ...(init?.body ? { payload: String(init.body) } : {}),
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

const MONDAY = '2026-01-05';
const day = (ids: number[]) => ({
  user: mentorId,
  role: 'Mentor',
  kind: 'presensi.save' as const,
  pesertaId: Math.min(...ids),
  payload: { presensi: ids.map((peserta_id, i) => ({ peserta_id, tanggal: MONDAY, status: i === 0 ? 'Izin' : 'Hadir', catatan: i === 0 ? 'Ujian sekolah' : null })) },
});

describe(`the device's attendance save on the real API (${testDbKind()})`, () => {
  it('should send a queued day as one keyed PUT and mirror the stored marks, then pull them with the cursor', async () => {
    const group = [await makePeserta(t), await makePeserta(t), await makePeserta(t)].map((p) => p.id);
    const entry = await enqueue(db, day(group));
    const result = await replayOutbox({ db, api: device(tokens.mentor) });
    expect(result).toMatchObject({ status: 'done', sent: 1, conflicts: 0, remaining: 0 });
    expect(puts).toEqual([`/api/presensi ${entry.key}`]);
    const held = await db.presensi.where('peserta_id').anyOf(group).sortBy('peserta_id');
    expect(held).toEqual(day(group).payload.presensi);
    // The answer's states came with it: the participants' three review steps are mirrored.
    expect(await db.reviews.where('peserta_id').anyOf(group).count()).toBe(9);

    expect((await pullPresensi(device(tokens.mentor), db)).full).toBe(true);
    const cursor = await getCursor(db, 'presensi');
    expect(cursor).toMatch(/^[0-9]+$/);
    await call(t, 'PUT', '/api/presensi', tokens.hr, { presensi: [{ peserta_id: group[1], tanggal: MONDAY, status: 'Alpa' }] });
    const since = await pullPresensi(device(tokens.mentor), db);
    expect(since.full).toBe(false);
    expect((await db.presensi.get([group[1]!, MONDAY]))?.status).toBe('Alpa');
  });

  it('should refuse the whole day unsent once the Pembimbing decided on one of its participants', async () => {
    const group = [await makePeserta(t), await makePeserta(t)].map((p) => p.id);
    await enqueue(db, day(group));
    expect((await call(t, 'POST', `/api/review/approve/${group[1]}`, tokens.pembimbing, {})).statusCode).toBe(200);
    const result = await replayOutbox({ db, api: device(tokens.mentor) });
    expect(result).toMatchObject({ sent: 0, conflicts: 1 });
    expect(puts).toEqual([]);
    expect((await conflictEntries(db, mentorId))[0]?.lastError).toBe(PRESENSI_MSG.locked);
    expect(await db.presensi.count()).toBe(0);
  });
});
