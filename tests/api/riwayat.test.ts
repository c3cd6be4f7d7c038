// Riwayat: the append-only history of scores and decisions (server/services/riwayat.ts). One
// row per change, written in its transaction; a replayed Idempotency-Key recorded once; the
// device time of X-Dibuat-Pada bounded into [session start, now]; UPDATE / DELETE refused by the
// database itself; a deleted participant keeps its history; read as the other per-participant routes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIWAYAT_MSG, type RiwayatEntry } from '../../src/domain/riwayat';
import { riwayat } from '../../server/db/schema-riwayat';
import { type DemoUsername, demoTokens, tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { addMentor, makePeserta, send as sendAs, storedScores, userIdOf } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let otherMentor: string;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  await addMentor(t, 'mentor-riwayat');
  otherMentor = await tokenOf(t, 'mentor-riwayat');
});
afterAll(() => t.close());

let n = 0;
const newKey = () => `riwayat-${++n}-${Math.random().toString(36).slice(2)}`;

/** A request as `who` (the shared helper, with its Idempotency-Key, X-Dibuat-Pada and payload options). */
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: DemoUsername, options: Parameters<typeof sendAs>[4] = {}) =>
  sendAs(t, method, url, tokens[who], options);

const history = async (id: number, who: DemoUsername = 'hr'): Promise<RiwayatEntry[]> => {
  const res = await send('GET', `/api/riwayat/peserta/${id}`, who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: RiwayatEntry[] }).data;
};
const save = (who: DemoUsername, items: { peserta_id: number; kompetensi_id: number; skor: number }[], options: { key?: string; dibuatPada?: string } = {}) =>
  send('POST', '/api/nilai/bulk', who, { payload: { nilai_data: items }, ...options });
/** The `iat` of a demo token, in ms. */
const sessionStart = (who: DemoUsername) =>
  (JSON.parse(Buffer.from(tokens[who].split('.')[1] ?? '', 'base64url').toString()) as { iat: number }).iat * 1000;

describe(`Riwayat (${testDbKind()})`, () => {
  it('should record a score save per competency (old → new, null when new), unchanged scores left out', async () => {
    const p = await makePeserta(t, { scores: 'sebagian' });
    const [first, second] = p.kompetensiIds as [number, number];
    const res = await save('mentor', [
      { peserta_id: p.id, kompetensi_id: first, skor: 90 },
      { peserta_id: p.id, kompetensi_id: second, skor: 60 },
    ]);
    expect(res.statusCode).toBe(200);
    // A resend of the same scores changes nothing and records nothing.
    expect((await save('mentor', [{ peserta_id: p.id, kompetensi_id: first, skor: 90 }])).statusCode).toBe(200);
    const rows = await history(p.id);
    expect(rows).toHaveLength(1);
    const mentorId = await userIdOf(t, 'mentor');
    expect(rows[0]).toMatchObject({
      jenis: 'nilai',
      oleh: { id: mentorId, username: 'mentor', role: 'Mentor' },
      waktu_perangkat: null,
      offline: false,
      catatan: null,
    });
    expect(rows[0]?.perubahan).toEqual([
      { kompetensi_id: first, kompetensi: expect.any(String), sebelum: 75, sesudah: 90 },
      { kompetensi_id: second, kompetensi: expect.any(String), sebelum: null, sesudah: 60 },
    ]);
    expect(Date.parse(rows[0]?.waktu_server ?? '')).not.toBeNaN();
  });

  it('should record a reset, approve, reject (with its note) and cancel, one row each, newest first', async () => {
    const p = await makePeserta(t);
    expect((await send('POST', `/api/review/approve/${p.id}`, 'pembimbing', { payload: { catatan: 'Bagus' } })).statusCode).toBe(200);
    expect((await send('POST', `/api/review/cancel/${p.id}`, 'pembimbing')).statusCode).toBe(200);
    expect((await send('POST', `/api/review/reject/${p.id}`, 'pembimbing', { payload: { catatan: 'Kurang rapi' } })).statusCode).toBe(200);
    expect((await send('POST', `/api/review/cancel/${p.id}`, 'pembimbing')).statusCode).toBe(200);
    expect((await send('DELETE', `/api/nilai/peserta/${p.id}`, 'mentor')).statusCode).toBe(200);
    const rows = await history(p.id, 'bushead');
    expect(rows.map((row) => row.jenis)).toEqual(['reset', 'cancel', 'reject', 'cancel', 'approve']);
    expect(rows.map((row) => row.catatan)).toEqual([null, null, 'Kurang rapi', null, 'Bagus']);
    expect(rows[2]?.oleh).toMatchObject({ username: 'pembimbing', role: 'Pembimbing' });
    expect(rows.slice(1).every((row) => row.perubahan.length === 0)).toBe(true);
    // The reset lists every score it deleted.
    expect(rows[0]?.perubahan).toHaveLength(p.kompetensiIds.length);
    expect(rows[0]?.perubahan.every((change) => change.sebelum !== null && change.sesudah === null)).toBe(true);
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('should record nothing for a change the rules refuse (409)', async () => {
    const p = await makePeserta(t, { reviews: { Pembimbing: 'Disetujui' } });
    expect((await save('mentor', [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0]!, skor: 50 }])).statusCode).toBe(409);
    expect((await send('POST', `/api/review/approve/${p.id}`, 'pembimbing')).statusCode).toBe(409);
    expect(await history(p.id)).toEqual([]);
  });

  it('should record a change replayed with the same Idempotency-Key once', async () => {
    const p = await makePeserta(t);
    const key = newKey();
    const item = [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0]!, skor: 99 }];
    const first = await save('mentor', item, { key });
    const repeat = await save('mentor', item, { key });
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    const approveKey = newKey();
    await send('POST', `/api/review/approve/${p.id}`, 'pembimbing', { key: approveKey });
    await send('POST', `/api/review/approve/${p.id}`, 'pembimbing', { key: approveKey });
    expect((await history(p.id)).map((row) => row.jenis)).toEqual(['approve', 'nilai']);
  });

  describe('device time (X-Dibuat-Pada)', () => {
    it('should record the device time of a change that waited, and mark it offline', async () => {
      const p = await makePeserta(t);
      // A time after the session began and before now.
      const start = sessionStart('mentor');
      while (Date.now() < start + 1500) await new Promise((resolve) => setTimeout(resolve, 100));
      const dibuat = new Date(start + 1000).toISOString();
      expect((await save('mentor', [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0]!, skor: 42 }], { dibuatPada: dibuat })).statusCode).toBe(200);
      const [row] = await history(p.id);
      expect(row).toMatchObject({ offline: true, waktu_perangkat: dibuat });
    });

    it('should clamp a time in the future to the server time', async () => {
      const p = await makePeserta(t);
      const before = Date.now();
      await send('DELETE', `/api/nilai/peserta/${p.id}`, 'hr', { dibuatPada: '2099-01-01T00:00:00+07:00' });
      const [row] = await history(p.id);
      const device = Date.parse(row?.waktu_perangkat ?? '');
      expect(row?.offline).toBe(true);
      expect(device).toBeGreaterThanOrEqual(before - 1000);
      expect(device).toBeLessThanOrEqual(Date.now());
    });

    it("should clamp a time before the session began up to the token's iat", async () => {
      const p = await makePeserta(t);
      await send('POST', `/api/review/approve/${p.id}`, 'pembimbing', { dibuatPada: '2001-02-03T04:05:06Z' });
      const [row] = await history(p.id);
      expect(row).toMatchObject({ jenis: 'approve', offline: true, waktu_perangkat: new Date(sessionStart('pembimbing')).toISOString() });
    });

    it.each(['kemarin', '2026-13-01T00:00:00Z', '2026-01-05', '2026-01-05T10:00:00', ''])(
      'should refuse X-Dibuat-Pada %j with 400 and change nothing',
      async (value) => {
        const p = await makePeserta(t);
        const scoresBefore = await storedScores(t, p.id);
        const res = await save('mentor', [{ peserta_id: p.id, kompetensi_id: p.kompetensiIds[0]!, skor: 10 }], { dibuatPada: value });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: RIWAYAT_MSG.invalidDeviceTime });
        const decided = await send('POST', `/api/review/reject/${p.id}`, 'pembimbing', { payload: { catatan: 'x' }, dibuatPada: value });
        expect(decided.statusCode).toBe(400);
        expect(await storedScores(t, p.id)).toEqual(scoresBefore);
        expect(await history(p.id)).toEqual([]);
      },
    );
  });

  it('should refuse UPDATE, DELETE and TRUNCATE of the history in the database itself', async () => {
    const p = await makePeserta(t);
    await send('POST', `/api/review/approve/${p.id}`, 'pembimbing');
    /** The database's own refusal (drizzle wraps it as the error's cause). */
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    expect(await refusal(t.db.execute(sql`update riwayat set catatan = 'diubah' where peserta_id = ${p.id}`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.execute(sql`delete from riwayat where peserta_id = ${p.id}`))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`truncate riwayat`))).toMatch(/append-only: TRUNCATE/);
    expect(await history(p.id)).toHaveLength(1);
  });

  it("should keep a deleted participant's history, with its name as it was", async () => {
    const p = await makePeserta(t, { mentor: null });
    await send('POST', `/api/review/approve/${p.id}`, 'pembimbing');
    expect((await send('DELETE', `/api/peserta/${p.id}`, 'hr')).statusCode).toBe(200);
    const rows = await t.db.select().from(riwayat).where(eq(riwayat.peserta_id, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.peserta_nama).toMatch(/^Peserta Uji /);
    expect((await send('GET', `/api/riwayat/peserta/${p.id}`, 'hr')).statusCode).toBe(404);
  });

  it("should let a Mentor read only its own participants' history", async () => {
    const p = await makePeserta(t);
    await send('POST', `/api/review/approve/${p.id}`, 'pembimbing');
    expect(await history(p.id, 'mentor')).toHaveLength(1);
    const other = await t.app.inject({ method: 'GET', url: `/api/riwayat/peserta/${p.id}`, headers: { authorization: `Bearer ${otherMentor}` } });
    expect(other.statusCode).toBe(403);
    expect((await send('GET', '/api/riwayat/peserta/999999', 'hr')).statusCode).toBe(404);
    expect((await send('GET', '/api/riwayat/peserta/abc', 'hr')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/riwayat/peserta/${p.id}` })).statusCode).toBe(401);
  });
});
