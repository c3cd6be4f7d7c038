import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { clearUserData, getCursor, saveSession, setCursor, setPesertaBatas } from '@/db/meta';
import type { PresensiMark } from '@/domain/presensi';
import { enqueue } from '@/sync/outbox';
import { pullMentorPeserta, pullPesertaMirror } from '@/sync/pull-peserta';
import { pullMentorMirror, pullPresensi } from '@/sync/pull-presensi';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { peserta } from '../helpers/factories';

let db: MagangDb;
let n = 0;
beforeEach(async () => {
  db = new MagangDb(`pull-presensi-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await db.peserta.bulkPut([peserta(1), peserta(2), peserta(3)]);
});
afterEach(async () => {
  await db.delete();
});

const mark = (peserta_id: number, tanggal: string, status: PresensiMark['status'] = 'Hadir'): PresensiMark => ({ peserta_id, tanggal, status, catatan: null });
const pulls = (server: FakeNilaiServer) => server.log.filter((line) => line.startsWith('GET /api/presensi'));

/** A fake API answering bodies in order and recording the paths (with query) asked. */
function fakeApi(answers: unknown[], paths: string[] = []) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(url.pathname + url.search);
      return new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

describe('pullPresensi', () => {
  it('should pull every mark first, then only the marks changed since the cursor', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.mark([mark(1, '2026-03-02'), mark(2, '2026-03-02', 'Sakit')]);
    expect(await pullPresensi(server.client(), db)).toEqual({ changed: 2, full: true });
    expect(await db.presensi.count()).toBe(2);
    expect(await getCursor(db, 'presensi')).toBe('2');

    server.mark([mark(1, '2026-03-02', 'Alpa')]);
    server.mark([mark(3, '2026-03-03')]);
    const paths: string[] = [];
    const api = server.client();
    const logged = { ...api, get: ((path: string, ...rest: unknown[]) => {
      paths.push(path);
      return (api.get as (...a: unknown[]) => unknown)(path, ...rest);
    }) as typeof api.get };
    expect(await pullPresensi(logged, db)).toEqual({ changed: 2, full: false });
    expect(paths).toEqual(['/api/presensi?since=2']);
    expect(await db.presensi.get([1, '2026-03-02'])).toEqual(mark(1, '2026-03-02', 'Alpa'));
    expect(await db.presensi.get([2, '2026-03-02'])).toEqual(mark(2, '2026-03-02', 'Sakit'));
    expect(await db.presensi.get([3, '2026-03-03'])).toEqual(mark(3, '2026-03-03'));
    expect(await getCursor(db, 'presensi')).toBe('4');
  });

  it("should keep a queued mark on top, with the pulled mark under it", async () => {
    const server = new FakeNilaiServer('Mentor');
    const entry = await enqueue(db, { user: 3, role: 'Mentor', kind: 'presensi.save', pesertaId: 1, payload: { presensi: [mark(1, '2026-03-02', 'Sakit')] } });
    server.mark([mark(1, '2026-03-02', 'Alpa')]);
    await pullPresensi(server.client(), db);
    expect(await db.presensi.get([1, '2026-03-02'])).toEqual({ ...mark(1, '2026-03-02', 'Sakit'), pendingKey: entry.key, base: mark(1, '2026-03-02', 'Alpa') });
  });

  it('should pull in full again when the mirror holds a participant the cursor does not cover', async () => {
    const server = new FakeNilaiServer('Mentor');
    server.mark([mark(4, '2026-03-02')]); // an older mark of a participant not yet the mentor's
    await pullPresensi(server.client(), db);
    await pullPresensi(server.client(), db);
    await db.peserta.put(peserta(4));
    await pullPresensi(server.client(), db);
    expect(pulls(server)).toEqual(['GET /api/presensi', 'GET /api/presensi', 'GET /api/presensi']);
    const api = fakeApi([{ data: [], cursor: '9' }]);
    expect(await pullPresensi(api, db)).toEqual({ changed: 0, full: false });
  });

  it('should drop on a full pull a server mark the answer no longer has', async () => {
    await db.presensi.put(mark(1, '2026-03-02'));
    await pullPresensi(fakeApi([{ data: [mark(2, '2026-03-02')], cursor: '5' }]), db);
    expect(await db.presensi.toCollection().primaryKeys()).toEqual([[2, '2026-03-02']]);
  });

  it('should write nothing when the session ended while the answer came', async () => {
    const api = createApiClient({
      getToken: () => 'tok',
      fetch: async () => {
        await clearUserData(db);
        return new Response(JSON.stringify({ data: [mark(1, '2026-03-02')], cursor: '5' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    await pullPresensi(api, db);
    expect(await db.presensi.count()).toBe(0);
    expect(await getCursor(db, 'presensi')).toBeNull();
  });
});

describe('marks of a participant who leaves the mirror', () => {
  beforeEach(async () => {
    await db.presensi.bulkPut([mark(1, '2026-03-02'), mark(2, '2026-03-02'), mark(2, '2026-03-03'), mark(3, '2026-03-02')]);
  });

  it('should go with a participant the incremental pull reports deleted', async () => {
    await setCursor(db, 'peserta', '500');
    await setPesertaBatas(db, '2025-11-01');
    await pullPesertaMirror(fakeApi([{ data: [peserta(1)], deleted: [2], cursor: '600' }]), db);
    expect((await db.presensi.toArray()).map((m) => m.peserta_id)).toEqual([1, 3]);
  });

  it("should go with a participant no longer in the mentor's list", async () => {
    await pullMentorPeserta(fakeApi([{ data: [peserta(1), peserta(2)] }]), db);
    expect((await db.presensi.toArray()).map((m) => m.peserta_id)).toEqual([1, 2, 2]);
  });

  it("should be pulled after the mentor's participants", async () => {
    const paths: string[] = [];
    await pullMentorMirror(fakeApi([{ data: [peserta(1)] }, { data: [mark(1, '2026-03-04')], cursor: '7' }], paths), db);
    expect(paths).toEqual(['/api/nilai/mentor/peserta?lingkup=kerja', '/api/presensi']);
    expect(await db.presensi.toCollection().primaryKeys()).toEqual([[1, '2026-03-04']]);
  });
});
