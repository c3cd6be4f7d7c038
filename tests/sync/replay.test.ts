import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { STALE_MSG } from '@/domain/approval-chain';
import { saveProfile, saveSession } from '@/db/meta';
import { conflictEntries, dismissConflict, enqueue, pendingEntries, retryConflict } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE } from '../helpers/factories';

const PEMBIMBING = { id: 2, employee_id: 'EMP002', username: 'pembimbing', role: 'Pembimbing', signature_url: null };
let db: MagangDb;
let name: string;
let n = 0;

async function login(user: typeof MENTOR_PROFILE, token = 'tok'): Promise<void> {
  await saveSession(db, { token, userRole: user.role, username: user.username });
  await saveProfile(db, user);
}

const save = (pesertaId: number, scores: Record<number, number>) => ({
  user: MENTOR_PROFILE.id,
  role: 'Mentor',
  kind: 'nilai.save' as const,
  pesertaId,
  payload: {
    nilai_data: Object.entries(scores).map(([k, skor]) => ({ peserta_id: pesertaId, kompetensi_id: Number(k), skor })),
  },
});
const mutations = (server: FakeNilaiServer) => server.log.filter((line) => !line.startsWith('GET'));

beforeEach(async () => {
  name = `replay-test-${n++}`;
  db = new MagangDb(name);
  await login(MENTOR_PROFILE);
});
afterEach(async () => {
  await db.delete();
});

describe('enqueue', () => {
  it('should apply the change to the mirror as pending and append the entry in one step', async () => {
    const entry = await enqueue(db, save(1, { 10: 85, 11: 70 }));
    const rows = await db.nilai.where('peserta_id').equals(1).toArray();
    expect(rows.map((r) => [r.kompetensi_id, r.skor, r.pendingKey])).toEqual([
      [10, 85, entry.key],
      [11, 70, entry.key],
    ]);
    expect(await pendingEntries(db, MENTOR_PROFILE.id)).toEqual([{ ...entry, seq: entry.seq }]);
  });

  it('should apply an approval optimistically with the domain rule', async () => {
    await login(PEMBIMBING);
    await enqueue(db, { user: PEMBIMBING.id, role: 'Pembimbing', kind: 'review.reject', pesertaId: 4, payload: { catatan: 'Belum lengkap' } });
    const reviews = await db.reviews.where('peserta_id').equals(4).sortBy('role_reviewer');
    expect(reviews.map((r) => [r.role_reviewer, r.status])).toEqual([
      ['BusHead', 'Tidak_dilanjutkan'],
      ['HR', 'Tidak_dilanjutkan'],
      ['Pembimbing', 'Ditolak'],
    ]);
  });
});

describe('replayOutbox', () => {
  it('should send in FIFO order with the idempotency key and leave server state in the mirror', async () => {
    const server = new FakeNilaiServer('Mentor');
    const first = await enqueue(db, save(1, { 10: 80 }));
    await enqueue(db, save(2, { 10: 60 }));
    await enqueue(db, save(1, { 10: 90 }));
    const result = await replayOutbox({ db, api: server.client() });
    expect(result).toEqual({ status: 'done', sent: 3, conflicts: 0, remaining: 0 });
    expect(mutations(server)).toEqual(['POST /api/nilai/bulk', 'POST /api/nilai/bulk', 'POST /api/nilai/bulk']);
    expect(server.scoresOf(1)).toEqual({ 10: 90 });
    expect(server.scoresOf(2)).toEqual({ 10: 60 });
    const row = await db.nilai.get([1, 10]);
    expect(row?.skor).toBe(90);
    expect(row?.pendingKey).toBeUndefined();
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should refuse a change the re-check forbids, send nothing and show the lock message', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 80 }));
    server.decide(1, 'Pembimbing', 'approve');
    const result = await replayOutbox({ db, api: server.client() });
    expect(result).toMatchObject({ status: 'done', sent: 0, conflicts: 1, remaining: 0 });
    expect(mutations(server)).toEqual([]);
    const [conflict] = await conflictEntries(db, MENTOR_PROFILE.id);
    expect(conflict?.lastError).toBe('Nilai tidak dapat diedit. Pembimbing sudah melakukan approval');
    // The row was re-pulled: the refused score is gone from the mirror.
    expect(await db.nilai.get([1, 10])).toBeUndefined();
    expect((await db.reviews.get([1, 'Pembimbing']))?.status).toBe('Disetujui');
  });

  it('should turn a 409 of the server into a conflict with its message', async () => {
    await login(PEMBIMBING);
    const server = new FakeNilaiServer('Pembimbing');
    await enqueue(db, { user: PEMBIMBING.id, role: 'Pembimbing', kind: 'review.cancel', pesertaId: 5, payload: null });
    server.decide(5, 'Pembimbing', 'approve');
    // HR approves between the re-check and the send: only the server can see it.
    server.beforeMutate = () => server.decide(5, 'HR', 'approve');
    const result = await replayOutbox({ db, api: server.client() });
    expect(result.conflicts).toBe(1);
    const [conflict] = await conflictEntries(db, PEMBIMBING.id);
    expect(conflict?.lastError).toBe(
      'Data telah berubah. HR sudah melakukan approval. Anda tidak dapat membatalkan keputusan.',
    );
    expect(server.reviewsOf(5).map((r) => r.status)).toEqual(['Disetujui', 'Disetujui', 'Menunggu']);
    // The 409 carried the current state: reconciled without another read.
    expect(server.log).toEqual(['GET /api/review/peserta', 'POST /api/review/cancel/5']);
    expect((await db.reviews.get([5, 'HR']))?.status).toBe('Disetujui');
  });

  it('should pause on 401, keep the queue, and resume after a new login', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 75 }));
    server.fail = '401';
    expect((await replayOutbox({ db, api: server.client() })).status).toBe('unauthorized');
    server.fail = 'none';
    server.log.length = 0;
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ status: 'unauthorized', remaining: 1 });
    expect(server.log).toEqual([]);
    await login(MENTOR_PROFILE, 'new-token');
    expect(await replayOutbox({ db, api: server.client('new-token') })).toMatchObject({ status: 'done', sent: 1 });
    expect(server.scoresOf(1)).toEqual({ 10: 75 });
  });

  it('should keep the entry at the head after a network error and send nothing until the server answers', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 70 }));
    await enqueue(db, save(2, { 10: 65 }));
    const clock = 1_000_000;
    server.fail = 'network';
    expect(await replayOutbox({ db, api: server.client(), now: () => clock })).toMatchObject({ status: 'offline', remaining: 2 });
    const [head] = await pendingEntries(db, MENTOR_PROFILE.id);
    expect(head).toMatchObject({ attempts: 1, state: 'pending', lastFailure: 'network' });
    server.log.length = 0;
    // Within the backoff and still unreachable: only the health check goes out; the head waits.
    expect(await replayOutbox({ db, api: server.client(), now: () => clock })).toMatchObject({ status: 'offline', remaining: 2 });
    expect(server.log).toEqual(['GET /api/health']);
    expect((await pendingEntries(db, MENTOR_PROFILE.id))[0]).toMatchObject({ seq: head!.seq, attempts: 1 });
    server.fail = 'none';
    server.log.length = 0;
    // The server answers again: sent at once, backoff or not, in FIFO order.
    expect(await replayOutbox({ db, api: server.client(), now: () => clock })).toMatchObject({ status: 'done', sent: 2 });
    expect(mutations(server)).toEqual(['POST /api/nilai/bulk', 'POST /api/nilai/bulk']);
  });

  it('should treat 5xx like the network and retry at once when forced', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 70 }));
    server.fail = '500';
    expect((await replayOutbox({ db, api: server.client() })).status).toBe('offline');
    server.fail = 'none';
    expect(await replayOutbox({ db, api: server.client(), force: true })).toMatchObject({ status: 'done', sent: 1 });
  });

  it('should apply a change once when the answer was lost and the entry is resent', async () => {
    await login(PEMBIMBING);
    const server = new FakeNilaiServer('Pembimbing');
    await enqueue(db, { user: PEMBIMBING.id, role: 'Pembimbing', kind: 'review.approve', pesertaId: 7, payload: {} });
    server.fail = 'lose-answer';
    expect((await replayOutbox({ db, api: server.client() })).status).toBe('offline');
    expect(server.applied).toBe(1);
    // The resend is not re-checked locally (that would call it 'already acted'): the key decides.
    expect(await replayOutbox({ db, api: server.client(), force: true })).toMatchObject({ status: 'done', sent: 1, conflicts: 0 });
    expect(server.applied).toBe(1);
    expect(server.reviewsOf(7)[0]?.status).toBe('Disetujui');
  });

  it('should keep later queued changes applied over the re-pulled state', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 80 }));
    const second = await enqueue(db, save(1, { 11: 70 }));
    let sends = 0;
    const api = server.client();
    const flaky: typeof api = {
      ...api,
      request: (method, path, options) => {
        if (method === 'POST' && ++sends === 2) server.fail = 'network';
        return api.request(method, path, options);
      },
    };
    expect(await replayOutbox({ db, api: flaky })).toMatchObject({ status: 'offline', sent: 1, remaining: 1 });
    expect((await db.nilai.get([1, 10]))?.pendingKey).toBeUndefined();
    expect(await db.nilai.get([1, 11])).toMatchObject({ skor: 70, pendingKey: second.key });
  });

  it('should share one run between concurrent calls', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 80 }));
    const [a, b] = await Promise.all([replayOutbox({ db, api: server.client() }), replayOutbox({ db, api: server.client() })]);
    expect(a).toBe(b);
    expect(mutations(server)).toEqual(['POST /api/nilai/bulk']);
  });

  it('should keep queued entries across a new database connection', async () => {
    await enqueue(db, save(1, { 10: 88 }));
    db.close();
    db = new MagangDb(name);
    expect(await pendingEntries(db, MENTOR_PROFILE.id)).toHaveLength(1);
    const server = new FakeNilaiServer('Mentor');
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ sent: 1 });
    expect(server.scoresOf(1)).toEqual({ 10: 88 });
  });

  it('should only send the logged-in user\'s entries', async () => {
    await enqueue(db, { ...save(1, { 10: 50 }), user: 99 });
    const server = new FakeNilaiServer('Mentor');
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ sent: 0, remaining: 0 });
    expect(mutations(server)).toEqual([]);
  });
});

describe('conflicts', () => {
  it('should retry a conflict through the re-check again, and dismiss only conflicts', async () => {
    const server = new FakeNilaiServer('Mentor');
    const entry = await enqueue(db, save(1, { 10: 80 }));
    server.decide(1, 'Pembimbing', 'approve');
    await replayOutbox({ db, api: server.client() });
    await dismissConflict(db, 12345);
    expect(await conflictEntries(db, MENTOR_PROFILE.id)).toHaveLength(1);
    server.decide(1, 'Pembimbing', 'cancel');
    await retryConflict(db, entry.seq!);
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ sent: 1, conflicts: 0 });
    expect(server.scoresOf(1)).toEqual({ 10: 80 });

    await enqueue(db, save(1, { 10: 81 }));
    server.decide(1, 'Pembimbing', 'approve');
    await replayOutbox({ db, api: server.client() });
    const [conflict] = await conflictEntries(db, MENTOR_PROFILE.id);
    await dismissConflict(db, conflict!.seq!);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('replay cost and promptness', () => {
  const requests = (server: FakeNilaiServer) => server.log.length;

  it('should replay 50 saves on a few participants with one batch read and one send each', async () => {
    const server = new FakeNilaiServer('Mentor');
    const queued = [];
    for (let i = 0; i < 50; i += 1) queued.push(await enqueue(db, save((i % 5) + 1, { [10 + (i % 7)]: 50 + i })));
    const result = await replayOutbox({ db, api: server.client() });
    expect(result).toEqual({ status: 'done', sent: 50, conflicts: 0, remaining: 0 });
    expect(requests(server)).toBe(51);
    expect(server.log[0]).toBe('GET /api/review/peserta');
    expect(server.log.filter((line) => line.startsWith('GET'))).toHaveLength(1);
    expect(server.applied).toBe(50);
    // FIFO: the last save of each pair wins on the server and in the mirror, nothing left pending.
    const expected = new Map<string, number>();
    for (let i = 0; i < 50; i += 1) expected.set(`${(i % 5) + 1}:${10 + (i % 7)}`, 50 + i);
    for (const [pair, skor] of expected) {
      const [pesertaId, kompetensiId] = pair.split(':').map(Number) as [number, number];
      expect(server.scoresOf(pesertaId)[kompetensiId]).toBe(skor);
      expect(await db.nilai.get([pesertaId, kompetensiId])).toMatchObject({ skor });
    }
    expect((await db.nilai.toArray()).filter((row) => row.pendingKey)).toEqual([]);
  });

  it('should read the reviews of 50 different participants in one request', async () => {
    const server = new FakeNilaiServer('Mentor');
    for (let i = 1; i <= 50; i += 1) await enqueue(db, save(i, { 10: i }));
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ status: 'done', sent: 50 });
    expect(requests(server)).toBe(51);
  });

  it('should re-check an entry after an own sent change against the state that send returned', async () => {
    await login(PEMBIMBING);
    const server = new FakeNilaiServer('Pembimbing');
    const change = (kind: 'review.approve' | 'review.cancel') => ({ user: PEMBIMBING.id, role: 'Pembimbing', kind, pesertaId: 5, payload: {} });
    await enqueue(db, change('review.approve'));
    await enqueue(db, change('review.cancel'));
    // The batch says "nothing decided": the cancel would be refused on it, but not after the approve.
    expect(await replayOutbox({ db, api: server.client() })).toEqual({ status: 'done', sent: 2, conflicts: 0, remaining: 0 });
    expect(server.log).toEqual(['GET /api/review/peserta', 'POST /api/review/approve/5', 'POST /api/review/cancel/5']);
    expect(server.reviewsOf(5).map((r) => r.status)).toEqual(['Menunggu', 'Menunggu', 'Menunggu']);
  });

  it('should refuse a later entry on the state its own earlier send returned', async () => {
    await login(PEMBIMBING);
    const server = new FakeNilaiServer('Pembimbing');
    await enqueue(db, { user: PEMBIMBING.id, role: 'Pembimbing', kind: 'review.approve', pesertaId: 6, payload: {} });
    await enqueue(db, { user: PEMBIMBING.id, role: 'Pembimbing', kind: 'review.approve', pesertaId: 6, payload: {} });
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ sent: 1, conflicts: 1 });
    const [conflict] = await conflictEntries(db, PEMBIMBING.id);
    expect(conflict?.lastError).toBe(STALE_MSG.alreadyActed);
    expect(mutations(server)).toEqual(['POST /api/review/approve/6']);
    expect(server.applied).toBe(1);
  });

  it('should apply a save once when its answer was lost, with the stored answer reconciled', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 80 }));
    server.fail = 'lose-answer';
    expect((await replayOutbox({ db, api: server.client() })).status).toBe('offline');
    server.log.length = 0;
    expect(await replayOutbox({ db, api: server.client() })).toMatchObject({ status: 'done', sent: 1 });
    expect(server.applied).toBe(1);
    // Resent with its key (no re-check), the stored answer's state reconciled: one request.
    expect(server.log).toEqual(['GET /api/health', 'POST /api/nilai/bulk']);
    expect(await db.nilai.get([1, 10])).toEqual({ id: 1010, peserta_id: 1, kompetensi_id: 10, skor: 80, kompetensi: { nama: 'Kompetensi 10' } });
  });

  it('should send at once after many network failures as soon as the health check answers', async () => {
    const server = new FakeNilaiServer('Mentor');
    const entry = await enqueue(db, save(1, { 10: 90 }));
    const clock = 5_000_000;
    await db.outbox.update(entry.seq!, { attempts: 12, nextAttemptAt: clock + 3_600_000, lastFailure: 'network' } as object);
    const result = await replayOutbox({ db, api: server.client(), now: () => clock });
    expect(result).toEqual({ status: 'done', sent: 1, conflicts: 0, remaining: 0 });
    expect(server.log).toEqual(['GET /api/health', 'GET /api/review/peserta', 'POST /api/nilai/bulk']);
  });

  it('should keep the backoff after a 5xx of a reachable server', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, { 10: 90 }));
    const clock = 5_000_000;
    server.fail = '500';
    expect((await replayOutbox({ db, api: server.client(), now: () => clock })).status).toBe('offline');
    expect((await pendingEntries(db, MENTOR_PROFILE.id))[0]).toMatchObject({ attempts: 1, lastFailure: 'server' });
    server.fail = 'none';
    server.log.length = 0;
    expect(await replayOutbox({ db, api: server.client(), now: () => clock })).toMatchObject({ status: 'waiting', remaining: 1 });
    expect(server.log).toEqual([]);
    expect(await replayOutbox({ db, api: server.client(), now: () => clock + 60_000 })).toMatchObject({ status: 'done', sent: 1 });
  });
});
