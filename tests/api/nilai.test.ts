import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSHEAD,
  DISETUJUI,
  DITOLAK,
  HR,
  PEMBIMBING,
  type ApprovalStep,
  type ReviewStatus,
  TIDAK_DILANJUTKAN,
} from '../../src/domain/approval-chain';
import { SERVER_MSG } from '../../src/domain/messages';
import { NILAI_MSG } from '../../src/domain/nilai';
import { deletions, divisi, divisiKategori, kompetensi, nilai, peserta } from '../../server/db/schema';
import { BAD_IDS, type DemoUsername, demoTokens, tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { addMentor, makePeserta, send, storedScores, storedStatuses } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let otherMentor: string;
let mahasiswaKompetensi: number;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  await addMentor(t, 'mentor-lain');
  otherMentor = await tokenOf(t, 'mentor-lain');
  mahasiswaKompetensi = (await makePeserta(t, { jenjang: 'Mahasiswa', scores: 'kosong' })).kompetensiIds[0] as number;
});
afterAll(() => t.close());

type Reviews = Partial<Record<ApprovalStep, ReviewStatus>>;
const stopped: Reviews = { [PEMBIMBING]: DITOLAK, [HR]: TIDAK_DILANJUTKAN, [BUSHEAD]: TIDAK_DILANJUTKAN };
const bulk = (who: DemoUsername | string, items: { peserta_id: number; kompetensi_id: number; skor: number }[], token?: string) =>
  send(t, 'POST', '/api/nilai/bulk', token ?? tokens[who as DemoUsername], { payload: { nilai_data: items } });
const allScores = (p: { id: number; kompetensiIds: number[] }, skor: number) =>
  p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor }));
const rowCount = async (pesertaId: number) => (await t.db.select().from(nilai).where(eq(nilai.peserta_id, pesertaId))).length;

/** A division with two active SMK competencies, an inactive SMK one and a Mahasiswa one. */
async function makeDivisi(nama: string) {
  const [row] = await t.db.insert(divisi).values({ nama }).returning({ id: divisi.id });
  const divisiId = (row as { id: number }).id;
  const rows = await t.db
    .insert(kompetensi)
    .values([
      { nama: `${nama} Zeta`, jenjang: 'SMK', aktif: true },
      { nama: `${nama} alfa`, jenjang: 'SMK', aktif: true },
      { nama: `${nama} Nonaktif`, jenjang: 'SMK', aktif: false },
      { nama: `${nama} Mahasiswa`, jenjang: 'Mahasiswa', aktif: true },
    ])
    .returning({ id: kompetensi.id, nama: kompetensi.nama });
  await t.db.insert(divisiKategori).values(rows.map((k) => ({ divisi_id: divisiId, kompetensi_id: k.id })));
  return { divisiId, kompetensi: rows };
}

describe('GET /api/nilai/divisi/:divisiId/kompetensi', () => {
  it.each(['hr', 'pembimbing', 'mentor', 'bushead'] as const)('should list the active competencies of the level by name for %s', async (who) => {
    const made = await makeDivisi(`Divisi Uji ${who}`);
    const response = await send(t, 'GET', `/api/nilai/divisi/${made.divisiId}/kompetensi?jenjang=SMK`, tokens[who]);
    expect(response.statusCode).toBe(200);
    const [zeta, alfa] = made.kompetensi;
    expect(response.json()).toEqual({
      data: [
        { id: alfa?.id, nama: alfa?.nama, jenjang: 'SMK', aktif: true },
        { id: zeta?.id, nama: zeta?.nama, jenjang: 'SMK', aktif: true },
      ],
    });
    const mahasiswa = await send(t, 'GET', `/api/nilai/divisi/${made.divisiId}/kompetensi?jenjang=Mahasiswa`, tokens[who]);
    expect(mahasiswa.json().data.map((k: { nama: string }) => k.nama)).toEqual([`Divisi Uji ${who} Mahasiswa`]);
  });

  it('should list the four demo competencies of a demo division', async () => {
    const [ops] = await t.db.select().from(divisi).where(eq(divisi.nama, 'Operasional Toko'));
    const response = await send(t, 'GET', `/api/nilai/divisi/${ops?.id}/kompetensi?jenjang=SMK`, tokens.mentor);
    expect(response.json().data.map((k: { nama: string }) => k.nama)).toEqual([
      'Disiplin dan Kehadiran',
      'Komunikasi dan Kerja Sama Tim',
      'Pelayanan Pelanggan',
      'Penataan Barang (Display)',
    ]);
  });

  it.each(['', '?jenjang=', '?jenjang=Siswa', '?jenjang=smk'])('should answer 400 for the query %j', async (query) => {
    const response = await send(t, 'GET', `/api/nilai/divisi/1/kompetensi${query}`, tokens.hr);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Jenjang (wajib diisi|tidak valid)$/);
  });

  it('should answer 404 for an unknown division, 400 for a bad id and 401 without a token', async () => {
    expect((await send(t, 'GET', '/api/nilai/divisi/999999/kompetensi?jenjang=SMK', tokens.hr)).statusCode).toBe(404);
    for (const bad of BAD_IDS) expect((await send(t, 'GET', `/api/nilai/divisi/${bad}/kompetensi?jenjang=SMK`, tokens.hr)).statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/nilai/divisi/1/kompetensi?jenjang=SMK', null)).statusCode).toBe(401);
  });
});

describe('GET /api/nilai/peserta/:id', () => {
  it.each(['pembimbing', 'hr', 'bushead', 'mentor'] as const)("should return a participant's scores by competency name for %s", async (who) => {
    const p = await makePeserta(t);
    const response = await send(t, 'GET', `/api/nilai/peserta/${p.id}`, tokens[who]);
    expect(response.statusCode).toBe(200);
    const list = response.json().data.nilai as { id: number; peserta_id: number; kompetensi_id: number; skor: number; kompetensi: { nama: string } }[];
    expect(list).toHaveLength(p.kompetensiIds.length);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['id', 'kompetensi', 'kompetensi_id', 'peserta_id', 'skor']);
      expect(item).toMatchObject({ peserta_id: p.id, kompetensi: { nama: expect.any(String) } });
    }
    const names = list.map((item) => item.kompetensi.nama.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.fromEntries(list.map((item) => [item.kompetensi_id, item.skor]))).toEqual(await storedScores(t, p.id));
  });

  it("should answer 403 to a mentor for another mentor's participant", async () => {
    const p = await makePeserta(t);
    const response = await send(t, 'GET', `/api/nilai/peserta/${p.id}`, otherMentor);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
  });

  it('should answer 404 for an unknown participant, 400 for a bad id and 401 without a token', async () => {
    expect((await send(t, 'GET', '/api/nilai/peserta/999999', tokens.hr)).statusCode).toBe(404);
    for (const bad of BAD_IDS) expect((await send(t, 'GET', `/api/nilai/peserta/${bad}`, tokens.hr)).statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/nilai/peserta/1', null)).statusCode).toBe(401);
  });
});

describe('GET /api/nilai/mentor/peserta', () => {
  it("should list only the calling mentor's participants with their counting scores and competency count", async () => {
    const made = await makeDivisi('Divisi Mentor');
    const p = await makePeserta(t, { mentor: 'mentor-lain', divisiNama: 'Divisi Mentor' });
    const inactive = made.kompetensi[2]?.id as number;
    await t.db.insert(nilai).values({ peserta_id: p.id, kompetensi_id: inactive, skor: 50 });
    const mine = await makePeserta(t, { scores: 'sebagian' });

    const response = await send(t, 'GET', '/api/nilai/mentor/peserta', otherMentor);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { id: number; nilai: { kompetensi_id: number; skor: number }[]; kompetensi_count: number }[];
    expect(data.map((row) => row.id)).toEqual([p.id]);
    expect(data[0]).toMatchObject({ nama: expect.any(String), jenjang: 'SMK', divisi: { id: made.divisiId, nama: 'Divisi Mentor' }, reviews: expect.any(Array) });
    expect(data[0]?.kompetensi_count).toBe(2);
    expect(data[0]?.nilai).toEqual(p.kompetensiIds.map((kompetensi_id, k) => ({ kompetensi_id, skor: 75 + k })));

    const demo = await send(t, 'GET', '/api/nilai/mentor/peserta', tokens.mentor);
    const rows = demo.json().data as { id: number; nama: string; mentor: { username: string }; nilai: unknown[]; kompetensi_count: number }[];
    expect(rows.every((row) => row.mentor.username === 'mentor')).toBe(true);
    expect(rows.some((row) => row.id === p.id)).toBe(false);
    expect(rows.find((row) => row.id === mine.id)).toMatchObject({ kompetensi_count: 4, nilai: [expect.any(Object)] });
    expect(rows.find((row) => row.nama === 'Fajar Nugroho')).toMatchObject({ kompetensi_count: 4 });
    expect(rows.find((row) => row.nama === 'Fajar Nugroho')?.nilai).toHaveLength(2);
    expect(rows.find((row) => row.nama === 'Rizky Pratama')?.nilai).toHaveLength(4);
  });

  it.each(['hr', 'pembimbing', 'bushead'] as const)('should answer 403 to %s', async (who) => {
    expect((await send(t, 'GET', '/api/nilai/mentor/peserta', tokens[who])).statusCode).toBe(403);
  });

  it('should answer 401 without a token', async () => {
    expect((await send(t, 'GET', '/api/nilai/mentor/peserta', null)).statusCode).toBe(401);
  });
});

describe('POST /api/nilai/bulk', () => {
  it('should save scores and answer with the participant scores', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    const before = (await t.db.select().from(peserta).where(eq(peserta.id, p.id)))[0]?.updated_at.getTime() ?? 0;
    const response = await bulk('mentor', allScores(p, 88));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(NILAI_MSG.saved);
    expect(body.data.nilai).toHaveLength(p.kompetensiIds.length);
    expect(body.data.nilai[0]).toEqual({ id: expect.any(Number), peserta_id: p.id, kompetensi_id: expect.any(Number), skor: 88, kompetensi: { nama: expect.any(String) } });
    expect(await storedScores(t, p.id)).toEqual(Object.fromEntries(p.kompetensiIds.map((k) => [k, 88])));
    const after = (await t.db.select().from(peserta).where(eq(peserta.id, p.id)))[0]?.updated_at.getTime() ?? 0;
    expect(after).toBeGreaterThan(before);
  });

  it('should replace scores on a resend, never duplicate them', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    expect((await bulk('mentor', allScores(p, 70))).statusCode).toBe(200);
    const ids = (await t.db.select().from(nilai).where(eq(nilai.peserta_id, p.id))).map((row) => row.id).sort();
    expect((await bulk('mentor', allScores(p, 70))).statusCode).toBe(200);
    expect((await bulk('mentor', allScores(p, 91))).statusCode).toBe(200);
    expect(await rowCount(p.id)).toBe(p.kompetensiIds.length);
    expect((await t.db.select().from(nilai).where(eq(nilai.peserta_id, p.id))).map((row) => row.id).sort()).toEqual(ids);
    expect(Object.values(await storedScores(t, p.id))).toEqual(p.kompetensiIds.map(() => 91));
  });

  it('should answer the state of the one participant after the change', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    const body = (await bulk('mentor', allScores(p, 77))).json();
    expect(body.state).toEqual({ peserta_id: p.id, reviews: expect.any(Array), nilai: body.data.nilai });
    expect(body.states).toEqual([body.state]);
    expect(body.state.reviews.map((r: { role_reviewer: string; status: string }) => [r.role_reviewer, r.status])).toEqual(
      await storedStatuses(t, p.id),
    );
  });

  it('should answer a keyed 409 with the current state and a keyless one with the message only', async () => {
    const locked = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI } });
    const keyed = await send(t, 'POST', '/api/nilai/bulk', tokens.mentor, { payload: { nilai_data: allScores(locked, 50) }, key: `nilai-409-${locked.id}` });
    expect(keyed.statusCode).toBe(409);
    const scores = (await send(t, 'GET', `/api/nilai/peserta/${locked.id}`, tokens.hr)).json().data.nilai;
    const reviews = (await send(t, 'GET', `/api/review/peserta/${locked.id}`, tokens.hr)).json().data.reviews;
    const state = { peserta_id: locked.id, reviews, nilai: scores };
    expect(keyed.json()).toEqual({ message: NILAI_MSG.mentorApproved(PEMBIMBING), state, states: [state] });
    const plain = await bulk('mentor', allScores(locked, 50));
    expect(plain.json()).toEqual({ message: NILAI_MSG.mentorApproved(PEMBIMBING) });
  });

  it('should keep the last score when a pair repeats in one body', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    const k = p.kompetensiIds[0] as number;
    const response = await bulk('mentor', [{ peserta_id: p.id, kompetensi_id: k, skor: 10 }, { peserta_id: p.id, kompetensi_id: k, skor: 20 }]);
    expect(response.statusCode).toBe(200);
    expect(await storedScores(t, p.id)).toEqual({ [k]: 20 });
  });

  it('should save for several participants at once and answer with all their scores', async () => {
    const a = await makePeserta(t, { scores: 'kosong' });
    const b = await makePeserta(t, { scores: 'kosong', jenjang: 'Mahasiswa' });
    const response = await bulk('hr', [...allScores(b, 60), ...allScores(a, 61)]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.nilai).toHaveLength(a.kompetensiIds.length + b.kompetensiIds.length);
    const states = response.json().states as { peserta_id: number; nilai: { skor: number }[] }[];
    expect(response.json().state).toBeUndefined();
    expect(states.map((row) => [row.peserta_id, row.nilai.map((score) => score.skor)])).toEqual(
      [a, b].sort((x, y) => x.id - y.id).map((row) => [row.id, row.kompetensiIds.map(() => (row === a ? 61 : 60))]),
    );
    expect(await rowCount(a.id)).toBe(a.kompetensiIds.length);
    expect(await rowCount(b.id)).toBe(b.kompetensiIds.length);
  });

  it('should write nothing when one of several participants is locked', async () => {
    const open = await makePeserta(t, { scores: 'kosong' });
    const locked = await makePeserta(t, { scores: 'kosong', reviews: { [PEMBIMBING]: DISETUJUI } });
    const response = await bulk('mentor', [...allScores(open, 80), ...allScores(locked, 80)]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: NILAI_MSG.mentorApproved(PEMBIMBING) });
    expect(await rowCount(open.id)).toBe(0);
    expect(await rowCount(locked.id)).toBe(0);
  });

  it("should answer 403 to a mentor for another mentor's participant and write nothing", async () => {
    const own = await makePeserta(t, { scores: 'kosong' });
    const other = await makePeserta(t, { scores: 'kosong', mentor: 'mentor-lain' });
    const response = await bulk('mentor', [...allScores(own, 80), ...allScores(other, 80)]);
    expect(response.statusCode).toBe(403);
    expect(await rowCount(own.id)).toBe(0);
    expect(await rowCount(other.id)).toBe(0);
    expect((await bulk('', allScores(other, 80), otherMentor)).statusCode).toBe(200);
  });

  it('should answer 404 for an unknown participant', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    for (const id of [999999, 2_147_483_648]) {
      const response = await bulk('hr', [...allScores(p, 80), { peserta_id: id, kompetensi_id: p.kompetensiIds[0] as number, skor: 80 }]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SERVER_MSG.notFound });
    }
    expect(await rowCount(p.id)).toBe(0);
  });

  it('should answer 400 for an unknown competency or one of another level', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    for (const kompetensi_id of [999999, 2_147_483_648]) {
      const response = await bulk('hr', [{ peserta_id: p.id, kompetensi_id, skor: 80 }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: NILAI_MSG.kompetensiUnknown });
    }
    const response = await bulk('hr', [...allScores(p, 80), { peserta_id: p.id, kompetensi_id: mahasiswaKompetensi, skor: 80 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NILAI_MSG.kompetensiWrongJenjang });
    expect(await rowCount(p.id)).toBe(0);
  });

  it.each([
    {},
    { nilai_data: [] },
    { nilai_data: 'x' },
    { nilai_data: [{ peserta_id: 1, kompetensi_id: 1, skor: 101 }] },
    { nilai_data: [{ peserta_id: 1, kompetensi_id: 1, skor: -1 }] },
    { nilai_data: [{ peserta_id: 1, kompetensi_id: 1, skor: 85.5 }] },
    { nilai_data: [{ peserta_id: 1, kompetensi_id: 1, skor: '80' }] },
    { nilai_data: [{ peserta_id: 1, kompetensi_id: 1, skor: null }] },
    { nilai_data: [{ peserta_id: 0, kompetensi_id: 1, skor: 80 }] },
    { nilai_data: [{ peserta_id: 1, skor: 80 }] },
    { nilai_data: Array.from({ length: 501 }, () => ({ peserta_id: 1, kompetensi_id: 1, skor: 80 })) },
  ])('should answer 400 for an invalid body (%#)', async (payload) => {
    const response = await send(t, 'POST', '/api/nilai/bulk', tokens.hr, { payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('should answer 403 to BusHead and 401 without a token', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    const response = await bulk('bushead', allScores(p, 80));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
    expect((await bulk('', allScores(p, 80), '')).statusCode).toBe(401);
    expect(await rowCount(p.id)).toBe(0);
  });
});

/** The score edit lock per role: which approval step's decision stops its edits (null: allowed). */
const LOCK_CASES: [string, DemoUsername, Reviews, string | null][] = [
  ['Mentor before any decision', 'mentor', {}, null],
  ['Mentor after the Pembimbing approved', 'mentor', { [PEMBIMBING]: DISETUJUI }, NILAI_MSG.mentorApproved(PEMBIMBING)],
  ['Mentor after HR approved', 'mentor', { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI }, NILAI_MSG.mentorApproved(HR)],
  ['Mentor after the Pembimbing rejected', 'mentor', stopped, NILAI_MSG.mentorRejected(PEMBIMBING)],
  ['Mentor after HR rejected', 'mentor', { [PEMBIMBING]: DISETUJUI, [HR]: DITOLAK, [BUSHEAD]: TIDAK_DILANJUTKAN }, NILAI_MSG.mentorRejected(HR)],
  ['Mentor on a stopped chain', 'mentor', { [BUSHEAD]: TIDAK_DILANJUTKAN }, NILAI_MSG.stopped],
  ['Pembimbing before any decision', 'pembimbing', {}, null],
  ['Pembimbing after its own approval', 'pembimbing', { [PEMBIMBING]: DISETUJUI }, NILAI_MSG.ownDecision],
  ['Pembimbing after HR approved', 'pembimbing', { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI }, NILAI_MSG.approverApproved(HR)],
  ['Pembimbing after Tidak_dilanjutkan', 'pembimbing', stopped, NILAI_MSG.stopped],
  ['HR after the Pembimbing approved', 'hr', { [PEMBIMBING]: DISETUJUI }, null],
  ['HR after its own approval', 'hr', { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI }, NILAI_MSG.ownDecision],
  ['HR after BusHead approved', 'hr', { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI, [BUSHEAD]: DISETUJUI }, NILAI_MSG.approverApproved(BUSHEAD)],
  ['HR after Tidak_dilanjutkan', 'hr', stopped, NILAI_MSG.stopped],
];

describe('score edit locks (POST /api/nilai/bulk, DELETE /api/nilai/peserta/:id)', () => {
  it.each(LOCK_CASES)('save: %s', async (_name, who, start, message) => {
    const p = await makePeserta(t, { reviews: start });
    const before = await storedScores(t, p.id);
    const response = await bulk(who, allScores(p, 42));
    if (message === null) {
      expect(response.statusCode).toBe(200);
      expect(Object.values(await storedScores(t, p.id))).toEqual(p.kompetensiIds.map(() => 42));
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message });
      expect(await storedScores(t, p.id)).toEqual(before);
    }
  });

  it.each(LOCK_CASES)('delete: %s', async (_name, who, start, message) => {
    const p = await makePeserta(t, { reviews: start });
    const response = await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens[who]);
    if (message === null) {
      expect(response.statusCode).toBe(200);
      expect(await rowCount(p.id)).toBe(0);
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message });
      expect(await rowCount(p.id)).toBe(p.kompetensiIds.length);
    }
  });
});

describe('DELETE /api/nilai/peserta/:id', () => {
  it('should delete every score of the participant with tombstones', async () => {
    const p = await makePeserta(t);
    const ids = (await t.db.select().from(nilai).where(eq(nilai.peserta_id, p.id))).map((row) => row.id);
    const response = await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens.mentor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: NILAI_MSG.allDeleted,
      data: { nilai: [] },
      state: { peserta_id: p.id, reviews: expect.any(Array), nilai: [] },
    });
    expect(response.json().state.reviews.map((r: { role_reviewer: string; status: string }) => [r.role_reviewer, r.status])).toEqual(
      await storedStatuses(t, p.id),
    );
    expect(await rowCount(p.id)).toBe(0);
    const tombstones = await t.db.select().from(deletions).where(and(eq(deletions.entity, 'nilai'), inArray(deletions.entity_id, ids)));
    expect(tombstones.map((row) => row.entity_id).sort()).toEqual([...ids].sort());
  });

  it('should answer 200 for a participant without scores', async () => {
    const p = await makePeserta(t, { scores: 'kosong' });
    expect((await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens.hr)).statusCode).toBe(200);
  });

  it("should answer 403 to BusHead and to a mentor for another mentor's participant", async () => {
    const p = await makePeserta(t);
    expect((await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, tokens.bushead)).statusCode).toBe(403);
    expect((await send(t, 'DELETE', `/api/nilai/peserta/${p.id}`, otherMentor)).statusCode).toBe(403);
    expect(await rowCount(p.id)).toBe(p.kompetensiIds.length);
  });

  it('should answer 404 for an unknown participant, 400 for a bad id and 401 without a token', async () => {
    expect((await send(t, 'DELETE', '/api/nilai/peserta/999999', tokens.hr)).statusCode).toBe(404);
    for (const bad of BAD_IDS) expect((await send(t, 'DELETE', `/api/nilai/peserta/${bad}`, tokens.hr)).statusCode).toBe(400);
    expect((await send(t, 'DELETE', '/api/nilai/peserta/1', null)).statusCode).toBe(401);
  });
});
