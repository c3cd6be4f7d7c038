// What a drain of the outbox costs when the page follows it up as the app does (followDrains,
// the same call src/app/sync/use-outbox-sync.ts makes): the sends, one batch read for the
// pre-send re-check, and ONE round of follow-ups (the inbox pull, the screens' reload) for the
// whole drain — not one per change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MagangDb } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import type { Notifikasi } from '@/domain/notifikasi';
import { announceDrained } from '@/sync/drained';
import { type DrainFollower, followDrains } from '@/sync/follow-ups';
import { conflictEntries, enqueue, pendingEntries } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE } from '../helpers/factories';

const SAVES = 12;
/** The bench's goal for the same drain (docs/performance.md). */
const GOAL_REQUESTS_PER_CHANGE = 1.3;

let db: MagangDb;
let n = 0;
let server: FakeNilaiServer;
let follower: DrainFollower;
let answered: number;
/** While set, the follower's pulls wait for it (a round held open). */
let hold: Promise<void> | null;

const NOTICE: Notifikasi = {
  id: 7,
  jenis: 'pengingat_nilai',
  judul: 'Pengingat penilaian',
  isi: 'Nilai peserta belum lengkap',
  tautan: '/penilaian',
  dibaca: false,
  dibuat: '2026-11-29T01:00:00.000Z',
};

const save = (pesertaId: number, kompetensiId: number, skor: number) => ({
  user: MENTOR_PROFILE.id,
  role: 'Mentor',
  kind: 'nilai.save' as const,
  pesertaId,
  payload: { nilai_data: [{ peserta_id: pesertaId, kompetensi_id: kompetensiId, skor }] },
});

/** `SAVES` score saves on four participants, queued while the server did not answer. */
async function queueOfflineSaves(): Promise<void> {
  for (let i = 0; i < SAVES; i += 1) await enqueue(db, save((i % 4) + 1, 10 + Math.floor(i / 4), 60 + i));
  // The outage: the head failed on the network and waits out a long backoff.
  const [head] = await pendingEntries(db, MENTOR_PROFILE.id);
  await db.outbox.update(head!.seq!, { attempts: 12, nextAttemptAt: Date.now() + 60_000, lastFailure: 'network' } as object);
}

/** Waits until `drains` drains were followed up and no round runs. */
async function followedUp(drains: number): Promise<void> {
  await vi.waitFor(() => expect(answered).toBe(drains), { timeout: 10_000 });
  await follower.idle();
}

const count = (prefix: string) => server.log.filter((line) => line.startsWith(prefix)).length;

beforeEach(async () => {
  db = new MagangDb(`replay-follow-ups-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, MENTOR_PROFILE);
  server = new FakeNilaiServer('Mentor');
  server.inbox = [NOTICE];
  answered = 0;
  hold = null;
  const client = server.client();
  const held = {
    ...client,
    get: async (...args: Parameters<typeof client.get>) => {
      await hold;
      return client.get(...args);
    },
  };
  follower = followDrains(held as typeof client, db, { onAnswered: () => (answered += 1) });
});
afterEach(async () => {
  follower.stop();
  await db.delete();
});

// A drain of 12 entries on fake-indexeddb takes well under a second; a busy machine, several.
describe('follow-ups of a drain', { timeout: 30_000 }, () => {
  it('should replay 12 offline score saves in one send each plus one batch read and one inbox pull', async () => {
    await queueOfflineSaves();
    expect(await replayOutbox({ db, api: server.client() })).toEqual({ status: 'done', sent: SAVES, conflicts: 0, remaining: 0 });
    await followedUp(1);
    expect(count('POST /api/nilai/bulk')).toBe(SAVES);
    expect(count('GET /api/health')).toBe(1);
    expect(count('GET /api/review/peserta')).toBe(1);
    expect(count('GET /api/notifikasi')).toBe(1);
    expect(server.log).toHaveLength(SAVES + 3);
    expect(server.log.length / SAVES).toBeLessThanOrEqual(GOAL_REQUESTS_PER_CHANGE);
    // After the drain the mirrors reflect the server: every score, nothing pending, the inbox.
    for (let i = 0; i < SAVES; i += 1) {
      const [pesertaId, kompetensiId] = [(i % 4) + 1, 10 + Math.floor(i / 4)];
      expect(server.scoresOf(pesertaId)[kompetensiId]).toBe(60 + i);
      expect(await db.nilai.get([pesertaId, kompetensiId])).toMatchObject({ skor: 60 + i });
    }
    expect((await db.nilai.toArray()).filter((row) => row.pendingKey)).toEqual([]);
    expect(await db.notifikasi.toArray()).toEqual([NOTICE]);
  });

  it('should follow a drain with refused changes once, each refusal still judged per change', async () => {
    await queueOfflineSaves();
    // Participant 2 was approved by the Pembimbing meanwhile: the re-check refuses its saves
    // before sending; participant 3's saves pass it, but HR acts on 3 between the re-check and
    // its first send, so the server refuses that one (409) and the re-check the next ones.
    server.decide(2, 'Pembimbing', 'approve');
    server.beforeMutate = () => {
      if (server.reviewsOf(3)[0]?.status === 'Menunggu') server.decide(3, 'Pembimbing', 'approve');
    };
    const result = await replayOutbox({ db, api: server.client() });
    expect(result).toMatchObject({ status: 'done', sent: 6, conflicts: 6, remaining: 0 });
    await followedUp(1);
    expect(count('GET /api/notifikasi')).toBe(1);
    expect(count('GET /api/review/peserta')).toBe(1);
    const refused = await conflictEntries(db, MENTOR_PROFILE.id);
    expect(refused.map((entry) => entry.pesertaId).sort()).toEqual([2, 2, 2, 3, 3, 3]);
    // The mirror holds the server's scores and reviews of the refused participants.
    for (const pesertaId of [2, 3]) {
      expect((await db.reviews.get([pesertaId, 'Pembimbing']))?.status).toBe('Disetujui');
      const mirrored = (await db.nilai.where('peserta_id').equals(pesertaId).toArray()).filter((row) => !row.pendingKey);
      expect(Object.fromEntries(mirrored.map((row) => [row.kompetensi_id, row.skor]))).toEqual(server.scoresOf(pesertaId));
    }
  });

  it('should follow each drain, and the drains announced during a round with one more round', async () => {
    await enqueue(db, save(1, 10, 70));
    await replayOutbox({ db, api: server.client() });
    await followedUp(1);
    await enqueue(db, save(1, 10, 71));
    await replayOutbox({ db, api: server.client() });
    await followedUp(2);
    expect(count('GET /api/notifikasi')).toBe(2);
    // Three drains end while a round runs: one more round after it sees the server after all three.
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    announceDrained({ db: db.name, sent: 1, conflicts: 0 });
    await vi.waitFor(() => expect(answered).toBe(3), { timeout: 10_000 });
    announceDrained({ db: db.name, sent: 1, conflicts: 0 });
    announceDrained({ db: db.name, sent: 1, conflicts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await followedUp(4);
    expect(count('GET /api/notifikasi')).toBe(4);
  });

  it('should follow a run paused on a 401 only after the new login drained the rest', async () => {
    await enqueue(db, save(1, 10, 70));
    await enqueue(db, save(2, 10, 71));
    // The token expires right after the first send.
    server.beforeMutate = () => {
      server.fail = '401';
    };
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ status: 'unauthorized', sent: 1, remaining: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await follower.idle();
    expect(answered).toBe(0);
    expect(count('GET /api/notifikasi')).toBe(0);
    server.fail = 'none';
    server.beforeMutate = null;
    await saveSession(db, { token: 'tok2', userRole: 'Mentor', username: 'mentor' });
    expect(await replayOutbox({ db, api: server.client('tok2') })).toMatchObject({ status: 'done', sent: 1, remaining: 0 });
    await followedUp(1);
    expect(count('GET /api/notifikasi')).toBe(1);
  });

  it('should not follow a run that took nothing out of the queue', async () => {
    await queueOfflineSaves();
    server.fail = 'network';
    expect((await replayOutbox({ db, api: server.client() })).status).toBe('offline');
    await enqueue(db, save(9, 10, 1));
    // A drain of another device database (another test, the bench) is not this one's.
    announceDrained({ db: 'another-device', sent: 1, conflicts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await follower.idle();
    expect(answered).toBe(0);
    expect(count('GET /api/notifikasi')).toBe(0);
  });
});
