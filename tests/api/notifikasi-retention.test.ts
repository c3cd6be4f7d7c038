// The inbox on the server over time (server/services/notifikasi.ts): the caller's own
// notifications newest first; one older than NOTIFIKASI_KEEP_DAYS (90) is never answered, and
// the pruning the server runs at start (pruneNotifikasi) and after the daily job (runPengingat)
// deletes it, keeping the recent ones.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFIKASI_KEEP_DAYS, type Notifikasi } from '../../src/domain/notifikasi';
import { PENGINGAT_DEFAULTS } from '../../src/domain/pengingat';
import { notifikasi } from '../../server/db/schema-notifikasi';
import { pruneNotifikasi } from '../../server/services/notifikasi';
import { runPengingat } from '../../server/services/pengingat';
import { tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { addUser, send } from '../helpers/nilai';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let userId: number;
let otherId: number;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  // Accounts of their own: nothing but this file's notifications in their inboxes.
  userId = await addUser(t, 'penerima', 'HR');
  otherId = await addUser(t, 'penerima2', 'HR');
  token = await tokenOf(t, 'penerima');
});
afterAll(() => t.close());

/** Stores a rejection notice for `user` made `ago` milliseconds before now; returns its id. */
async function notice(user: number, ago: number, nama: string): Promise<number> {
  const [row] = await t.writePastApp((db) =>
    db
      .insert(notifikasi)
      .values({ user_id: user, jenis: 'ditolak', tautan: '/approval', fakta: { nama, step: 'HR', catatan: null }, dibuat: new Date(Date.now() - ago) })
      .returning({ id: notifikasi.id }),
  );
  return (row as { id: number }).id;
}

async function inbox(): Promise<Notifikasi[]> {
  const res = await send(t, 'GET', '/api/notifikasi', token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Notifikasi[] }).data;
}

/** Of `ids`, those still stored. */
async function stored(ids: readonly number[]): Promise<number[]> {
  const rows = await t.db.select({ id: notifikasi.id }).from(notifikasi).where(inArray(notifikasi.id, [...ids]));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe(`Notifications over time (${testDbKind()})`, () => {
  it('should answer the caller’s own notifications newest first, whatever order they were made in', async () => {
    // Made out of time order, so neither the id nor the insert order gives the answer.
    const twoHours = await notice(userId, 2 * HOUR, 'Dua jam');
    const tenDays = await notice(userId, 10 * DAY, 'Sepuluh hari');
    const oneMinute = await notice(userId, 60_000, 'Satu menit');
    await notice(otherId, 30_000, 'Pengguna lain');
    const fiveHours = await notice(userId, 5 * HOUR, 'Lima jam');
    const data = await inbox();
    expect(data.map((row) => row.id)).toEqual([oneMinute, twoHours, fiveHours, tenDays]);
    const times = data.map((row) => Date.parse(row.dibuat));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data[0]?.isi).toBe('Satu menit ditolak oleh HR. Nilai terkunci; hanya HR yang dapat membatalkan penolakan.');
  });

  it('should never answer a notification older than 90 days, and delete it at the prune while a recent one stays', async () => {
    const old = await notice(userId, (NOTIFIKASI_KEEP_DAYS + 1) * DAY, 'Lama');
    const othersOld = await notice(otherId, (NOTIFIKASI_KEEP_DAYS + 30) * DAY, 'Lama lain');
    const nearlyOld = await notice(userId, (NOTIFIKASI_KEEP_DAYS - 1) * DAY, 'Hampir lama');
    const recent = await notice(userId, HOUR, 'Baru');
    const ids = (await inbox()).map((row) => row.id);
    expect(ids).not.toContain(old);
    expect(ids).toEqual(expect.arrayContaining([recent, nearlyOld]));
    // Nor as unread: the count is of the notifications answered.
    const pull = (await send(t, 'GET', '/api/notifikasi', token)).json() as { data: Notifikasi[]; belum_dibaca: number };
    expect(pull.belum_dibaca).toBe(pull.data.filter((row) => !row.dibaca).length);

    expect(await pruneNotifikasi(t.db)).toBe(2);
    expect(await stored([old, othersOld, nearlyOld, recent])).toEqual([nearlyOld, recent].sort((a, b) => a - b));
    expect((await inbox()).map((row) => row.id)).toEqual(ids);
  });

  it('should prune old notifications after the daily reminder run', async () => {
    const old = await notice(userId, (NOTIFIKASI_KEEP_DAYS + 5) * DAY, 'Lama sekali');
    const recent = await notice(userId, 2 * DAY, 'Dua hari');
    const run = await runPengingat(t.db, PENGINGAT_DEFAULTS);
    expect(run).toMatchObject({ ran: true, pruned: 1 });
    expect(await stored([old, recent])).toEqual([recent]);
    expect((await inbox()).map((row) => row.id)).toContain(recent);
  });
});
