import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { saveHariKerja, saveProfile, saveSession } from '@/db/meta';
import type { NewChange } from '@/sync/outbox';
import { conflictEntries, enqueue, pendingEntries, retryConflict } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import type { PresensiMark } from '@/domain/presensi';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE, peserta } from '../helpers/factories';

const LOCKED = 'Presensi tidak dapat diubah. Pembimbing sudah memberi keputusan untuk peserta ini';
const DAY = '2026-11-23'; // a Monday
/** The replay's clock: 26 November 2026, midday in Jakarta. */
const now = () => Date.parse('2026-11-26T05:00:00Z');
const GROUP = Array.from({ length: 30 }, (_, i) => i + 1);

let db: MagangDb;
let n = 0;
beforeEach(async () => {
  db = new MagangDb(`presensi-sync-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, MENTOR_PROFILE);
  await db.peserta.bulkPut(GROUP.map((id) => peserta(id, { tanggal_masuk: '2026-11-02', tanggal_selesai: '2026-12-31' })));
});
afterEach(async () => {
  await db.delete();
});

const mark = (peserta_id: number, status: PresensiMark['status'] = 'Hadir', tanggal = DAY): PresensiMark => ({
  peserta_id,
  tanggal,
  status,
  catatan: status === 'Izin' ? 'Urusan keluarga' : null,
});
/** What savePresensi queues: one change for all the marks, named by its first participant. */
const day = (marks: PresensiMark[], role = 'Mentor'): NewChange => ({
  user: MENTOR_PROFILE.id,
  role,
  kind: 'presensi.save',
  pesertaId: Math.min(...marks.map((m) => m.peserta_id)),
  payload: { presensi: marks },
});
const mutations = (server: FakeNilaiServer) => server.log.filter((line) => !line.startsWith('GET'));

describe('an attendance save in the outbox', () => {
  it("should show a group's day of 30 marks at once as pending, and send it as exactly one keyed request", async () => {
    const server = new FakeNilaiServer('Mentor');
    const entry = await enqueue(db, day(GROUP.map((id) => mark(id, id === 7 ? 'Izin' : 'Hadir'))));
    expect(await db.outbox.count()).toBe(1);
    expect(await db.presensi.count()).toBe(30);
    expect(await db.presensi.get([7, DAY])).toEqual({ ...mark(7, 'Izin'), pendingKey: entry.key, base: null });

    const result = await replayOutbox({ db, api: server.client(), now });
    expect(result).toMatchObject({ status: 'done', sent: 1, conflicts: 0, remaining: 0 });
    // One batch read of the 30 participants' reviews for the re-check, and one PUT.
    expect(server.log.filter((line) => line.startsWith('GET /api/review/peserta')).length).toBe(1);
    expect(mutations(server)).toEqual(['PUT /api/presensi']);
    expect(server.applied).toBe(1);
    expect(server.marks()).toHaveLength(30);
    // The answer's stored marks replace the pending ones: no key left.
    const held = await db.presensi.toArray();
    expect(held).toHaveLength(30);
    expect(held.every((row) => row.pendingKey === undefined && row.base === undefined)).toBe(true);
  });

  it('should send the Idempotency-Key, and a resend after a lost answer is applied once', async () => {
    const server = new FakeNilaiServer('Mentor');
    const spied = server.client();
    const entry = await enqueue(db, day([mark(1), mark(2, 'Sakit')]));
    server.fail = 'lose-answer';
    expect(await replayOutbox({ db, api: spied, now })).toMatchObject({ status: 'offline', sent: 0 });
    expect(server.applied).toBe(1);
    expect((await pendingEntries(db, MENTOR_PROFILE.id))[0]?.sentAt).toBeDefined();

    expect(await replayOutbox({ db, api: spied, now, force: true })).toMatchObject({ status: 'done', sent: 1, remaining: 0 });
    expect(server.applied).toBe(1);
    expect(mutations(server)).toEqual(['PUT /api/presensi', 'PUT /api/presensi']);
    expect(server.keys).toEqual([entry.key, entry.key]);
    expect(await db.presensi.get([2, DAY])).toEqual(mark(2, 'Sakit'));
  });

  it('should refuse the whole day unsent when the Pembimbing decided on one participant meanwhile, and put back the server marks', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.mark([mark(5, 'Alpa')]);
    await db.presensi.put(mark(5, 'Alpa'));
    await enqueue(db, day([mark(4), mark(5), mark(6)]));
    expect((await db.presensi.get([5, DAY]))?.status).toBe('Hadir');
    server.decide(5, 'Pembimbing', 'approve');

    const result = await replayOutbox({ db, api: server.client(), now });
    expect(result).toMatchObject({ status: 'done', sent: 0, conflicts: 1, remaining: 0 });
    expect(mutations(server)).toEqual([]);
    const [refused] = await conflictEntries(db, MENTOR_PROFILE.id);
    expect(refused).toMatchObject({ kind: 'presensi.save', lastError: LOCKED });
    // The refused marks leave the mirror; the server's mark under one comes back.
    expect(await db.presensi.get([5, DAY])).toEqual(mark(5, 'Alpa'));
    expect(await db.presensi.get([4, DAY])).toBeUndefined();

    // Tried again, its marks show again (and it is judged again before any send).
    await retryConflict(db, refused!.seq!);
    expect((await db.presensi.get([4, DAY]))?.pendingKey).toBe(refused!.key);
  });

  it("should refuse a date outside the participant's mirrored period unsent, with the reason and the date", async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, day([mark(1), mark(2, 'Hadir', '2026-10-30')]));
    expect(await replayOutbox({ db, api: server.client(), now })).toMatchObject({ conflicts: 1 });
    expect(mutations(server)).toEqual([]);
    expect((await conflictEntries(db, MENTOR_PROFILE.id))[0]?.lastError).toBe('Tanggal di luar periode magang peserta (2026-10-30)');
  });

  it("should judge the working day by the server's HARI_KERJA once the device learned it, and leave it to the server before", async () => {
    const saturday = '2026-11-21';
    const unknown = new FakeNilaiServer('Mentor');
    await enqueue(db, day([mark(1, 'Hadir', saturday)]));
    expect(await replayOutbox({ db, api: unknown.client(), now })).toMatchObject({ sent: 1, conflicts: 0 });

    await saveHariKerja(db, [1, 2, 3, 4, 5]);
    const known = new FakeNilaiServer('Mentor');
    await enqueue(db, day([mark(2, 'Hadir', saturday)]));
    expect(await replayOutbox({ db, api: known.client(), now })).toMatchObject({ sent: 0, conflicts: 1 });
    expect(mutations(known)).toEqual([]);
    expect((await conflictEntries(db, MENTOR_PROFILE.id))[0]?.lastError).toBe(`Tanggal tersebut bukan hari kerja (${saturday})`);
  });

  it("should list the server's 409 as refused with its text and reconcile the states it carries", async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, day([mark(8), mark(9)]));
    // The Pembimbing decides after the re-check read the reviews, just before the PUT is judged.
    server.beforeMutate = () => server.decide(9, 'Pembimbing', 'approve');

    const result = await replayOutbox({ db, api: server.client(), now });
    expect(result).toMatchObject({ sent: 0, conflicts: 1 });
    expect(mutations(server)).toEqual(['PUT /api/presensi']);
    expect(server.marks()).toEqual([]);
    expect((await conflictEntries(db, MENTOR_PROFILE.id))[0]?.lastError).toBe(LOCKED);
    expect(await db.presensi.count()).toBe(0);
    const steps = await db.reviews.where('peserta_id').equals(9).toArray();
    expect(steps.find((step) => step.role_reviewer === 'Pembimbing')?.status).toBe('Disetujui');
  });

  it('should keep a later queued mark on top when an earlier change of the same day is answered', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, day([mark(1), mark(2)]));
    // Sent on its own first: the second change waits behind it.
    server.fail = 'network';
    await replayOutbox({ db, api: server.client(), now });
    server.fail = 'none';
    const later = await enqueue(db, day([mark(2, 'Sakit')]));
    // The first PUT is answered; the network fails right after it, so the later change stays queued.
    server.beforeMutate = () => {
      server.fail = 'network';
    };
    const oneSend = server.client();
    await replayOutbox({ db, api: oneSend, now, force: true });
    expect(await db.presensi.get([1, DAY])).toEqual(mark(1));
    expect(await db.presensi.get([2, DAY])).toEqual({ ...mark(2, 'Sakit'), pendingKey: later.key, base: mark(2) });
  });
});
