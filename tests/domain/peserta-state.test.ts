import { describe, expect, it } from 'vitest';
import { pesertaStateSchema, reviewSteps, sameReviewStep, statesOf } from '@/domain/peserta-state';

const state = (id: number) => ({
  peserta_id: id,
  reviews: reviewSteps([]),
  nilai: [{ id: 1, peserta_id: id, kompetensi_id: 10, skor: 80, kompetensi: { nama: 'Komunikasi' } }],
});

describe('reviewSteps', () => {
  it('should answer the three steps in chain order, Menunggu where no row, catatan null when none', () => {
    const rows = [
      { role_reviewer: 'HR' as const, status: 'Disetujui' as const },
      { role_reviewer: 'Pembimbing' as const, status: 'Disetujui' as const, catatan: 'Baik', pendingKey: 'k' },
    ];
    expect(reviewSteps(rows)).toEqual([
      { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: 'Baik' },
      { role_reviewer: 'HR', status: 'Disetujui', catatan: null },
      { role_reviewer: 'BusHead', status: 'Menunggu', catatan: null },
    ]);
  });
});

describe('sameReviewStep', () => {
  it('should compare decision and note, a missing note being null', () => {
    expect(sameReviewStep({ role_reviewer: 'HR', status: 'Ditolak' }, { role_reviewer: 'HR', status: 'Ditolak', catatan: null })).toBe(true);
    expect(sameReviewStep({ role_reviewer: 'HR', status: 'Ditolak', catatan: 'a' }, { role_reviewer: 'HR', status: 'Ditolak', catatan: 'b' })).toBe(false);
    expect(sameReviewStep({ role_reviewer: 'HR', status: 'Menunggu' }, { role_reviewer: 'HR', status: 'Disetujui' })).toBe(false);
  });
});

describe('statesOf', () => {
  it('should read `states` before `state`, and null from a body without either', () => {
    expect(statesOf({ message: 'x', state: state(1), states: [state(1), state(2)] })?.map((s) => s.peserta_id)).toEqual([1, 2]);
    expect(statesOf({ message: 'x', state: state(3) })?.map((s) => s.peserta_id)).toEqual([3]);
    expect(statesOf({ message: 'Data telah berubah.' })).toBeNull();
    expect(statesOf(null)).toBeNull();
  });

  it('should refuse a state that is not the answer shape', () => {
    expect(pesertaStateSchema.safeParse({ peserta_id: 1, reviews: [], nilai: [{ peserta_id: 1, kompetensi_id: 2, skor: 3 }] }).success).toBe(false);
  });
});
