// The history's device side: the replay sends X-Dibuat-Pada (when the change was made on the
// device) only for a change that waited in the outbox, and pulls again the history the device
// holds of a participant whose change it sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import { QUEUED_AFTER_MS } from '@/domain/riwayat';
import { enqueue } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE } from '../helpers/factories';

let db: MagangDb;
let n = 0;
beforeEach(async () => {
  db = new MagangDb(`riwayat-sync-${n++}`);
  await saveSession(db, { token: 'tok', userRole: MENTOR_PROFILE.role, username: MENTOR_PROFILE.username });
  await saveProfile(db, MENTOR_PROFILE);
});
afterEach(() => db.delete());

const save = (pesertaId: number, skor: number) => ({
  user: MENTOR_PROFILE.id,
  role: 'Mentor',
  kind: 'nilai.save' as const,
  pesertaId,
  payload: { nilai_data: [{ peserta_id: pesertaId, kompetensi_id: 10, skor }] },
});

describe('X-Dibuat-Pada on replay', () => {
  it('should send no device time for a change sent at once', async () => {
    const server = new FakeNilaiServer('Mentor');
    await enqueue(db, save(1, 80));
    await replayOutbox({ db, api: server.client() });
    expect(server.dibuatPada).toEqual([null]);
  });

  it('should send the time the change was made for one that waited in the outbox', async () => {
    const server = new FakeNilaiServer('Mentor');
    const entry = await enqueue(db, save(1, 80));
    const later = entry.createdAt + QUEUED_AFTER_MS + 60_000;
    await replayOutbox({ db, api: server.client(), now: () => later });
    expect(server.dibuatPada).toEqual([new Date(entry.createdAt).toISOString()]);
    expect(server.scoresOf(1)).toEqual({ 10: 80 });
  });

  it('should send it for a change whose earlier send failed (no answer)', async () => {
    const server = new FakeNilaiServer('Mentor');
    const entry = await enqueue(db, save(1, 80));
    server.fail = 'network';
    await replayOutbox({ db, api: server.client() });
    server.fail = 'none';
    await replayOutbox({ db, api: server.client(), force: true });
    expect(server.dibuatPada.at(-1)).toBe(new Date(entry.createdAt).toISOString());
    expect(server.applied).toBe(1);
  });
});

describe('history pulled after the replay', () => {
  it('should pull again only the history the device holds of a participant whose change was sent', async () => {
    const server = new FakeNilaiServer('Mentor');
    await db.riwayat.put({ pesertaId: 1, entries: [], fetchedAt: 0 });
    await enqueue(db, save(1, 80));
    await enqueue(db, save(2, 70));
    await replayOutbox({ db, api: server.client() });
    expect(server.log.filter((line) => line.includes('/api/riwayat/'))).toEqual(['GET /api/riwayat/peserta/1']);
    expect((await db.riwayat.get(1))?.fetchedAt).toBeGreaterThan(0);
    expect(await db.riwayat.get(2)).toBeUndefined();
  });
});
