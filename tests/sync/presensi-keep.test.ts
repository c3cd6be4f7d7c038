// Kept taps in the one outbox (fake-indexeddb): the taps of a day made while its change waits unsent
// are folded into that ONE entry (one PUT /api/presensi) with each date's `sebelumnya` from before
// the first unsent change; a tap after the change was claimed for sending makes a new entry; a tap
// made while the runner re-checks the entry travels in the very request it sends; an Izin without
// its note waits on the device and is queued once it has one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { db } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import { readWaitingIzin } from '@/db/presensi-menunggu';
import type { StoredMark } from '@/domain/presensi';
import { savePresensi, tapPresensi } from '@/sync/changes';
import { markSending, pendingEntries } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE, peserta } from '../helpers/factories';

const DAY = '2026-11-23'; // a Monday
const now = () => Date.parse('2026-11-26T05:00:00Z');
const USER = MENTOR_PROFILE.id;

beforeEach(async () => {
  // The app's own database (the changes write to it): another file of this worker may have closed it.
  if (!db.isOpen()) await db.open();
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, MENTOR_PROFILE);
  await db.peserta.bulkPut([1, 2, 3].map((id) => peserta(id, { tanggal_masuk: '2026-11-02', tanggal_selesai: '2026-12-31' })));
});
afterEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

/** One tap on participant `id`'s date, offline. */
function tap(id: number, status: StoredMark['status'], catatan: string | null = null, tanggal = DAY) {
  return savePresensi({ user: USER, role: 'Mentor', marks: [{ peserta_id: id, tanggal, status, catatan }] }, false);
}
const payloadOf = (entry: { payload: unknown }) => (entry.payload as { presensi: unknown[] }).presensi;
const puts = (server: FakeNilaiServer) => server.log.filter((line) => line === 'PUT /api/presensi');

describe('taps of one day waiting unsent', () => {
  it('should travel as ONE entry and ONE request, each date with the status shown before its first unsent change', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.mark([{ peserta_id: 1, tanggal: DAY, status: 'Alpa', catatan: null }]);
    await db.presensi.put({ peserta_id: 1, tanggal: DAY, status: 'Alpa', catatan: null });

    expect((await tap(1, 'Hadir')).outcome).toBe('queued');
    await tap(2, 'Sakit');
    await tap(1, 'Izin', 'Acara keluarga');
    await tap(3, 'Hadir');
    // Another day is another change.
    await tap(2, 'Hadir', null, '2026-11-24');

    const queued = await pendingEntries(db, USER);
    expect(queued).toHaveLength(2);
    expect(payloadOf(queued[0]!)).toEqual([
      { peserta_id: 1, tanggal: DAY, status: 'Izin', catatan: 'Acara keluarga', sebelumnya: 'Alpa' },
      { peserta_id: 2, tanggal: DAY, status: 'Sakit', catatan: null, sebelumnya: null },
      { peserta_id: 3, tanggal: DAY, status: 'Hadir', catatan: null, sebelumnya: null },
    ]);
    // The device shows every tap at once, kept under the one entry's key.
    expect(await db.presensi.get([1, DAY])).toMatchObject({ status: 'Izin', pendingKey: queued[0]!.key });
    expect(await db.presensi.get([3, DAY])).toMatchObject({ status: 'Hadir', pendingKey: queued[0]!.key });

    expect(await replayOutbox({ db, api: server.client(), now })).toMatchObject({ status: 'done', sent: 2, conflicts: 0, remaining: 0 });
    expect(puts(server)).toHaveLength(2);
    expect(server.marks()).toEqual([
      { peserta_id: 1, tanggal: DAY, status: 'Izin', catatan: 'Acara keluarga' },
      { peserta_id: 2, tanggal: DAY, status: 'Sakit', catatan: null },
      { peserta_id: 2, tanggal: '2026-11-24', status: 'Hadir', catatan: null },
      { peserta_id: 3, tanggal: DAY, status: 'Hadir', catatan: null },
    ]);
  });

  it('should make a new entry once the waiting one is claimed for sending (a request may already carry it)', async () => {
    await tap(1, 'Hadir');
    const [first] = await pendingEntries(db, USER);
    await markSending(db, first!.seq!, now());
    await tap(2, 'Hadir');
    const queued = await pendingEntries(db, USER);
    expect(queued).toHaveLength(2);
    expect(payloadOf(queued[0]!)).toHaveLength(1);
    expect(payloadOf(queued[1]!)).toEqual([{ peserta_id: 2, tanggal: DAY, status: 'Hadir', catatan: null, sebelumnya: null }]);
  });

  it('should send a tap made while the runner re-checks the entry in that very request, and lose nothing', async () => {
    const server = new FakeNilaiServer('Mentor');
    const handle = (server as unknown as { handle(url: string, init: RequestInit): Promise<Response> }).handle.bind(server);
    let tapped = false;
    const api = createApiClient({
      getToken: () => 'tok',
      fetch: async (input, init) => {
        // The runner has read the entry and asks for the reviews of its re-check: the mentor taps again.
        if (!tapped && String(input).includes('/api/review/peserta')) {
          tapped = true;
          await tap(2, 'Sakit');
        }
        return handle(String(input), init ?? {});
      },
    });
    await tap(1, 'Hadir');
    expect(await replayOutbox({ db, api, now })).toMatchObject({ status: 'done', sent: 1, remaining: 0 });
    expect(tapped).toBe(true);
    expect(puts(server)).toHaveLength(1);
    expect(server.marks()).toEqual([
      { peserta_id: 1, tanggal: DAY, status: 'Hadir', catatan: null },
      { peserta_id: 2, tanggal: DAY, status: 'Sakit', catatan: null },
    ]);
    expect(await db.presensi.get([2, DAY])).toEqual({ peserta_id: 2, tanggal: DAY, status: 'Sakit', catatan: null });
  });
});

describe('an Izin without its note', () => {
  const at = { peserta_id: 1, tanggal: DAY };
  it('should wait on the device, queued only once it has its note', async () => {
    const held = { status: 'Hadir' as const, catatan: null };
    expect(await tapPresensi({ user: USER, role: 'Mentor', at, mark: { status: 'Izin', catatan: null }, held, waiting: false }, false)).toBeNull();
    expect(await readWaitingIzin(db, USER)).toEqual([at]);
    expect(await db.outbox.count()).toBe(0);

    const result = await tapPresensi({ user: USER, role: 'Mentor', at, mark: { status: 'Izin', catatan: ' Ujian ' }, held, waiting: true }, false);
    expect(result?.outcome).toBe('queued');
    expect(await readWaitingIzin(db, USER)).toEqual([]);
    const [entry] = await pendingEntries(db, USER);
    expect(payloadOf(entry!)).toEqual([{ ...at, status: 'Izin', catatan: 'Ujian', sebelumnya: null }]);
  });

  it('should stop waiting when the held mark is tapped again', async () => {
    const held = { status: 'Hadir' as const, catatan: null };
    await tapPresensi({ user: USER, role: 'Mentor', at, mark: { status: 'Izin', catatan: null }, held, waiting: false }, false);
    expect(await tapPresensi({ user: USER, role: 'Mentor', at, mark: held, held, waiting: true }, false)).toBeNull();
    expect(await readWaitingIzin(db, USER)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});
