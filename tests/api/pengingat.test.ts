// The daily reminders (server/services/pengingat.ts) on the real app's database: which mentors and
// approvers the job reminds, once per day (and per participant's window), the inbox texts, and the
// profile's 'Terima pengingat' switch (GET / PUT /api/auth/profile).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notifikasi } from '../../src/domain/notifikasi';
import { PENGINGAT_DEFAULTS } from '../../src/domain/pengingat';
import { peserta, users } from '../../server/db/schema';
import { jobRuns } from '../../server/db/schema-jobs';
import { notifikasi } from '../../server/db/schema-notifikasi';
import { runPengingat } from '../../server/services/pengingat';
import { tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { addMentor, makePeserta, send, userIdOf } from '../helpers/nilai';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(users).values({ employee_id: 'EMP-hr2', username: 'hr2', password_hash: 'not-a-hash', role: 'HR', terima_pengingat: false });
});
afterAll(() => t.close());

/** 10:00 in Jakarta on `day` (past the default PENGINGAT_JAM). */
const at = (day: string) => new Date(`${day}T03:00:00Z`);
const DAY_MS = 86_400_000;

/** The reminders of `jenis` stored for `username`. */
async function remindersOf(username: string, jenis: 'pengingat_nilai' | 'pengingat_persetujuan') {
  return t.db
    .select()
    .from(notifikasi)
    .where(and(eq(notifikasi.user_id, await userIdOf(t, username)), eq(notifikasi.jenis, jenis)));
}

/** Ends the participant's internship on `tanggal`. */
const endsOn = (id: number, tanggal: string) => t.db.update(peserta).set({ tanggal_selesai: tanggal }).where(eq(peserta.id, id));

/** Makes the participant's chain last change `days` days before `now` (its reviews and scores). */
async function lastChanged(id: number, now: Date, days: number): Promise<void> {
  const when = new Date(now.getTime() - days * DAY_MS).toISOString();
  await t.db.execute(sql`update reviews set updated_at = ${when}::timestamptz where peserta_id = ${id}`);
  await t.db.execute(sql`update nilai set updated_at = ${when}::timestamptz where peserta_id = ${id}`);
}

async function inbox(username: string): Promise<Notifikasi[]> {
  const res = await send(t, 'GET', '/api/notifikasi', await tokenOf(t, username));
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Notifikasi[] }).data;
}

describe(`Reminders (${testDbKind()})`, () => {
  it('should remind the mentor of a participant ending within 7 days with incomplete scores, once per participant and end date', async () => {
    const quiet = await addMentor(t, 'mentor-tanpa-pengingat');
    await t.db.update(users).set({ terima_pengingat: false }).where(eq(users.id, quiet));
    const due = await makePeserta(t, { scores: 'sebagian' });
    const complete = await makePeserta(t);
    const later = await makePeserta(t, { scores: 'kosong' });
    const switchedOff = await makePeserta(t, { scores: 'kosong', mentor: 'mentor-tanpa-pengingat' });
    await endsOn(due.id, '2030-03-15');
    await endsOn(complete.id, '2030-03-15');
    await endsOn(later.id, '2030-03-20');
    await endsOn(switchedOff.id, '2030-03-15');

    const run = await runPengingat(t.db, PENGINGAT_DEFAULTS, at('2030-03-10'));
    expect(run).toMatchObject({ ran: true, tanggal: '2030-03-10' });
    const told = (await remindersOf('mentor', 'pengingat_nilai')).filter((row) => row.fakta.tanggal?.startsWith('2030-03'));
    expect(told.map((row) => row.peserta_ids)).toEqual([[due.id]]);
    expect(await remindersOf('mentor-tanpa-pengingat', 'pengingat_nilai')).toEqual([]);
    const shown = (await inbox('mentor')).find((row) => row.jenis === 'pengingat_nilai' && row.tautan === `/penilaian?peserta=${due.id}`);
    expect(shown).toMatchObject({ judul: 'Pengingat nilai', dibaca: false });
    expect(shown?.isi).toMatch(/^Nilai Peserta Uji \d+ belum lengkap, magang berakhir 15 Maret 2030$/);

    // The same day again: the day's run is done. The next days of the window: no repeat.
    expect((await runPengingat(t.db, PENGINGAT_DEFAULTS, at('2030-03-10'))).ran).toBe(false);
    expect((await runPengingat(t.db, PENGINGAT_DEFAULTS, at('2030-03-11'))).ran).toBe(true);
    const count = async () => (await remindersOf('mentor', 'pengingat_nilai')).filter((row) => row.peserta_ids.includes(due.id)).length;
    expect(await count()).toBe(1);
    // A new end date is a new window: reminded again.
    await endsOn(due.id, '2030-03-16');
    await runPengingat(t.db, PENGINGAT_DEFAULTS, at('2030-03-12'));
    expect(await count()).toBe(2);
    // The window follows PENGINGAT_HARI_SEBELUM_SELESAI: the participant ending in 10 days with 10.
    await runPengingat(t.db, { ...PENGINGAT_DEFAULTS, hariSebelumSelesai: 10 }, at('2030-03-13'));
    expect((await remindersOf('mentor', 'pengingat_nilai')).some((row) => row.peserta_ids.includes(later.id))).toBe(true);
  });

  it('should remind every approver of a step (switch on) of the participants waiting there more than 3 days, in one digest', async () => {
    const now = at('2030-06-10');
    const waiting4 = await makePeserta(t);
    const waiting2 = await makePeserta(t);
    const atHr = await makePeserta(t, { reviews: { Pembimbing: 'Disetujui' } });
    const rejected = await makePeserta(t, { reviews: { Pembimbing: 'Ditolak', HR: 'Tidak_dilanjutkan', BusHead: 'Tidak_dilanjutkan' } });
    const incomplete = await makePeserta(t, { scores: 'sebagian' });
    await lastChanged(waiting4.id, now, 4);
    await lastChanged(waiting2.id, now, 2);
    await lastChanged(atHr.id, now, 5);
    await lastChanged(rejected.id, now, 9);
    await lastChanged(incomplete.id, now, 9);

    expect((await runPengingat(t.db, PENGINGAT_DEFAULTS, now)).ran).toBe(true);
    const [pembimbing] = await remindersOf('pembimbing', 'pengingat_persetujuan');
    expect(pembimbing?.peserta_ids).toContain(waiting4.id);
    for (const id of [waiting2.id, atHr.id, rejected.id, incomplete.id]) expect(pembimbing?.peserta_ids).not.toContain(id);
    const [hr] = await remindersOf('hr', 'pengingat_persetujuan');
    expect(hr?.peserta_ids).toContain(atHr.id);
    expect(hr?.peserta_ids).not.toContain(waiting4.id);
    expect(await remindersOf('hr2', 'pengingat_persetujuan')).toEqual([]);
    const shown = (await inbox('pembimbing')).find((row) => row.jenis === 'pengingat_persetujuan');
    expect(shown).toMatchObject({
      judul: 'Pengingat persetujuan',
      isi: `${pembimbing?.peserta_ids.length} peserta menunggu persetujuan Anda lebih dari 3 hari`,
      tautan: '/approval?status=perlu_tindakan',
    });

    // Two days later the other one waited long enough too: the unread digest is brought up to date, not doubled.
    expect((await runPengingat(t.db, PENGINGAT_DEFAULTS, new Date(now.getTime() + 2 * DAY_MS))).ran).toBe(true);
    const again = await remindersOf('pembimbing', 'pengingat_persetujuan');
    expect(again).toHaveLength(1);
    expect(again[0]?.peserta_ids).toEqual(expect.arrayContaining([waiting4.id, waiting2.id]));
  });

  it('should run the day once when two runs start together', async () => {
    const runs = await Promise.all([runPengingat(t.db, PENGINGAT_DEFAULTS, at('2030-09-01')), runPengingat(t.db, PENGINGAT_DEFAULTS, at('2030-09-01'))]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(await t.db.select().from(jobRuns).where(eq(jobRuns.tanggal, '2030-09-01'))).toHaveLength(1);
  });

  it("should answer and store the profile's 'Terima pengingat' switch", async () => {
    const token = await tokenOf(t, 'bushead');
    const profile = async () => (await send(t, 'GET', '/api/auth/profile', token)).json() as { data: { username: string; terima_pengingat: boolean } };
    expect((await profile()).data.terima_pengingat).toBe(true);
    const off = await send(t, 'PUT', '/api/auth/profile', token, { payload: { username: 'bushead', terima_pengingat: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { username: 'bushead', terima_pengingat: false } });
    expect((await profile()).data.terima_pengingat).toBe(false);
    // Left out: kept.
    expect((await send(t, 'PUT', '/api/auth/profile', token, { payload: { username: 'bushead' } })).json()).toMatchObject({ data: { terima_pengingat: false } });
    const bad = await send(t, 'PUT', '/api/auth/profile', token, { payload: { username: 'bushead', terima_pengingat: 'ya' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Terima pengingat harus true atau false' });
    await send(t, 'PUT', '/api/auth/profile', token, { payload: { username: 'bushead', terima_pengingat: true } });
  });
});
