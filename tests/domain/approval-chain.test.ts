import { describe, expect, it } from 'vitest';
import {
  type ApprovalStep,
  type Review,
  type ReviewStatus,
  CANCEL_CONFIRM_TEXT,
  actionBlock,
  applyAction,
  approvalProgress,
  canCancel,
  canDecide,
  normalizeReviews,
  statusForViewer,
} from '@/domain/approval-chain';

// Chains are written as three letters in step order Pembimbing, HR, BusHead:
// M = Menunggu, S = Disetujui, T = Ditolak, X = Tidak_dilanjutkan.
const CODE: Record<string, ReviewStatus> = { M: 'Menunggu', S: 'Disetujui', T: 'Ditolak', X: 'Tidak_dilanjutkan' };
const STEPS: ApprovalStep[] = ['Pembimbing', 'HR', 'BusHead'];
function chain(code: string): Review[] {
  return STEPS.map((step, i) => ({ role_reviewer: step, status: CODE[code[i]!]!, catatan: null }));
}
function code(reviews: Review[]): string {
  return reviews.map((r) => Object.keys(CODE).find((k) => CODE[k] === r.status)).join('');
}

describe('approve / reject (decideBlock)', () => {
  it.each([
    // role, chain, expected block (null = allowed)
    ['Pembimbing', 'MMM', null],
    ['HR', 'MMM', 'Data telah berubah. Menunggu persetujuan dari Pembimbing.'],
    ['BusHead', 'MMM', 'Data telah berubah. Menunggu persetujuan dari Pembimbing.'],
    ['HR', 'SMM', null],
    ['BusHead', 'SMM', 'Data telah berubah. Menunggu persetujuan dari HR.'],
    ['BusHead', 'SSM', null],
    ['Pembimbing', 'SMM', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
    ['HR', 'SSM', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
    ['BusHead', 'SSS', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
    ['Pembimbing', 'TXX', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
    ['HR', 'TXX', 'Data telah berubah. Pembimbing sudah menolak peserta ini.'],
    ['BusHead', 'TXX', 'Data telah berubah. Pembimbing sudah menolak peserta ini.'],
    ['BusHead', 'STX', 'Data telah berubah. HR sudah menolak peserta ini.'],
    ['HR', 'SST', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
    ['Mentor', 'MMM', 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.'],
  ])('%s on %s: %s', (role, c, expected) => {
    expect(actionBlock('approve', role, chain(c))).toBe(expected);
    expect(actionBlock('reject', role, chain(c))).toBe(expected);
    expect(canDecide(role, chain(c))).toBe(expected === null);
  });

  it('should treat a missing review row as Menunggu', () => {
    expect(canDecide('Pembimbing', [])).toBe(true);
    expect(canDecide('HR', [{ role_reviewer: 'Pembimbing', status: 'Disetujui' }])).toBe(true);
  });
});

describe('cancel (cancelBlock)', () => {
  it.each([
    ['Pembimbing', 'MMM', 'Data telah berubah. Tidak ada keputusan yang dapat dibatalkan.'],
    ['HR', 'TXX', 'Data telah berubah. Tidak ada keputusan yang dapat dibatalkan.'],
    ['Pembimbing', 'TXX', null],
    ['HR', 'STX', null],
    ['BusHead', 'SST', null],
    ['Pembimbing', 'SMM', null],
    ['HR', 'SSM', null],
    ['BusHead', 'SSS', null],
    ['Pembimbing', 'SSM', 'Data telah berubah. HR sudah melakukan approval. Anda tidak dapat membatalkan keputusan.'],
    ['Pembimbing', 'SSS', 'Data telah berubah. HR sudah melakukan approval. Anda tidak dapat membatalkan keputusan.'],
    ['HR', 'SSS', 'Data telah berubah. BusHead sudah melakukan approval. Anda tidak dapat membatalkan keputusan.'],
    ['Pembimbing', 'STX', 'Data telah berubah. HR sudah menolak peserta ini. Anda tidak dapat membatalkan keputusan.'],
    ['HR', 'SST', 'Data telah berubah. BusHead sudah menolak peserta ini. Anda tidak dapat membatalkan keputusan.'],
    ['Pembimbing', 'SST', 'Data telah berubah. BusHead sudah menolak peserta ini. Anda tidak dapat membatalkan keputusan.'],
    ['Mentor', 'SMM', 'Data telah berubah. Tidak ada keputusan yang dapat dibatalkan.'],
  ])('%s on %s: %s', (role, c, expected) => {
    expect(actionBlock('cancel', role, chain(c))).toBe(expected);
    expect(canCancel(role, chain(c))).toBe(expected === null);
  });

  it('should carry the confirm text of cancelling a decision', () => {
    expect(CANCEL_CONFIRM_TEXT).toBe("Apakah Anda yakin ingin membatalkan keputusan ini? Status akan kembali ke 'Menunggu'.");
  });
});

describe('applyAction', () => {
  it.each([
    ['approve', 'Pembimbing', 'MMM', 'SMM'],
    ['approve', 'HR', 'SMM', 'SSM'],
    ['approve', 'BusHead', 'SSM', 'SSS'],
    ['reject', 'Pembimbing', 'MMM', 'TXX'],
    ['reject', 'HR', 'SMM', 'STX'],
    ['reject', 'BusHead', 'SSM', 'SST'],
    ['cancel', 'Pembimbing', 'TXX', 'MMM'],
    ['cancel', 'HR', 'STX', 'SMM'],
    ['cancel', 'BusHead', 'SST', 'SSM'],
    ['cancel', 'Pembimbing', 'SMM', 'MMM'],
    ['cancel', 'HR', 'SSM', 'SMM'],
    ['cancel', 'BusHead', 'SSS', 'SSM'],
  ] as const)('%s by %s turns %s into %s', (action, role, before, after) => {
    expect(code(applyAction(action, role, chain(before), action === 'reject' ? 'alasan' : null))).toBe(after);
  });

  it('should keep the rejection note and clear it on cancel', () => {
    const rejected = applyAction('reject', 'HR', chain('SMM'), 'Nilai belum sesuai');
    expect(rejected[1]).toEqual({ role_reviewer: 'HR', status: 'Ditolak', catatan: 'Nilai belum sesuai' });
    expect(applyAction('cancel', 'HR', rejected)[1]?.catatan).toBeNull();
  });

  it('should fill missing steps in order', () => {
    expect(normalizeReviews([{ role_reviewer: 'HR', status: 'Disetujui' }]).map((r) => r.role_reviewer)).toEqual(STEPS);
  });
});

describe('approvalProgress', () => {
  it.each([
    ['MMM', 0, 0, false, false],
    ['SMM', 1, 33, false, false],
    ['SSM', 2, 67, false, false],
    ['SSS', 3, 100, true, false],
    ['TXX', 0, 0, false, true],
    ['SST', 2, 67, false, true],
  ])('%s: %i approved, %i%%, complete %s, rejected %s', (c, approved, percent, complete, rejected) => {
    expect(approvalProgress(chain(c))).toEqual({ approved, total: 3, percent, complete, rejected });
  });
});

describe('statusForViewer', () => {
  it.each([
    ['Pembimbing', 'MMM', 'Perlu Tindakan'],
    ['HR', 'MMM', 'Menunggu Pembimbing'],
    ['BusHead', 'MMM', 'Menunggu Pembimbing'],
    ['BusHead', 'SMM', 'Menunggu HR'],
    ['HR', 'SMM', 'Perlu Tindakan'],
    ['Pembimbing', 'SMM', 'Disetujui'],
    ['Pembimbing', 'SSS', 'Disetujui'],
    ['Pembimbing', 'TXX', 'Anda Menolak'],
    ['HR', 'TXX', 'Ditolak oleh Pembimbing'],
    ['Pembimbing', 'STX', 'Ditolak oleh HR'],
    ['BusHead', 'STX', 'Ditolak oleh HR'],
    ['HR', 'SXX', 'Ditolak'],
  ])('%s sees %s as %s', (role, c, expected) => {
    expect(statusForViewer(role, chain(c))).toBe(expected);
  });
});
