import { describe, expect, it } from 'vitest';
import type { ApprovalStep, Review, ReviewStatus } from '@/domain/approval-chain';
import { nilaiBulkSchema } from '@/domain/nilai';
import {
  OUTBOX_KIND_LABEL,
  applyOptimistic,
  changePesertaIds,
  layPresensi,
  presensiMarksOf,
  presensiRecheckBlock,
  presensiSubject,
  recheckBlock,
} from '@/domain/outbox';
import { DEFAULT_HARI_KERJA, type PresensiMark } from '@/domain/presensi';
import { rejectBodySchema } from '@/domain/review';

const CODE: Record<string, ReviewStatus> = { M: 'Menunggu', S: 'Disetujui', T: 'Ditolak', X: 'Tidak_dilanjutkan' };
const STEPS: ApprovalStep[] = ['Pembimbing', 'HR', 'BusHead'];
const chain = (code: string): Review[] => STEPS.map((step, i) => ({ role_reviewer: step, status: CODE[code[i]!]! }));

describe('recheckBlock', () => {
  it.each([
    ['nilai.save', 'Mentor', 'MMM', null],
    ['nilai.save', 'Mentor', 'SMM', 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval'],
    ['nilai.reset', 'Mentor', 'TXX', 'Nilai tidak dapat diedit. Pembimbing sudah menolak peserta'],
    ['nilai.save', 'HR', 'SSM', 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan'],
    ['review.approve', 'HR', 'SMM', null],
    ['review.approve', 'HR', 'MMM', 'Data telah berubah. Menunggu persetujuan dari Pembimbing.'],
    ['review.reject', 'Pembimbing', 'SMM', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
    ['review.cancel', 'Pembimbing', 'MMM', 'Data telah berubah. Tidak ada keputusan yang dapat dibatalkan.'],
    ['review.cancel', 'Pembimbing', 'SSM', 'Data telah berubah. HR sudah melakukan approval. Anda tidak dapat membatalkan keputusan.'],
  ] as const)('%s by %s on %s: %s', (kind, role, c, expected) => {
    expect(recheckBlock(kind, role, chain(c))).toBe(expected);
  });
});

describe('applyOptimistic', () => {
  const scores = [{ peserta_id: 1, kompetensi_id: 10, skor: 50 }];
  it('should upsert saved scores', () => {
    const payload = { nilai_data: [{ peserta_id: 1, kompetensi_id: 10, skor: 90 }, { peserta_id: 1, kompetensi_id: 11, skor: 70 }] };
    expect(applyOptimistic({ kind: 'nilai.save', role: 'Mentor', payload }, { nilai: scores, reviews: [] }).nilai).toEqual([
      { peserta_id: 1, kompetensi_id: 10, skor: 90 },
      { peserta_id: 1, kompetensi_id: 11, skor: 70 },
    ]);
  });
  it('should clear scores on reset and leave reviews', () => {
    const result = applyOptimistic({ kind: 'nilai.reset', role: 'HR', payload: null }, { nilai: scores, reviews: chain('SMM') });
    expect(result).toEqual({ nilai: [], reviews: chain('SMM') });
  });
  it.each([
    ['review.approve', 'HR', 'SMM', 'SSM'],
    ['review.reject', 'HR', 'SMM', 'STX'],
    ['review.cancel', 'Pembimbing', 'TXX', 'MMM'],
  ] as const)('%s by %s turns %s into %s', (kind, role, before, after) => {
    const result = applyOptimistic({ kind, role, payload: { catatan: 'x' } }, { nilai: [], reviews: chain(before) });
    expect(result.reviews.map((r) => r.status)).toEqual(chain(after).map((r) => r.status));
  });
  it('should not touch the input arrays', () => {
    const reviews = chain('MMM');
    applyOptimistic({ kind: 'review.approve', role: 'Pembimbing', payload: {} }, { nilai: scores, reviews });
    expect(reviews).toEqual(chain('MMM'));
  });
});

describe('payload schemas', () => {
  it.each([
    [{ nilai_data: [{ peserta_id: 1, kompetensi_id: 2, skor: 101 }] }, false],
    [{ nilai_data: [{ peserta_id: 1, kompetensi_id: 2, skor: 99.5 }] }, false],
    [{ nilai_data: [{ peserta_id: 1, kompetensi_id: 2, skor: 0 }] }, true],
    [{ nilai_data: [] }, false],
  ])('nilai bulk %j valid: %s', (body, valid) => {
    expect(nilaiBulkSchema.safeParse(body).success).toBe(valid);
  });
  it('should need a non-blank rejection reason', () => {
    expect(rejectBodySchema.safeParse({ catatan: '   ' }).error?.issues[0]?.message).toBe('Alasan penolakan wajib diisi');
    expect(rejectBodySchema.parse({ catatan: ' Nilai kurang ' })).toEqual({ catatan: 'Nilai kurang' });
  });
});

describe('presensi.save', () => {
  const LOCKED = 'Presensi tidak dapat diubah. Pembimbing sudah memberi keputusan untuk peserta ini';
  const periode = { tanggal_masuk: '2026-11-02', tanggal_selesai: '2026-12-31' };
  const mark = (peserta_id: number, tanggal = '2026-11-02', status: PresensiMark['status'] = 'Hadir'): PresensiMark => ({
    peserta_id,
    tanggal,
    status,
    catatan: null,
  });
  const facts = (codes: Record<number, string>) => (id: number) => ({ reviews: codes[id] ? chain(codes[id]) : null, periode });
  const TODAY = '2026-11-26';

  it("should be named 'Simpan presensi' in the queue", () => {
    expect(OUTBOX_KIND_LABEL['presensi.save']).toBe('Simpan presensi');
  });

  it.each([
    ['Mentor', 'MMM', null],
    ['Mentor', 'SMM', LOCKED],
    ['Mentor', 'TXX', LOCKED],
    ['HR', 'SSS', null],
    ['Pembimbing', 'MMM', LOCKED],
  ] as const)("recheckBlock by %s on %s: the attendance lock's %s", (role, c, expected) => {
    expect(recheckBlock('presensi.save', role, chain(c))).toBe(expected);
  });

  it("should be listed by its number of participants and its days, or by the one participant's name", () => {
    expect(presensiSubject({ presensi: [mark(1), mark(2), mark(3)] })).toBe('3 peserta, 2 November 2026');
    expect(presensiSubject({ presensi: [mark(1, '2026-11-03'), mark(2), mark(2, '2026-11-07')] })).toBe('2 peserta, 2 November 2026 – 7 November 2026');
    expect(presensiSubject({ presensi: [mark(1), mark(1, '2026-11-03')] })).toBeNull();
  });

  it('should concern every participant of its marks, once each, ascending', () => {
    const payload = { presensi: [mark(9), mark(3), mark(9, '2026-11-03')] };
    expect(changePesertaIds({ kind: 'presensi.save', pesertaId: 3, payload })).toEqual([3, 9]);
    expect(changePesertaIds({ kind: 'nilai.reset', pesertaId: 4, payload: null })).toEqual([4]);
    expect(presensiMarksOf({ presensi: [] })).toEqual([]);
  });

  it('should refuse the whole change when one participant is locked, and pass when none is', () => {
    const marks = [mark(1), mark(2), mark(3)];
    expect(presensiRecheckBlock('Mentor', marks, facts({ 1: 'MMM', 2: 'MMM', 3: 'MMM' }), TODAY)).toBeNull();
    expect(presensiRecheckBlock('Mentor', marks, facts({ 1: 'MMM', 2: 'SMM', 3: 'MMM' }), TODAY)).toBe(LOCKED);
    expect(presensiRecheckBlock('HR', marks, facts({ 2: 'SSS' }), TODAY)).toBeNull();
  });

  it('should leave a participant whose reviews or period are unknown to the server', () => {
    expect(presensiRecheckBlock('Mentor', [mark(1, '2030-01-07')], () => ({ reviews: null, periode: null }), TODAY)).toBeNull();
  });

  it("should refuse a date outside the period or after today with the reason and the date, as the server words it", () => {
    const ok = facts({ 1: 'MMM' });
    expect(presensiRecheckBlock('Mentor', [mark(1, '2026-10-30')], ok, TODAY)).toBe('Tanggal di luar periode magang peserta (2026-10-30)');
    expect(presensiRecheckBlock('Mentor', [mark(1, '2026-11-27')], ok, TODAY)).toBe(
      'Presensi tidak dapat diisi untuk tanggal yang akan datang (2026-11-27)',
    );
  });

  it("should let every weekday pass unless told the working days (the server's HARI_KERJA decides)", () => {
    const sunday = [mark(1, '2026-11-08')];
    expect(presensiRecheckBlock('Mentor', sunday, facts({ 1: 'MMM' }), TODAY)).toBeNull();
    expect(presensiRecheckBlock('Mentor', sunday, facts({ 1: 'MMM' }), TODAY, DEFAULT_HARI_KERJA)).toBe('Tanggal tersebut bukan hari kerja (2026-11-08)');
  });

  it('should touch neither scores nor reviews', () => {
    const state = { nilai: [{ peserta_id: 1, kompetensi_id: 10, skor: 50 }], reviews: chain('MMM') };
    expect(applyOptimistic({ kind: 'presensi.save', role: 'Mentor', payload: { presensi: [mark(1)] } }, state)).toEqual(state);
  });

  it("should lay queued marks over the server's in order, the last one winning and keeping the server's mark under it", () => {
    const at = { peserta_id: 1, tanggal: '2026-11-02' };
    const server = { ...mark(1), status: 'Alpa' as const };
    const first = { key: 'a', marks: [{ ...mark(1), status: 'Izin' as const, catatan: 'Keluarga' }] };
    const second = { key: 'b', marks: [mark(1, '2026-11-02', 'Sakit')] };
    const other = { key: 'c', marks: [mark(2)] };
    expect(layPresensi(server, [], at)).toEqual(server);
    expect(layPresensi(null, [other], at)).toBeNull();
    expect(layPresensi(server, [first, other], at)).toEqual({ ...mark(1), status: 'Izin', catatan: 'Keluarga', pendingKey: 'a', base: server });
    expect(layPresensi(server, [first, second], at)).toEqual({ ...mark(1, '2026-11-02', 'Sakit'), pendingKey: 'b', base: server });
    expect(layPresensi(null, [second], at)).toEqual({ ...mark(1, '2026-11-02', 'Sakit'), pendingKey: 'b', base: null });
  });
});
