// The inbox on the device: the pull (full, then since the cursor, with the digests gone and the
// notifications past the keeping time dropped) and 'mark read' through the one outbox — shown
// read at once, kept read over a pull of the server's older answer, sent once with its key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { getCursor, saveProfile, saveSession } from '@/db/meta';
import type { Notifikasi } from '@/domain/notifikasi';
import { enqueue, pendingEntries } from '@/sync/outbox';
import { pullNotifikasi } from '@/sync/pull-notifikasi';
import { replayOutbox } from '@/sync/replay';
import { MENTOR_PROFILE } from '../helpers/factories';

const NOW = Date.parse('2026-11-26T08:00:00Z');
let db: MagangDb;
let n = 0;
beforeEach(async () => {
  db = new MagangDb(`notifikasi-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, MENTOR_PROFILE);
});
afterEach(async () => {
  await db.delete();
});

const note = (id: number, dibuat: string, dibaca = false): Notifikasi => ({
  id,
  jenis: 'ditolak',
  judul: 'Peserta ditolak',
  isi: `Peserta ${id} ditolak oleh HR`,
  tautan: `/penilaian?peserta=${id}`,
  dibaca,
  dibuat,
});

interface Call {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

/** A fake API: GET /api/notifikasi answers `pulls` in order; every request is recorded. */
function fakeApi(pulls: unknown[], calls: Call[] = []) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, key: headers.get('Idempotency-Key'), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = url.pathname === '/api/notifikasi' ? pulls.shift() : { message: 'Notifikasi ditandai dibaca', belum_dibaca: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

const ids = async () => (await db.notifikasi.orderBy('dibuat').reverse().toArray()).map((row) => [row.id, row.dibaca]);

describe('pullNotifikasi', () => {
  it('should pull every notification first, then only what changed, dropping digests gone and those past 90 days', async () => {
    const calls: Call[] = [];
    const api = fakeApi(
      [
        { data: [note(3, '2026-11-25T10:00:00.000Z'), note(2, '2026-11-20T10:00:00.000Z'), note(1, '2026-08-01T10:00:00.000Z', true)], cursor: '5', belum_dibaca: 2 },
        { data: [note(4, '2026-11-26T07:00:00.000Z'), note(3, '2026-11-25T10:00:00.000Z', true)], deleted: [2], cursor: '9', belum_dibaca: 1 },
      ],
      calls,
    );
    await pullNotifikasi(api, db, () => NOW);
    expect(await ids()).toEqual([[3, false], [2, false]]);
    expect(await getCursor(db, 'notifikasi')).toBe('5');
    await pullNotifikasi(api, db, () => NOW);
    expect(calls.map((call) => call.path)).toEqual(['/api/notifikasi', '/api/notifikasi?since=5']);
    expect(await ids()).toEqual([[4, false], [3, true]]);
  });
});

describe('marking notifications read', () => {
  it('should show one read at once, keep it read over an older pull, and send it once with its key', async () => {
    const calls: Call[] = [];
    const api = fakeApi(
      [
        { data: [note(2, '2026-11-25T10:00:00.000Z'), note(1, '2026-11-24T10:00:00.000Z')], cursor: '5', belum_dibaca: 2 },
        // The server has not heard of the read yet.
        { data: [note(2, '2026-11-25T10:00:00.000Z')], cursor: '6', belum_dibaca: 2 },
      ],
      calls,
    );
    await pullNotifikasi(api, db, () => NOW);
    const entry = await enqueue(db, { user: MENTOR_PROFILE.id, role: 'Mentor', kind: 'notifikasi.baca', pesertaId: 0, payload: { id: 2 } });
    expect(await ids()).toEqual([[2, true], [1, false]]);
    await pullNotifikasi(api, db, () => NOW);
    expect(await ids()).toEqual([[2, true], [1, false]]);

    const result = await replayOutbox({ db, api, force: true });
    expect(result).toMatchObject({ status: 'done', sent: 1, conflicts: 0, remaining: 0 });
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toEqual([{ method: 'POST', path: '/api/notifikasi/2/baca', key: entry.key, body: { id: 2 } }]);
    // No participant's reviews were read for it.
    expect(calls.some((call) => call.path.startsWith('/api/review'))).toBe(false);
    expect(await pendingEntries(db, MENTOR_PROFILE.id)).toEqual([]);
  });

  it('should mark read only what was made until the newest one seen', async () => {
    const calls: Call[] = [];
    const api = fakeApi([{ data: [note(3, '2026-11-26T07:00:00.000Z'), note(2, '2026-11-25T10:00:00.000Z'), note(1, '2026-11-24T10:00:00.000Z')], cursor: '5', belum_dibaca: 3 }], calls);
    await pullNotifikasi(api, db, () => NOW);
    await enqueue(db, { user: MENTOR_PROFILE.id, role: 'Mentor', kind: 'notifikasi.baca', pesertaId: 0, payload: { sampai: '2026-11-25T10:00:00.000Z' } });
    expect(await ids()).toEqual([[3, false], [2, true], [1, true]]);
    await replayOutbox({ db, api, force: true });
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/notifikasi/baca-semua', { sampai: '2026-11-25T10:00:00.000Z' }],
    ]);
  });
});
