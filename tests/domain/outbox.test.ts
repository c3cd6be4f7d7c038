import { describe, expect, it } from 'vitest';
import type { ApprovalStep, Review, ReviewStatus } from '@/domain/approval-chain';
import { nilaiBulkSchema } from '@/domain/nilai';
import { applyOptimistic, recheckBlock } from '@/domain/outbox';
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
