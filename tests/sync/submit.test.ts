import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MagangDb } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import { enqueue, markConflict, markRetry, markSending, markSent } from '@/sync/outbox';
import { SUBMIT_WAIT_MS, awaitOutcome, submitChange } from '@/sync/submit';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE, mentorScoreChange } from '../helpers/factories';

let db: MagangDb;
let n = 0;
beforeEach(async () => {
  db = new MagangDb(`submit-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, MENTOR_PROFILE);
});
afterEach(async () => {
  await db.delete();
});

describe('submitChange', () => {
  it('should report sent once the server applied it', async () => {
    const server = new FakeNilaiServer('Mentor');
    expect(await submitChange(db, mentorScoreChange(80), { online: true, api: server.client() })).toEqual({ outcome: 'sent' });
    expect(server.scoresOf(1)).toEqual({ 10: 80 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('should keep the change queued offline without touching the network', async () => {
    const server = new FakeNilaiServer('Mentor');
    expect(await submitChange(db, mentorScoreChange(80), { online: false, api: server.client() })).toEqual({ outcome: 'queued' });
    expect(server.log).toEqual([]);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 80 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('should keep it queued when the server cannot be reached', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.fail = 'network';
    expect(await submitChange(db, mentorScoreChange(80), { online: true, api: server.client() })).toEqual({ outcome: 'queued' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('should answer queued at once, not at the deadline, for a change queued behind one the server did not take', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.fail = 'network';
    expect(await submitChange(db, mentorScoreChange(80), { online: true, api: server.client() })).toEqual({ outcome: 'queued' });
    const second = submitChange(db, mentorScoreChange(70), { online: true, api: server.client() });
    const deadline = new Promise((resolve) => setTimeout(() => resolve('deadline'), SUBMIT_WAIT_MS / 2));
    expect(await Promise.race([second, deadline])).toEqual({ outcome: 'queued' });
    expect(await db.outbox.count()).toBe(2);
  });

  it('should wait for a replay running in another context, then run one itself and report its outcome', async () => {
    const server = new FakeNilaiServer('Mentor');
    // The other context (the service worker) holds the replay's lock for a moment and sends nothing.
    let free = () => {};
    const held = new Promise<void>((resolve) => (free = resolve));
    let holder = true;
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, options: { ifAvailable?: boolean }, run: (lock: object | null) => unknown) => {
          if (holder && options.ifAvailable) return run(null);
          if (holder) await held;
          return run({});
        },
      },
    });
    try {
      const outcome = submitChange(db, mentorScoreChange(80), { online: true, api: server.client() });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.applied).toBe(0);
      holder = false;
      free();
      expect(await outcome).toEqual({ outcome: 'sent' });
      expect(server.scoresOf(1)).toEqual({ 10: 80 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should report the lock message, send nothing and drop the refused entry', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.decide(1, 'Pembimbing', 'approve');
    expect(await submitChange(db, mentorScoreChange(80), { online: true, api: server.client() })).toEqual({
      outcome: 'refused',
      message: 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval',
    });
    expect(server.applied).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.nilai.get([1, 10])).toBeUndefined();
  });

  it("should carry the `error` field of the server's refusal as the title, and none for a refusal of the re-check", async () => {
    const server = new FakeNilaiServer('Mentor');
    server.refusalError = 'Conflict';
    // Decided between the re-check and the send: the server refuses.
    server.beforeMutate = () => server.decide(1, 'Pembimbing', 'approve');
    expect(await submitChange(db, mentorScoreChange(80), { online: true, api: server.client() })).toEqual({
      outcome: 'refused',
      message: 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval',
      title: 'Conflict',
    });
    // Now the re-check itself refuses: nothing was sent, so there is no answer to take a title from.
    const again = await submitChange(db, mentorScoreChange(70), { online: true, api: server.client() });
    expect(again).toEqual({ outcome: 'refused', message: 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval' });
    expect('title' in again).toBe(false);
  });
});

// Another runner (the service worker) sends the entry: the page learns the outcome from the
// outbox row's transitions as they happen, without reading the row over and over.
describe('awaitOutcome', () => {
  const later = () => Date.now() + 60_000;

  it("should report sent once the other runner's send deleted the entry", async () => {
    const entry = await enqueue(db, mentorScoreChange(80));
    await markSending(db, entry.seq!, Date.now());
    const outcome = awaitOutcome(db, entry.seq!, later());
    await markSent(db, entry.seq!, []);
    expect(await outcome).toEqual({ outcome: 'sent' });
  });

  it('should report the refusal with its title and dismiss it, the user seeing it now', async () => {
    const entry = await enqueue(db, mentorScoreChange(80));
    const outcome = awaitOutcome(db, entry.seq!, later());
    await markConflict(db, entry.seq!, 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval', [], 'Conflict');
    expect(await outcome).toEqual({
      outcome: 'refused',
      message: 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval',
      title: 'Conflict',
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('should report queued once a try failed, keeping the entry', async () => {
    const entry = await enqueue(db, mentorScoreChange(80));
    const outcome = awaitOutcome(db, entry.seq!, later());
    await markRetry(db, entry, 'network', 'Failed to fetch', Date.now());
    expect(await outcome).toEqual({ outcome: 'queued' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('should report queued when the other runner has not decided by the deadline', async () => {
    const entry = await enqueue(db, mentorScoreChange(80));
    await markSending(db, entry.seq!, Date.now());
    expect(await awaitOutcome(db, entry.seq!, Date.now() + 50)).toEqual({ outcome: 'queued' });
    expect(await db.outbox.count()).toBe(1);
  });
});
