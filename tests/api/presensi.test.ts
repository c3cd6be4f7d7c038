// PUT /api/presensi, GET /api/presensi/peserta/{id} and the incremental GET /api/presensi on PGlite
// and PostgreSQL: who may mark, which dates, the lock, all or none, idempotent replay, and the
// cursor. The test participants' internships run 2026-01-05 (a Monday) to 2026-04-03.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISETUJUI, PEMBIMBING } from '../../src/domain/approval-chain';
import { jakartaDate } from '../../src/domain/dates';
import { SERVER_MSG } from '../../src/domain/messages';
import { PRESENSI_MSG, type PresensiStatus, addDays, presensiChangedElsewhere } from '../../src/domain/presensi';
import { peserta } from '../../server/db/schema';
import { presensi } from '../../server/db/schema-presensi';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { addMentor, makePeserta, send } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const MONDAY = '2026-01-05';
const mark = (peserta_id: number, tanggal = MONDAY, status = 'Hadir', catatan?: string) => ({ peserta_id, tanggal, status, ...(catatan ? { catatan } : {}) });
const put = (token: string, marks: unknown[], key?: string) => send(t, 'PUT', '/api/presensi', token, { payload: { presensi: marks }, ...(key ? { key } : {}) });
const stored = (id: number) => t.db.select().from(presensi).where(eq(presensi.peserta_id, id)).orderBy(presensi.tanggal);

describe(`PUT /api/presensi (${testDbKind()})`, () => {
  it("should store a mentor's marks for a group at once and answer them with the participants' states", async () => {
    const [a, b] = [await makePeserta(t), await makePeserta(t)];
    const answer = await put(tokens.mentor, [mark(a.id), mark(b.id, MONDAY, 'Izin', 'Ujian sekolah'), mark(a.id, '2026-01-06', 'Sakit')]);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.data).toEqual([
      { peserta_id: a.id, tanggal: MONDAY, status: 'Hadir', catatan: null },
      { peserta_id: a.id, tanggal: '2026-01-06', status: 'Sakit', catatan: null },
      { peserta_id: b.id, tanggal: MONDAY, status: 'Izin', catatan: 'Ujian sekolah' },
    ]);
    expect(body.states.map((state: { peserta_id: number }) => state.peserta_id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    const read = await call(t, 'GET', `/api/presensi/peserta/${a.id}`, tokens.pembimbing);
    expect(read.json().data).toEqual(body.data.filter((m: { peserta_id: number }) => m.peserta_id === a.id));
  });

  it('should correct a mark in place, and leave an unchanged resend unwritten', async () => {
    const p = await makePeserta(t);
    await put(tokens.mentor, [mark(p.id)]);
    const [first] = await stored(p.id);
    await put(tokens.mentor, [mark(p.id)]);
    const [again] = await stored(p.id);
    expect(again?.change_xid).toBe(first?.change_xid);
    await put(tokens.mentor, [mark(p.id, MONDAY, 'Alpa')]);
    const rows = await stored(p.id);
    expect(rows.map((row) => row.status)).toEqual(['Alpa']);
    expect(Number(rows[0]?.change_xid)).toBeGreaterThan(Number(first?.change_xid));
  });

  it.each([
    ['before the internship', '2026-01-04', PRESENSI_MSG.outsidePeriod],
    ['after the internship', '2026-04-04', PRESENSI_MSG.outsidePeriod],
    ['a Sunday', '2026-01-11', PRESENSI_MSG.notWorkingDay],
  ])('should refuse a date %s with 400 and store nothing of the request', async (_, tanggal, message) => {
    const p = await makePeserta(t);
    const answer = await put(tokens.mentor, [mark(p.id), mark(p.id, tanggal)]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: `${message} (${tanggal})` });
    expect(await stored(p.id)).toEqual([]);
  });

  it('should refuse a date after today (Jakarta)', async () => {
    const p = await makePeserta(t);
    await t.db.update(peserta).set({ tanggal_selesai: '2099-12-31' }).where(eq(peserta.id, p.id));
    let tomorrow = addDays(jakartaDate(new Date()), 1);
    while (new Date(`${tomorrow}T00:00:00Z`).getUTCDay() === 0) tomorrow = addDays(tomorrow, 1);
    const answer = await put(tokens.mentor, [mark(p.id, tomorrow)]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: `${PRESENSI_MSG.future} (${tomorrow})` });
  });

  it('should answer 400 for bad input, 404 for an unknown participant, 403 for another mentor\'s, changing nothing', async () => {
    const p = await makePeserta(t);
    for (const body of [{}, { presensi: [] }, { presensi: [mark(p.id, MONDAY, 'Libur')] }, { presensi: [mark(p.id, MONDAY, 'Izin')] }, { presensi: [mark(p.id), mark(p.id)] }]) {
      const answer = await send(t, 'PUT', '/api/presensi', tokens.mentor, { payload: body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await put(tokens.mentor, [mark(p.id), mark(999_999)]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_MSG.notFound });
    await addMentor(t, 'mentor-presensi');
    const other = await makePeserta(t, { mentor: 'mentor-presensi' });
    expect((await put(tokens.mentor, [mark(p.id), mark(other.id)])).statusCode).toBe(403);
    expect(await stored(p.id)).toEqual([]);
    for (const who of ['pembimbing', 'bushead'] as const) expect((await put(tokens[who], [mark(p.id)])).statusCode).toBe(403);
  });

  it('should lock the mentor once the Pembimbing decided (409 with the state when keyed), and let HR correct', async () => {
    const p = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
    const refused = await put(tokens.mentor, [mark(p.id)], `presensi-lock-${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: PRESENSI_MSG.locked, state: { peserta_id: p.id } });
    expect(await stored(p.id)).toEqual([]);
    expect((await put(tokens.hr, [mark(p.id, MONDAY, 'Sakit')])).statusCode).toBe(200);
    expect((await stored(p.id)).map((row) => row.status)).toEqual(['Sakit']);
  });

  it("should record HR's corrections in the participant's history, and not the mentor's own marks", async () => {
    const p = await makePeserta(t);
    await put(tokens.mentor, [mark(p.id), mark(p.id, '2026-01-06')]);
    const history = async () => (await call(t, 'GET', `/api/riwayat/peserta/${p.id}`, tokens.hr)).json().data as { jenis: string }[];
    expect((await history()).filter((row) => row.jenis === 'presensi')).toEqual([]);
    const corrected = await send(t, 'PUT', '/api/presensi', tokens.hr, {
      payload: { presensi: [mark(p.id, MONDAY, 'Sakit'), mark(p.id, '2026-01-06'), mark(p.id, '2026-01-07', 'Alpa')] },
      dibuatPada: '2000-01-01T00:00:00Z',
    });
    expect(corrected.statusCode).toBe(200);
    const [row, ...others] = (await history()).filter((entry) => entry.jenis === 'presensi');
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      jenis: 'presensi',
      oleh: { username: 'hr', role: 'HR' },
      offline: true,
      perubahan: [],
      presensi: [
        { tanggal: MONDAY, sebelum: 'Hadir', sesudah: 'Sakit' },
        { tanggal: '2026-01-07', sebelum: null, sesudah: 'Alpa' },
      ],
    });
  });

  it('should apply a replayed request once and answer the first answer again', async () => {
    const p = await makePeserta(t);
    const key = `presensi-replay-${p.id}`;
    const first = await put(tokens.mentor, [mark(p.id)], key);
    await put(tokens.hr, [mark(p.id, MONDAY, 'Alpa')]);
    const repeat = await put(tokens.mentor, [mark(p.id)], key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect((await stored(p.id)).map((row) => row.status)).toEqual(['Alpa']);
  });

  it('should let the first of two devices marking the same day win and tell the other, with the status now', async () => {
    const p = await makePeserta(t);
    const seenNothing = (status: string) => ({ ...mark(p.id, MONDAY, status), sebelumnya: null });
    const [a, b] = await Promise.all([put(tokens.mentor, [seenNothing('Hadir')]), put(tokens.mentor, [seenNothing('Sakit')])]);
    const answers = [a, b];
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200);
    const lost = answers.find((answer) => answer.statusCode === 409);
    const winner = won?.json().data[0].status as PresensiStatus;
    expect(lost?.json().message).toBe(presensiChangedElsewhere(MONDAY, winner));
    expect((await stored(p.id)).map((row) => row.status)).toEqual([winner]);
    // The loser, having seen the winner's mark, may change it; one that saw a stale status may not.
    expect((await put(tokens.mentor, [{ ...mark(p.id, MONDAY, 'Alpa'), sebelumnya: winner }])).statusCode).toBe(200);
    const stale = await put(tokens.mentor, [{ ...mark(p.id, MONDAY, 'Hadir'), sebelumnya: winner }, mark(p.id, '2026-01-06')]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(presensiChangedElsewhere(MONDAY, 'Alpa'));
    expect((await stored(p.id)).map((row) => row.status)).toEqual(['Alpa']); // all or none: 01-06 not stored
    // Asking for the status already stored is no conflict; a mark without `sebelumnya` replaces (outside clients).
    expect((await put(tokens.mentor, [{ ...mark(p.id, MONDAY, 'Alpa'), sebelumnya: null }])).statusCode).toBe(200);
    expect((await put(tokens.hr, [mark(p.id, MONDAY, 'Izin', 'Surat dari sekolah')])).statusCode).toBe(200);
    expect((await stored(p.id)).map((row) => row.status)).toEqual(['Izin']);
    expect((await put(tokens.mentor, [{ ...mark(p.id, MONDAY, 'Hadir'), sebelumnya: 'Bolos' }])).statusCode).toBe(400);
  });
});

describe('GET /api/presensi (incremental pull)', () => {
  it("should give a mentor their own participants' marks, then only what changed since the cursor", async () => {
    const mine = await makePeserta(t);
    await addMentor(t, 'mentor-pull');
    const theirs = await makePeserta(t, { mentor: 'mentor-pull' });
    await put(tokens.mentor, [mark(mine.id)]);
    await put(tokens.hr, [mark(theirs.id)]);
    const full = await call(t, 'GET', '/api/presensi', tokens.mentor);
    expect(full.statusCode).toBe(200);
    const ids = new Set(full.json().data.map((m: { peserta_id: number }) => m.peserta_id));
    expect(ids.has(mine.id)).toBe(true);
    expect(ids.has(theirs.id)).toBe(false);
    const { cursor } = full.json();
    await put(tokens.mentor, [mark(mine.id, '2026-01-06')]);
    const since = await call(t, 'GET', `/api/presensi?since=${cursor}`, tokens.mentor);
    expect(since.json().data).toContainEqual({ peserta_id: mine.id, tanggal: '2026-01-06', status: 'Hadir', catatan: null });
    // Whatever comes again is a duplicate of what the full pull had, never a miss.
    for (const item of since.json().data) {
      if (item.tanggal !== '2026-01-06' || item.peserta_id !== mine.id) expect(full.json().data).toContainEqual(item);
    }
    expect((await call(t, 'GET', '/api/presensi?since=abc', tokens.mentor)).statusCode).toBe(400);
  });
});

describe('GET /api/presensi/rekap', () => {
  it('should count each participant of the division in the period: statuses, recorded days, working days, share present', async () => {
    const created = await call(t, 'POST', '/api/divisi', tokens.hr, { nama: `Divisi Rekap ${testDbKind()}` });
    expect(created.statusCode).toBe(201);
    const divisiId = created.json().data.id as number;
    const divisiNama = created.json().data.nama as string;
    const [a, b, late] = [await makePeserta(t, { divisiNama }), await makePeserta(t, { divisiNama }), await makePeserta(t, { divisiNama })];
    await t.db.update(peserta).set({ tanggal_masuk: '2026-01-08' }).where(eq(peserta.id, late.id));
    await put(tokens.mentor, [
      mark(a.id, '2026-01-05'),
      mark(a.id, '2026-01-06'),
      mark(a.id, '2026-01-07', 'Izin', 'Keperluan keluarga'),
      mark(a.id, '2026-01-08', 'Sakit'),
      mark(a.id, '2026-01-12', 'Alpa'), // after the period asked for
      mark(late.id, '2026-01-09'),
    ]);
    const answer = await call(t, 'GET', `/api/presensi/rekap?from=2026-01-05&to=2026-01-10&divisi_id=${divisiId}`, tokens.hr);
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().data as { peserta_id: number }[];
    const row = (id: number) => rows.find((r) => r.peserta_id === id);
    expect(rows).toHaveLength(3);
    expect(row(a.id)).toMatchObject({ jenjang: 'SMK', divisi: divisiNama, hadir: 2, izin: 1, sakit: 1, alpa: 0, tercatat: 4, hari_kerja: 6, persen_hadir: 50 });
    expect(row(b.id)).toMatchObject({ hadir: 0, tercatat: 0, hari_kerja: 6, persen_hadir: null });
    expect(row(late.id)).toMatchObject({ hadir: 1, tercatat: 1, hari_kerja: 3, persen_hadir: 100 });
    const mahasiswa = await call(t, 'GET', `/api/presensi/rekap?from=2026-01-05&to=2026-01-10&divisi_id=${divisiId}&jenjang=Mahasiswa`, tokens.hr);
    expect(mahasiswa.json().data).toEqual([]);

    // Without a level or division (every mark of the period grouped): the same rows and counts.
    const whole = async () => (await call(t, 'GET', '/api/presensi/rekap?from=2026-01-05&to=2026-01-10', tokens.hr)).json().data as { peserta_id: number }[];
    const everyone = await whole();
    for (const made of [a, b, late]) expect(everyone.find((r) => r.peserta_id === made.id)).toEqual(row(made.id));
    // An internship moved out of the period: its marks stay, it is not listed, nothing else moves.
    await t.db.update(peserta).set({ tanggal_masuk: '2026-02-02', tanggal_selesai: '2026-04-30' }).where(eq(peserta.id, late.id));
    const after = await whole();
    expect(after.find((r) => r.peserta_id === late.id)).toBeUndefined();
    expect(after.find((r) => r.peserta_id === a.id)).toEqual(row(a.id));
    expect(after).toHaveLength(everyone.length - 1);
  });

  it.each([
    ['', 400],
    ['?from=2026-01-10&to=2026-01-05', 400],
    ['?from=2026-01-05&to=2026-02-30', 400],
    ['?from=2026-01-01&to=2028-01-02', 400],
    ['?from=2026-01-05&to=2026-01-10&jenjang=SD', 400],
    ['?from=2026-01-05&to=2026-01-10&divisi_id=abc', 400],
    ['?from=2026-01-05&to=2026-01-10&divisi_id=99999999999', 400],
  ])('should answer %s with %i', async (query, status) => {
    expect((await call(t, 'GET', `/api/presensi/rekap${query}`, tokens.hr)).statusCode).toBe(status);
  });
});
