// Notifications on the server (server/services/notifikasi.ts): created in the transaction of the
// change that causes them — never for a refused one — one digest per person while unread, the
// rejection and cancel notices to the mentor and earlier approvers, never the actor; and the
// caller's own inbox (pull with a cursor, read one, read all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notifikasi } from '../../src/domain/notifikasi';
import { users } from '../../server/db/schema';
import { type DemoUsername, demoTokens, tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send as sendAs } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername | 'hr2', string>;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(users).values({ employee_id: 'EMP-hr2', username: 'hr2', password_hash: 'not-a-hash', role: 'HR' });
  tokens = { ...(await demoTokens(t)), hr2: await tokenOf(t, 'hr2') };
});
afterAll(() => t.close());

type Who = keyof typeof tokens;
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, options: Parameters<typeof sendAs>[4] = {}) => sendAs(t, method, url, tokens[who], options);

interface Pull {
  data: Notifikasi[];
  deleted?: number[];
  cursor: string;
  belum_dibaca: number;
}
async function inbox(who: Who, since?: string): Promise<Pull> {
  const res = await send('GET', since === undefined ? '/api/notifikasi' : `/api/notifikasi?since=${since}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as Pull;
}
/** The caller's unread digest of `jenis` (and link), or undefined. */
async function digest(who: Who, jenis: Notifikasi['jenis'], tautan?: string): Promise<Notifikasi | undefined> {
  const { data } = await inbox(who);
  return data.find((row) => row.jenis === jenis && !row.dibaca && (tautan === undefined || row.tautan === tautan));
}
const count = (row: Notifikasi | undefined) => Number(/^(\d+) /.exec(row?.isi ?? '')?.[1] ?? 0);
const readAll = async (who: Who) => expect((await send('POST', '/api/notifikasi/baca-semua', who)).statusCode).toBe(200);
const complete = async (p: { id: number; kompetensiIds: number[] }) =>
  send('POST', '/api/nilai/bulk', 'mentor', { payload: { nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor: 80 })) } });
const decide = (who: Who, action: 'approve' | 'reject' | 'cancel', id: number, catatan?: string) =>
  send('POST', `/api/review/${action}/${id}`, who, catatan === undefined ? {} : { payload: { catatan } });

describe(`Notifications (${testDbKind()})`, () => {
  it('should gather participants whose scores become complete into one digest per Pembimbing, never telling the mentor', async () => {
    await readAll('pembimbing');
    const a = await makePeserta(t, { scores: 'kosong' });
    const b = await makePeserta(t, { scores: 'kosong' });
    expect((await complete(a)).statusCode).toBe(200);
    expect(count(await digest('pembimbing', 'menunggu_persetujuan'))).toBe(1);
    expect((await complete(b)).statusCode).toBe(200);
    const { data } = await inbox('pembimbing');
    const unread = data.filter((row) => row.jenis === 'menunggu_persetujuan' && !row.dibaca);
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ judul: 'Menunggu persetujuan', isi: '2 peserta menunggu persetujuan Anda', tautan: '/approval?status=perlu_tindakan' });
    expect((await inbox('mentor')).data.filter((row) => row.jenis === 'menunggu_persetujuan')).toEqual([]);
    // A score save that changes nothing of the chain tells nobody more.
    expect((await complete(a)).statusCode).toBe(200);
    expect(count(await digest('pembimbing', 'menunggu_persetujuan'))).toBe(2);
    // A reset takes the participant out again.
    expect((await send('DELETE', `/api/nilai/peserta/${b.id}`, 'mentor')).statusCode).toBe(200);
    expect(count(await digest('pembimbing', 'menunggu_persetujuan'))).toBe(1);
  });

  it('should move a participant from the Pembimbing’s digest to every HR user’s when the Pembimbing approves', async () => {
    await Promise.all((['pembimbing', 'hr', 'hr2'] as const).map(readAll));
    const p = await makePeserta(t);
    const q = await makePeserta(t, { scores: 'kosong' });
    expect((await complete(q)).statusCode).toBe(200);
    // p was made complete past the API, so only q is in the Pembimbing's digest.
    expect(count(await digest('pembimbing', 'menunggu_persetujuan'))).toBe(1);
    expect((await decide('pembimbing', 'approve', q.id)).statusCode).toBe(200);
    expect(await digest('pembimbing', 'menunggu_persetujuan')).toBeUndefined();
    expect(count(await digest('hr', 'menunggu_persetujuan'))).toBe(1);
    expect(count(await digest('hr2', 'menunggu_persetujuan'))).toBe(1);
    expect((await decide('pembimbing', 'approve', p.id)).statusCode).toBe(200);
    expect(count(await digest('hr', 'menunggu_persetujuan'))).toBe(2);
    // HR approving one: it leaves both HR users' digests (the actor's too) and reaches BusHead.
    expect((await decide('hr', 'approve', q.id)).statusCode).toBe(200);
    expect(count(await digest('hr', 'menunggu_persetujuan'))).toBe(1);
    expect(count(await digest('hr2', 'menunggu_persetujuan'))).toBe(1);
    expect(count(await digest('bushead', 'menunggu_persetujuan'))).toBeGreaterThanOrEqual(1);
  });

  it('should keep one digest when many participants reach the step at once (concurrent saves)', async () => {
    await readAll('pembimbing');
    const many = await Promise.all(Array.from({ length: 8 }, () => makePeserta(t, { scores: 'kosong' })));
    const answers = await Promise.all(many.map(complete));
    expect(answers.map((res) => res.statusCode)).toEqual(many.map(() => 200));
    const unread = (await inbox('pembimbing')).data.filter((row) => row.jenis === 'menunggu_persetujuan' && !row.dibaca);
    expect(unread).toHaveLength(1);
    expect(count(unread[0])).toBe(8);
  });

  it('should tell the mentor and the earlier approvers of a rejection with its role and note, not the actor', async () => {
    const p = await makePeserta(t);
    expect((await decide('pembimbing', 'approve', p.id)).statusCode).toBe(200);
    expect((await decide('hr', 'reject', p.id, 'Nilai belum sesuai')).statusCode).toBe(200);
    for (const who of ['mentor', 'pembimbing'] as const) {
      const notice = (await inbox(who)).data.find((row) => row.jenis === 'ditolak' && row.isi.includes('Nilai belum sesuai'));
      expect(notice).toMatchObject({ judul: 'Peserta ditolak', dibaca: false });
      expect(notice?.isi).toMatch(/^Peserta Uji \d+ ditolak oleh HR: Nilai belum sesuai\. Nilai terkunci; hanya HR yang dapat membatalkan penolakan\.$/);
      expect(notice?.tautan).toBe(who === 'mentor' ? `/penilaian?peserta=${p.id}` : `/approval?peserta=${p.id}`);
    }
    for (const who of ['hr', 'hr2', 'bushead'] as const) {
      expect((await inbox(who)).data.some((row) => row.jenis === 'ditolak' && row.isi.includes('Nilai belum sesuai'))).toBe(false);
    }
  });

  it('should tell the mentor when a cancel lets them edit scores again', async () => {
    const p = await makePeserta(t);
    expect((await decide('pembimbing', 'approve', p.id)).statusCode).toBe(200);
    expect((await decide('pembimbing', 'cancel', p.id)).statusCode).toBe(200);
    const notice = (await inbox('mentor')).data.find((row) => row.jenis === 'dibatalkan' && row.tautan === `/penilaian?peserta=${p.id}`);
    expect(notice?.isi).toMatch(/^Pembimbing membatalkan keputusan untuk Peserta Uji \d+\. Nilai dapat diubah kembali\.$/);
  });

  it('should tell every HR user but the actor of a certificate ready, and take it back when BusHead cancels', async () => {
    await Promise.all((['hr', 'hr2'] as const).map(readAll));
    const p = await makePeserta(t, { reviews: { Pembimbing: 'Disetujui', HR: 'Disetujui' } });
    expect((await decide('bushead', 'approve', p.id)).statusCode).toBe(200);
    const ready = await digest('hr', 'sertifikat_siap', '/certificates/siswa');
    expect(ready).toMatchObject({ judul: 'Sertifikat siap dicetak', isi: '1 sertifikat SMK siap dicetak' });
    expect(count(await digest('hr2', 'sertifikat_siap'))).toBe(1);
    expect((await inbox('bushead')).data.some((row) => row.jenis === 'sertifikat_siap')).toBe(false);
    const { cursor } = await inbox('hr');
    expect((await decide('bushead', 'cancel', p.id)).statusCode).toBe(200);
    expect(await digest('hr', 'sertifikat_siap')).toBeUndefined();
    // The emptied digest is gone for a device that pulls since before.
    const since = await inbox('hr', cursor);
    expect(since.deleted).toContain(ready?.id);
  });

  it('should create nothing for a change the rules refuse (409)', async () => {
    const p = await makePeserta(t, { reviews: { Pembimbing: 'Disetujui' } });
    const before = await Promise.all((['mentor', 'pembimbing', 'hr', 'hr2', 'bushead'] as const).map((who) => inbox(who)));
    expect((await decide('pembimbing', 'reject', p.id, 'Terlambat')).statusCode).toBe(409);
    expect((await decide('bushead', 'approve', p.id)).statusCode).toBe(409);
    const after = await Promise.all((['mentor', 'pembimbing', 'hr', 'hr2', 'bushead'] as const).map((who) => inbox(who)));
    expect(after.map((pull) => pull.data)).toEqual(before.map((pull) => pull.data));
  });

  it('should pull only what changed since a cursor, mark one read, refuse another user’s, and mark all read', async () => {
    await readAll('pembimbing');
    const first = await inbox('pembimbing');
    expect(first.belum_dibaca).toBe(0);
    const p = await makePeserta(t, { scores: 'kosong' });
    expect((await complete(p)).statusCode).toBe(200);
    const since = await inbox('pembimbing', first.cursor);
    expect(since.data.map((row) => row.jenis)).toEqual(['menunggu_persetujuan']);
    expect(since.belum_dibaca).toBe(1);
    const id = since.data[0]!.id;
    expect((await send('POST', `/api/notifikasi/${id}/baca`, 'hr')).statusCode).toBe(404);
    const read = await send('POST', `/api/notifikasi/${id}/baca`, 'pembimbing');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ message: 'Notifikasi ditandai dibaca', belum_dibaca: 0 });
    // Again: no change, same answer.
    expect((await send('POST', `/api/notifikasi/${id}/baca`, 'pembimbing')).json()).toEqual({ message: 'Notifikasi ditandai dibaca', belum_dibaca: 0 });
    expect((await inbox('pembimbing', since.cursor)).data).toMatchObject([{ id, dibaca: true }]);
    // A read digest stays as it was; the next arrival starts a new one.
    const q = await makePeserta(t, { scores: 'kosong' });
    expect((await complete(q)).statusCode).toBe(200);
    const fresh = await digest('pembimbing', 'menunggu_persetujuan');
    expect(fresh?.id).not.toBe(id);
    expect(count(fresh)).toBe(1);
    // Up to what the user saw: a notification that came after stays unread.
    const seen = fresh!.dibuat;
    const r = await makePeserta(t);
    expect((await decide('pembimbing', 'approve', r.id)).statusCode).toBe(200);
    expect((await decide('hr', 'reject', r.id, 'Belum lengkap')).statusCode).toBe(200);
    const later = (await inbox('pembimbing')).data.find((row) => row.jenis === 'ditolak' && row.isi.includes('Belum lengkap'));
    expect(later?.dibaca).toBe(false);
    const upTo = await send('POST', '/api/notifikasi/baca-semua', 'pembimbing', { payload: { sampai: seen } });
    expect(upTo.json()).toEqual({ message: 'Semua notifikasi ditandai dibaca', belum_dibaca: 1 });
    expect((await inbox('pembimbing')).data.find((row) => row.id === fresh!.id)?.dibaca).toBe(true);
    expect((await send('POST', '/api/notifikasi/baca-semua', 'pembimbing', { payload: { sampai: 'kemarin' } })).statusCode).toBe(400);
    const all = await send('POST', '/api/notifikasi/baca-semua', 'pembimbing');
    expect(all.json()).toEqual({ message: 'Semua notifikasi ditandai dibaca', belum_dibaca: 0 });
    expect((await inbox('pembimbing')).data.every((row) => row.dibaca)).toBe(true);
  });

  it('should answer 400 for a bad cursor or id and 401 without a token', async () => {
    expect((await send('GET', '/api/notifikasi?since=abc', 'hr')).statusCode).toBe(400);
    expect((await send('POST', '/api/notifikasi/abc/baca', 'hr')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifikasi' })).statusCode).toBe(401);
  });

  it('should take a deleted participant out of every unread digest', async () => {
    await readAll('pembimbing');
    const p = await makePeserta(t, { scores: 'kosong' });
    expect((await complete(p)).statusCode).toBe(200);
    expect(count(await digest('pembimbing', 'menunggu_persetujuan'))).toBe(1);
    expect((await send('DELETE', `/api/peserta/${p.id}`, 'hr')).statusCode).toBe(200);
    expect(await digest('pembimbing', 'menunggu_persetujuan')).toBeUndefined();
  });
});
