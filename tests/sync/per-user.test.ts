// The mirror is per user and the outbox keeps each user's unsent changes for that user only:
// the next user of the device sees none of the previous user's participants, scores or queue,
// and the previous user's changes replay at their next login.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { claimMirror, clearUserData, saveProfile, saveSession } from '@/db/meta';
import { enqueue, pendingEntries } from '@/sync/outbox';
import { pullMentorPeserta } from '@/sync/pull-peserta';
import { replayOutbox } from '@/sync/replay';
import { readOutboxStatus } from '@/sync/status';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { peserta } from '../helpers/factories';

const MENTOR_A = { id: 3, employee_id: 'EMP003', username: 'mentor', role: 'Mentor', signature_url: null };
const MENTOR_B = { id: 7, employee_id: 'EMP007', username: 'mentor2', role: 'Mentor', signature_url: null };
let db: MagangDb;
let n = 0;

/** What the session store does on a login: claim the mirror, store session and profile. */
async function login(user: typeof MENTOR_A, token: string): Promise<void> {
  await claimMirror(db, user.id);
  await saveSession(db, { token, userRole: user.role, username: user.username });
  await saveProfile(db, user);
}

const save = (user: typeof MENTOR_A, pesertaId: number, skor: number) => ({
  user: user.id,
  role: user.role,
  kind: 'nilai.save' as const,
  pesertaId,
  payload: { nilai_data: [{ peserta_id: pesertaId, kompetensi_id: 10, skor }] },
});

/** GET /api/nilai/mentor/peserta answering participant 1 with its server score 70. */
function mentorList() {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async () => new Response(JSON.stringify({ data: [peserta(1)] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  });
}

beforeEach(() => {
  db = new MagangDb(`per-user-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('the mirror and queue of one user on a shared device', () => {
  it('should show the next user none of the previous user\'s rows, scores or queue', async () => {
    await login(MENTOR_A, 'a1');
    await pullMentorPeserta(mentorList(), db);
    await enqueue(db, save(MENTOR_A, 1, 95));
    expect((await db.nilai.get([1, 10]))?.skor).toBe(95);

    await clearUserData(db); // A logs out with the change still queued
    await login(MENTOR_B, 'b1');
    expect(await db.peserta.count()).toBe(0);
    expect(await db.nilai.count()).toBe(0);
    expect(await readOutboxStatus(db, MENTOR_B.id)).toMatchObject({ pending: [], conflicts: [] });

    // B pulls the same participant: the server's score, without A's queued 95.
    await pullMentorPeserta(mentorList(), db);
    const row = await db.nilai.get([1, 10]);
    expect(row?.skor).toBe(70);
    expect(row?.pendingKey).toBeUndefined();
    expect((await pendingEntries(db, MENTOR_A.id)).map((e) => e.payload)).toEqual([save(MENTOR_A, 1, 95).payload]);
  });

  it('should clear the mirror when another user logs in after an expired session (no logout)', async () => {
    await login(MENTOR_A, 'a1');
    await pullMentorPeserta(mentorList(), db);
    await enqueue(db, save(MENTOR_A, 1, 95));
    await login(MENTOR_B, 'b1');
    expect(await db.peserta.count()).toBe(0);
    expect(await db.nilai.count()).toBe(0);
    expect(await pendingEntries(db, MENTOR_A.id)).toHaveLength(1);
  });

  it('should show nothing of the outbox while the user is unknown', async () => {
    await login(MENTOR_A, 'a1');
    await enqueue(db, save(MENTOR_A, 1, 95));
    expect(await readOutboxStatus(db, null)).toEqual({ pending: [], conflicts: [], needsLogin: false });
  });

  it('should replay only the logged-in user\'s changes, and the previous user\'s at their next login', async () => {
    const server = new FakeNilaiServer('Mentor');
    await login(MENTOR_A, 'a1');
    await enqueue(db, save(MENTOR_A, 1, 95));
    await clearUserData(db);

    await login(MENTOR_B, 'b1');
    await enqueue(db, save(MENTOR_B, 2, 60));
    expect(await replayOutbox({ db, api: server.client('b1') })).toMatchObject({ status: 'done', sent: 1, remaining: 0 });
    expect(server.scoresOf(1)).toEqual({});
    expect(server.scoresOf(2)).toEqual({ 10: 60 });

    await clearUserData(db);
    await login(MENTOR_A, 'a2');
    expect(await replayOutbox({ db, api: server.client('a2') })).toMatchObject({ status: 'done', sent: 1, remaining: 0 });
    expect(server.scoresOf(1)).toEqual({ 10: 95 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('should lay the owner\'s queued change over a pull again after the same user logs back in', async () => {
    await login(MENTOR_A, 'a1');
    await enqueue(db, save(MENTOR_A, 1, 95));
    await clearUserData(db);
    await login(MENTOR_A, 'a2');
    await pullMentorPeserta(mentorList(), db);
    const row = await db.nilai.get([1, 10]);
    expect(row?.skor).toBe(95);
    expect(row?.pendingKey).toBeDefined();
  });
});
