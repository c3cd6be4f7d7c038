// An approver's pull of one participant's marks (GET /api/presensi/peserta/{id}) when its detail
// opens: the participant's server marks replaced, queued changes kept on top, other participants'
// marks untouched, nothing written after a logout during the pull.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { readPresensiOf } from '@/db/presensi-read';
import { clearUserData, saveSession } from '@/db/meta';
import type { PresensiMark } from '@/domain/presensi';
import { enqueue } from '@/sync/outbox';
import { pullPresensiOf } from '@/sync/pull-presensi';
import { peserta } from '../helpers/factories';

let db: MagangDb;
let n = 0;
beforeEach(async () => {
  db = new MagangDb(`pull-presensi-of-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'HR', username: 'hr' });
  await db.peserta.bulkPut([peserta(1), peserta(2)]);
});
afterEach(async () => {
  await db.delete();
});

const mark = (peserta_id: number, tanggal: string, status: PresensiMark['status'] = 'Hadir'): PresensiMark => ({ peserta_id, tanggal, status, catatan: null });

/** A fake API answering `data` for every request and recording the paths asked. */
function fakeApi(data: () => unknown[], paths: string[] = [], before?: () => Promise<void>) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async (input) => {
      paths.push(new URL(String(input), 'http://localhost').pathname);
      await before?.();
      return new Response(JSON.stringify({ data: data() }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

describe('pullPresensiOf', () => {
  it("should keep the participant's marks, replacing what the server no longer has, and leave others alone", async () => {
    await db.presensi.bulkPut([mark(1, '2026-03-02', 'Alpa'), mark(1, '2026-03-03'), mark(2, '2026-03-02', 'Izin')]);
    const paths: string[] = [];
    await pullPresensiOf(fakeApi(() => [mark(1, '2026-03-02', 'Sakit'), mark(1, '2026-03-04')], paths), 1, db);
    expect(paths).toEqual(['/api/presensi/peserta/1']);
    expect(await readPresensiOf(db, 1)).toEqual([mark(1, '2026-03-02', 'Sakit'), mark(1, '2026-03-04')]);
    expect(await readPresensiOf(db, 2)).toEqual([mark(2, '2026-03-02', 'Izin')]);
  });

  it('should keep a queued mark on top, with the pulled mark under it, also where the server has none', async () => {
    const entry = await enqueue(db, {
      user: 7,
      role: 'HR',
      kind: 'presensi.save',
      pesertaId: 1,
      payload: { presensi: [mark(1, '2026-03-02', 'Sakit'), mark(1, '2026-03-05', 'Alpa')] },
    });
    await pullPresensiOf(fakeApi(() => [mark(1, '2026-03-02', 'Alpa')]), 1, db);
    expect(await db.presensi.get([1, '2026-03-02'])).toEqual({ ...mark(1, '2026-03-02', 'Sakit'), pendingKey: entry.key, base: mark(1, '2026-03-02', 'Alpa') });
    expect(await db.presensi.get([1, '2026-03-05'])).toMatchObject({ status: 'Alpa', pendingKey: entry.key, base: null });
  });

  it('should write nothing when the answer brings what the mirror holds', async () => {
    await pullPresensiOf(fakeApi(() => [mark(1, '2026-03-02')]), 1, db);
    let writes = 0;
    db.presensi.hook('creating', () => void writes++);
    db.presensi.hook('updating', () => void writes++);
    db.presensi.hook('deleting', () => void writes++);
    await pullPresensiOf(fakeApi(() => [mark(1, '2026-03-02')]), 1, db);
    expect(writes).toBe(0);
  });

  it('should write nothing when the user logged out while the answer came', async () => {
    await pullPresensiOf(fakeApi(() => [mark(1, '2026-03-02')], [], () => clearUserData(db)), 1, db);
    expect(await db.presensi.count()).toBe(0);
  });

  it("should reject with the client's error and keep the held marks (offline)", async () => {
    await db.presensi.put(mark(1, '2026-03-02'));
    const offline = createApiClient({ getToken: () => 'tok', fetch: async () => { throw new TypeError('Failed to fetch'); } });
    await expect(pullPresensiOf(offline, 1, db)).rejects.toBeTruthy();
    expect(await readPresensiOf(db, 1)).toEqual([mark(1, '2026-03-02')]);
  });
});
