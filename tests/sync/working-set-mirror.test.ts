// The device mirrors only the working set: the pulls ask lingkup=kerja and keep the answer's
// batas next to the cursor; a participant that left the set leaves the mirror with its scores,
// reviews, marks and history, unless a queued change of the mirror's owner still refers to it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { claimMirror, getCursor, getPesertaBatas, getRetainedPeserta, saveSession, setCursor } from '@/db/meta';
import type { Peserta } from '@/domain/peserta';
import { type ReviewStep, reviewSteps } from '@/domain/peserta-state';
import type { PresensiMark } from '@/domain/presensi';
import { enqueue, markConflict, markSent, retryConflict } from '@/sync/outbox';
import { mirrorArchivedPeserta, pullMentorPeserta, pullPesertaMirror } from '@/sync/pull-peserta';
import { peserta } from '../helpers/factories';

const BATAS = '2025-11-01';
const NEXT_BATAS = '2025-11-02';
const BUSHEAD = 5;
const HR = 6;
const MENTOR = 3;

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`working-set-mirror-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

/** The device belongs to `user` of `role` (its mirror's owner). */
async function loginAs(user: number, role: string): Promise<void> {
  await claimMirror(db, user);
  await saveSession(db, { token: 'tok', userRole: role, username: role.toLowerCase() });
}

const APPROVED: ReviewStep[] = [
  { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null },
  { role_reviewer: 'HR', status: 'Disetujui', catatan: null },
  { role_reviewer: 'BusHead', status: 'Disetujui', catatan: null },
];

/** A participant approved at every step whose internship ended long before the window. */
function archived(id: number, overrides: Partial<Peserta> = {}): Peserta {
  return peserta(id, { tanggal_selesai: '2024-01-31', reviews: APPROVED, status: { is_complete: true }, ...overrides });
}

const mark = (peserta_id: number, tanggal: string): PresensiMark => ({ peserta_id, tanggal, status: 'Hadir', catatan: null });

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

/** A first pull of `rows` (one page) answering cursor 500 and BATAS. */
async function firstPull(rows: Peserta[]): Promise<void> {
  await pullPesertaMirror(fakeApi([{ data: rows, cursor: '500', next: null, total: rows.length, batas: BATAS }]), db);
}

/** Everything the device holds of participant `id`: its row, scores, reviews, marks and history. */
async function heldOf(id: number) {
  return {
    peserta: (await db.peserta.get(id)) !== undefined,
    nilai: await db.nilai.where('peserta_id').equals(id).count(),
    reviews: await db.reviews.where('peserta_id').equals(id).count(),
    presensi: await db.presensi.where('peserta_id').equals(id).count(),
    riwayat: (await db.riwayat.get(id)) !== undefined,
  };
}
const NOTHING = { peserta: false, nilai: 0, reviews: 0, presensi: 0, riwayat: false };

describe('the working set of an approver device', () => {
  beforeEach(() => loginAs(BUSHEAD, 'BusHead'));

  it('should keep the first pull\'s batas and send it back with the next since pull', async () => {
    const paths: string[] = [];
    await pullPesertaMirror(fakeApi([{ data: [peserta(1)], cursor: '500', next: null, total: 1, batas: BATAS }], paths), db);
    expect(paths).toEqual(['/api/peserta?lingkup=kerja&limit=200']);
    expect(await getPesertaBatas(db)).toBe(BATAS);

    await pullPesertaMirror(fakeApi([{ data: [], deleted: [], keluar: [], cursor: '600', batas: NEXT_BATAS }], paths), db);
    expect(paths[1]).toBe(`/api/peserta?lingkup=kerja&since=500&batas=${BATAS}`);
    expect(await getPesertaBatas(db)).toBe(NEXT_BATAS);
    expect(await getCursor(db, 'peserta')).toBe('600');

    await pullPesertaMirror(fakeApi([{ data: [], cursor: '700', batas: NEXT_BATAS }], paths), db);
    expect(paths[2]).toBe(`/api/peserta?lingkup=kerja&since=600&batas=${NEXT_BATAS}`);
  });

  it('should drop a participant that left the set with its scores, reviews, marks and history', async () => {
    await firstPull([peserta(1), archived(2)]);
    await db.presensi.bulkPut([mark(1, '2026-03-02'), mark(2, '2026-03-02'), mark(2, '2026-03-03')]);
    await db.riwayat.bulkPut([1, 2].map((pesertaId) => ({ pesertaId, entries: [], fetchedAt: 1 })));

    const result = await pullPesertaMirror(fakeApi([{ data: [], deleted: [], keluar: [2], cursor: '600', batas: NEXT_BATAS }]), db);
    expect(result).toEqual({ changed: 0, deleted: 1, full: false });
    expect(await heldOf(2)).toEqual(NOTHING);
    expect(await heldOf(1)).toEqual({ peserta: true, nilai: 1, reviews: 3, presensi: 1, riwayat: true });
    expect(await getRetainedPeserta(db)).toEqual([]);
  });

  it('should keep a participant a queued change refers to, and keep it once the change is sent while the rule says inside', async () => {
    // Its division's one competency, scored: in the approval list once the cancel reopens a step.
    await db.kompetensi.put({ id: 10, nama: 'Kerapian', jenjang: 'SMK', aktif: true, divisi_kategori: [{ divisi: { id: 2, nama: 'Operasional' } }] });
    await firstPull([archived(1), archived(2)]);
    const cancel = await enqueue(db, { user: BUSHEAD, role: 'BusHead', kind: 'review.cancel', pesertaId: 1, payload: undefined });

    // Both left the working set on the server (their dates moved back); 1's cancel is still queued.
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [1, 2], cursor: '600', batas: NEXT_BATAS }]), db);
    expect(await heldOf(2)).toEqual(NOTHING);
    expect(await heldOf(1)).toMatchObject({ peserta: true, nilai: 1, reviews: 3 });
    expect((await db.reviews.get([1, 'BusHead']))?.pendingKey).toBe(cancel.key);
    expect(await getRetainedPeserta(db)).toEqual([1]);

    // Still queued at the next pull: it stays.
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [], cursor: '650', batas: NEXT_BATAS }]), db);
    expect((await db.peserta.get(1))?.id).toBe(1);

    // Sent: BusHead Menunggu again, so the participant waits in the chain — inside by the rule.
    const score = { id: 1, peserta_id: 1, kompetensi_id: 10, skor: 70, kompetensi: { nama: 'Kerapian' } };
    await markSent(db, cancel.seq!, [{ peserta_id: 1, reviews: reviewSteps(APPROVED.slice(0, 2)), nilai: [score] }]);
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [], cursor: '700', batas: NEXT_BATAS }]), db);
    expect(await heldOf(1)).toMatchObject({ peserta: true, reviews: 3 });
    expect((await db.reviews.get([1, 'BusHead']))?.status).toBe('Menunggu');
    expect(await getRetainedPeserta(db)).toEqual([1]);

    // The server sends it again (a member of the set like any other): no longer retained.
    await pullPesertaMirror(fakeApi([{ data: [archived(1, { reviews: APPROVED.slice(0, 2) })], keluar: [], cursor: '800', batas: NEXT_BATAS }]), db);
    expect(await getRetainedPeserta(db)).toEqual([]);
    expect((await db.peserta.get(1))?.id).toBe(1);
  });

  it('should keep a participant while a refused change refers to it, and drop it at the first pull after the change is sent when the rule says outside', async () => {
    await loginAs(HR, 'HR');
    await firstPull([archived(1), peserta(2)]);
    await db.presensi.put(mark(1, '2026-01-05'));
    await db.riwayat.put({ pesertaId: 1, entries: [], fetchedAt: 1 });
    // HR corrects an attendance mark of participant 1 (attendance family: held by the marks' participants).
    const correction = await enqueue(db, {
      user: HR,
      role: 'HR',
      kind: 'presensi.save',
      pesertaId: 1,
      payload: { presensi: [{ ...mark(1, '2026-01-05'), status: 'Sakit' }] },
    });
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [1], cursor: '600', batas: NEXT_BATAS }]), db);
    expect(await heldOf(1)).toEqual({ peserta: true, nilai: 1, reviews: 3, presensi: 1, riwayat: true });

    // Refused and not dismissed: still refers to it.
    await markConflict(db, correction.seq!, 'Perubahan ditolak');
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [], cursor: '650', batas: NEXT_BATAS }]), db);
    expect((await db.peserta.get(1))?.id).toBe(1);
    expect(await getRetainedPeserta(db)).toEqual([1]);

    // Tried again and sent: approved at every step, ended before the window — outside by the rule.
    await retryConflict(db, correction.seq!);
    await markSent(db, correction.seq!, [{ peserta_id: 1, reviews: reviewSteps(APPROVED), nilai: [] }], {
      data: [{ ...mark(1, '2026-01-05'), status: 'Sakit' }],
    });
    const result = await pullPesertaMirror(fakeApi([{ data: [], keluar: [], cursor: '700', batas: NEXT_BATAS }]), db);
    expect(result.deleted).toBe(1);
    expect(await heldOf(1)).toEqual(NOTHING);
    expect(await heldOf(2)).toMatchObject({ peserta: true, reviews: 3 });
    expect(await getRetainedPeserta(db)).toEqual([]);
  });

  it('should pull in full once when the mirror has a cursor but no batas, shrinking to the working set', async () => {
    // A mirror filled before the working set: every participant, and a cursor.
    await db.peserta.bulkPut([peserta(1), archived(2), archived(3)]);
    await db.presensi.put(mark(2, '2026-01-05'));
    await db.riwayat.put({ pesertaId: 2, entries: [], fetchedAt: 1 });
    await setCursor(db, 'peserta', '400');
    await enqueue(db, { user: BUSHEAD, role: 'BusHead', kind: 'review.cancel', pesertaId: 3, payload: undefined });

    const paths: string[] = [];
    const api = fakeApi(
      [
        { data: [peserta(1)], cursor: '500', next: null, total: 1, batas: BATAS },
        { data: [], keluar: [], cursor: '600', batas: BATAS },
      ],
      paths,
    );
    expect(await pullPesertaMirror(api, db)).toMatchObject({ full: true });
    expect(await db.peserta.orderBy('id').primaryKeys()).toEqual([1, 3]);
    expect(await heldOf(2)).toEqual(NOTHING);
    // Participant 3 stays for its queued cancel, retained.
    expect((await db.reviews.get([3, 'BusHead']))?.status).toBe('Menunggu');
    expect(await getRetainedPeserta(db)).toEqual([3]);
    expect(await getPesertaBatas(db)).toBe(BATAS);

    await pullPesertaMirror(api, db);
    expect(paths).toEqual(['/api/peserta?lingkup=kerja&limit=200', `/api/peserta?lingkup=kerja&since=500&batas=${BATAS}`]);
  });
});

describe('what the device judges a retained participant by', () => {
  beforeEach(() => loginAs(BUSHEAD, 'BusHead'));

  it('should keep it while an unread notification names it, and let it go once that is read', async () => {
    await firstPull([archived(1)]);
    const cancel = await enqueue(db, { user: BUSHEAD, role: 'BusHead', kind: 'review.cancel', pesertaId: 1, payload: undefined });
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [1], cursor: '600', batas: NEXT_BATAS }]), db);
    await db.notifikasi.put({ id: 7, jenis: 'ditolak', judul: 'Peserta ditolak', isi: 'x', tautan: '/approval?peserta=1', dibaca: false, dibuat: '2026-11-26T01:00:00.000Z' });
    // Sent and approved at every step again: nothing left to do, but the notice is unread.
    await markSent(db, cancel.seq!, [{ peserta_id: 1, reviews: reviewSteps(APPROVED), nilai: [] }]);
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [], cursor: '700', batas: NEXT_BATAS }]), db);
    expect((await db.peserta.get(1))?.id).toBe(1);
    await db.notifikasi.update(7, { dibaca: true });
    await pullPesertaMirror(fakeApi([{ data: [], keluar: [], cursor: '800', batas: NEXT_BATAS }]), db);
    expect(await heldOf(1)).toEqual(NOTHING);
  });

  it('should bring an archive row the user acts on into the mirror with its scores and reviews', async () => {
    await firstPull([peserta(2)]);
    await mirrorArchivedPeserta(db, archived(1));
    expect(await heldOf(1)).toMatchObject({ peserta: true, nilai: 1, reviews: 3 });
    expect((await db.reviews.get([1, 'BusHead']))?.status).toBe('Disetujui');
    expect(await heldOf(2)).toMatchObject({ peserta: true });
  });
});

describe('a full pull in pages', () => {
  beforeEach(() => loginAs(BUSHEAD, 'BusHead'));

  it('should keep a held participant only while no page brings it, and drop the marks and history of those no page brought', async () => {
    await db.peserta.bulkPut([peserta(1), peserta(3), peserta(9)]);
    await db.presensi.bulkPut([mark(3, '2026-03-02'), mark(9, '2026-03-02')]);
    await db.riwayat.bulkPut([3, 9].map((pesertaId) => ({ pesertaId, entries: [], fetchedAt: 1 })));
    await enqueue(db, { user: BUSHEAD, role: 'BusHead', kind: 'review.approve', pesertaId: 3, payload: undefined });
    const pages = [
      { data: [peserta(1), peserta(2)], cursor: '500', next: 2, total: 3, batas: BATAS },
      { data: [peserta(3)], cursor: '510', next: null },
    ];
    await pullPesertaMirror(fakeApi(pages), db, { pageRows: 2 });
    expect(await db.peserta.orderBy('id').primaryKeys()).toEqual([1, 2, 3]);
    // Participant 3 came on page 2: a member, not retained; its marks and history stay.
    expect(await getRetainedPeserta(db)).toEqual([]);
    expect(await heldOf(3)).toMatchObject({ peserta: true, presensi: 1, riwayat: true });
    expect((await db.reviews.get([3, 'BusHead']))?.status).toBe('Disetujui');
    expect(await heldOf(9)).toEqual(NOTHING);
    expect(await getPesertaBatas(db)).toBe(BATAS);
    expect(await getCursor(db, 'peserta')).toBe('500');
  });
});

describe('the working set of a mentor device', () => {
  beforeEach(() => loginAs(MENTOR, 'Mentor'));

  it('should keep on a full refresh a participant a queued change refers to, then let it go once the change is sent', async () => {
    const paths: string[] = [];
    await pullMentorPeserta(fakeApi([{ data: [peserta(1), peserta(2)], batas: BATAS }], paths), db);
    expect(paths).toEqual(['/api/nilai/mentor/peserta?lingkup=kerja']);
    await db.presensi.bulkPut([mark(1, '2026-03-02'), mark(2, '2026-03-02')]);
    const save = await enqueue(db, {
      user: MENTOR,
      role: 'Mentor',
      kind: 'nilai.save',
      pesertaId: 2,
      payload: { nilai_data: [{ peserta_id: 2, kompetensi_id: 10, skor: 95 }] },
    });

    // Participant 2 left the mentor's working set; its score is still queued.
    await pullMentorPeserta(fakeApi([{ data: [peserta(1)], batas: BATAS }]), db);
    expect(await db.peserta.orderBy('id').primaryKeys()).toEqual([1, 2]);
    expect(await db.nilai.get([2, 10])).toMatchObject({ skor: 95, pendingKey: save.key });
    expect(await heldOf(2)).toMatchObject({ reviews: 3, presensi: 1 });

    await markSent(db, save.seq!, [{ peserta_id: 2, reviews: reviewSteps([]), nilai: [{ id: 1, peserta_id: 2, kompetensi_id: 10, skor: 95, kompetensi: { nama: 'K' } }] }]);
    await pullMentorPeserta(fakeApi([{ data: [peserta(1)], batas: BATAS }]), db);
    expect(await db.peserta.orderBy('id').primaryKeys()).toEqual([1]);
    expect(await heldOf(2)).toEqual(NOTHING);
    expect(await heldOf(1)).toMatchObject({ peserta: true, nilai: 1, presensi: 1 });
  });
});
