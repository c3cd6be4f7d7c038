import { describe, expect, it } from 'vitest';
import type { MirrorState, QueuedChange } from '@/sync/peserta-state';
import { mergeQueued, serverRows } from '@/sync/peserta-state';

const steps = (p: string, hr = 'Menunggu', bh = 'Menunggu') => [
  { peserta_id: 1, role_reviewer: 'Pembimbing' as const, status: p as 'Menunggu', catatan: null },
  { peserta_id: 1, role_reviewer: 'HR' as const, status: hr as 'Menunggu', catatan: null },
  { peserta_id: 1, role_reviewer: 'BusHead' as const, status: bh as 'Menunggu', catatan: null },
];
const save = (key: string, scores: Record<number, number>): QueuedChange => ({
  key,
  role: 'Mentor',
  kind: 'nilai.save',
  payload: { nilai_data: Object.entries(scores).map(([k, skor]) => ({ peserta_id: 1, kompetensi_id: Number(k), skor })) },
});
const base: MirrorState = serverRows(1, { nilai: [{ peserta_id: 1, kompetensi_id: 10, skor: 70 }], reviews: [] });

describe('mergeQueued', () => {
  it.each<[string, MirrorState, QueuedChange[], [number, number, string | undefined][], [string, string, string | undefined][]]>([
    ['no change keeps the server state unmarked', base, [], [[10, 70, undefined]], steps('Menunggu').map((r) => [r.role_reviewer, r.status, undefined])],
    ['a save marks only the scores it changes', base, [save('a', { 10: 70, 11: 80 })], [[10, 70, undefined], [11, 80, 'a']], steps('Menunggu').map((r) => [r.role_reviewer, r.status, undefined])],
    ['a later save takes over the mark of a score it changes again', base, [save('a', { 10: 75, 11: 80 }), save('b', { 10: 90 })], [[10, 90, 'b'], [11, 80, 'a']], steps('Menunggu').map((r) => [r.role_reviewer, r.status, undefined])],
    ['a reset removes every score', base, [save('a', { 11: 80 }), { key: 'r', role: 'Mentor', kind: 'nilai.reset', payload: null }], [], steps('Menunggu').map((r) => [r.role_reviewer, r.status, undefined])],
    [
      'a rejection marks the steps it changes',
      base,
      [{ key: 'x', role: 'Pembimbing', kind: 'review.reject', payload: { catatan: 'Kurang' } }],
      [[10, 70, undefined]],
      [['Pembimbing', 'Ditolak', 'x'], ['HR', 'Tidak_dilanjutkan', 'x'], ['BusHead', 'Tidak_dilanjutkan', 'x']],
    ],
    [
      'an approval on a base that already shows one keeps the earlier marks',
      { nilai: [], reviews: steps('Disetujui').map((r, i) => (i === 0 ? { ...r, pendingKey: 'p' } : r)) },
      [{ key: 'h', role: 'HR', kind: 'review.approve', payload: {} }],
      [],
      [['Pembimbing', 'Disetujui', 'p'], ['HR', 'Disetujui', 'h'], ['BusHead', 'Menunggu', undefined]],
    ],
  ])('should: %s', (_name, from, changes, nilai, reviews) => {
    const before = structuredClone(from);
    const merged = mergeQueued(1, from, changes);
    expect(merged.nilai.map((row) => [row.kompetensi_id, row.skor, row.pendingKey])).toEqual(nilai);
    expect(merged.reviews.map((row) => [row.role_reviewer, row.status, row.pendingKey])).toEqual(reviews);
    expect(from).toEqual(before);
  });
});
