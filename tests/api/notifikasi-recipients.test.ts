// Who a rejection reaches (server/services/notifikasi.ts): the mentor and the earlier approvers,
// each checked against their role when the notification is made, not when they decided — a
// former Pembimbing now a Mentor of others may not see the participant and is told nothing; one
// now HR still sees every participant and is told; a deleted one is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notifikasi } from '../../src/domain/notifikasi';
import type { Role } from '../../src/domain/roles';
import { tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { addUser, makePeserta, send } from '../helpers/nilai';

let t: TestApp;
let hr: string;
beforeAll(async () => {
  t = await buildTestApp();
  hr = await tokenOf(t, 'hr');
});
afterAll(() => t.close());

/** The rejections with `catatan` in the inbox of `username` (a token signed now: the current role). */
async function rejections(username: string, catatan: string): Promise<Notifikasi[]> {
  const res = await send(t, 'GET', '/api/notifikasi', await tokenOf(t, username));
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Notifikasi[] }).data.filter((row) => row.jenis === 'ditolak' && row.isi.includes(catatan));
}

/** A complete participant approved by `username` (a Pembimbing), whose role HR then sets to `role`. */
async function approvedThenMoved(username: string, role: Role): Promise<number> {
  const id = await addUser(t, username, 'Pembimbing');
  const p = await makePeserta(t);
  expect((await send(t, 'POST', `/api/review/approve/${p.id}`, await tokenOf(t, username))).statusCode).toBe(200);
  expect((await send(t, 'PUT', `/api/users/${id}`, hr, { payload: { username, role } })).statusCode).toBe(200);
  return p.id;
}

const reject = (pesertaId: number, catatan: string) => send(t, 'POST', `/api/review/reject/${pesertaId}`, hr, { payload: { catatan } });

describe(`Notification recipients checked against their current role (${testDbKind()})`, () => {
  it('should tell the mentor of a rejection but not an approver since made a Mentor of other participants', async () => {
    const pesertaId = await approvedThenMoved('pembimbing-lama', 'Mentor');
    expect((await reject(pesertaId, 'Peran berubah')).statusCode).toBe(200);
    expect(await rejections('pembimbing-lama', 'Peran berubah')).toEqual([]);
    expect(await rejections('mentor', 'Peran berubah')).toMatchObject([{ judul: 'Peserta ditolak', tautan: `/penilaian?peserta=${pesertaId}`, dibaca: false }]);
  });

  it('should still tell an earlier approver whose new role sees every participant (HR)', async () => {
    const pesertaId = await approvedThenMoved('pembimbing-naik', 'HR');
    expect((await reject(pesertaId, 'Tetap diberi tahu')).statusCode).toBe(200);
    expect(await rejections('pembimbing-naik', 'Tetap diberi tahu')).toMatchObject([{ tautan: `/approval?peserta=${pesertaId}` }]);
    expect(await rejections('mentor', 'Tetap diberi tahu')).toHaveLength(1);
  });

  it('should tell the mentor of a rejection whose earlier approver was deleted', async () => {
    const id = await addUser(t, 'pembimbing-hapus', 'Pembimbing');
    const p = await makePeserta(t);
    expect((await send(t, 'POST', `/api/review/approve/${p.id}`, await tokenOf(t, 'pembimbing-hapus'))).statusCode).toBe(200);
    expect((await send(t, 'DELETE', `/api/users/${id}`, hr)).statusCode).toBe(200);
    expect((await reject(p.id, 'Akun dihapus')).statusCode).toBe(200);
    expect(await rejections('mentor', 'Akun dihapus')).toHaveLength(1);
  });
});
