// Who is told what (src/domain/notifikasi.ts): the events of every chain transition a role can
// make, their recipients, the links and the texts.
import { describe, expect, it } from 'vitest';
import { type ApprovalStep, type Review, type ReviewStatus, applyAction } from '@/domain/approval-chain';
import {
  type ChainEvent,
  type ChainPoint,
  approvedByOf,
  chainEvents,
  notifikasiTautan,
  notifikasiText,
  recipientsOf,
  waitingSteps,
} from '@/domain/notifikasi';

const CODE: Record<string, ReviewStatus> = { M: 'Menunggu', S: 'Disetujui', T: 'Ditolak', X: 'Tidak_dilanjutkan' };
const STEPS: ApprovalStep[] = ['Pembimbing', 'HR', 'BusHead'];
const chain = (code: string, catatan: string | null = null): Review[] =>
  STEPS.map((step, i) => ({ role_reviewer: step, status: CODE[code[i]!]!, catatan: CODE[code[i]!] === 'Ditolak' ? catatan : null }));
const at = (code: string, inList = true): ChainPoint => ({ reviews: chain(code, 'Kurang'), inList });

/** The events of `role` taking `action` on a complete participant at `code`. */
function eventsOf(role: ApprovalStep, action: 'approve' | 'reject' | 'cancel', code: string): ChainEvent[] {
  const before = at(code);
  const after = { reviews: applyAction(action, role, before.reviews, action === 'reject' ? 'Kurang' : null), inList: true };
  return chainEvents(before, after, role);
}

describe('waitingSteps', () => {
  it.each([
    ['MMM', true, ['Pembimbing']],
    ['MMM', false, []],
    ['SMM', true, ['HR']],
    ['SSM', true, ['BusHead']],
    ['SSS', true, []],
    ['TXX', true, []],
    ['STX', true, []],
  ] as const)('%s, scores complete %s: %j', (code, inList, expected) => {
    expect(waitingSteps(at(code, inList))).toEqual(expected);
  });
});

describe('chainEvents', () => {
  it('should announce a participant to the Pembimbing when its scores become complete, and take it back on a reset', () => {
    expect(chainEvents(at('MMM', false), at('MMM', true), 'Mentor')).toEqual([{ jenis: 'menunggu_persetujuan', step: 'Pembimbing', arah: 'masuk' }]);
    expect(chainEvents(at('MMM', true), at('MMM', false), 'Mentor')).toEqual([{ jenis: 'menunggu_persetujuan', step: 'Pembimbing', arah: 'keluar' }]);
    expect(chainEvents(at('MMM', false), at('MMM', false), 'Mentor')).toEqual([]);
  });

  it.each([
    // role, action, chain before, events
    ['Pembimbing', 'approve', 'MMM', [{ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'masuk' }, { jenis: 'menunggu_persetujuan', step: 'Pembimbing', arah: 'keluar' }]],
    ['HR', 'approve', 'SMM', [{ jenis: 'menunggu_persetujuan', step: 'BusHead', arah: 'masuk' }, { jenis: 'menunggu_persetujuan', step: 'HR', arah: 'keluar' }]],
    ['BusHead', 'approve', 'SSM', [{ jenis: 'menunggu_persetujuan', step: 'BusHead', arah: 'keluar' }, { jenis: 'sertifikat_siap', arah: 'masuk' }]],
    ['Pembimbing', 'reject', 'MMM', [{ jenis: 'menunggu_persetujuan', step: 'Pembimbing', arah: 'keluar' }, { jenis: 'ditolak', step: 'Pembimbing', catatan: 'Kurang' }]],
    ['HR', 'reject', 'SMM', [{ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'keluar' }, { jenis: 'ditolak', step: 'HR', catatan: 'Kurang' }]],
    ['BusHead', 'reject', 'SSM', [{ jenis: 'menunggu_persetujuan', step: 'BusHead', arah: 'keluar' }, { jenis: 'ditolak', step: 'BusHead', catatan: 'Kurang' }]],
    // Cancelling the Pembimbing's approval or rejection lets the mentor edit scores again.
    ['Pembimbing', 'cancel', 'SMM', [{ jenis: 'menunggu_persetujuan', step: 'Pembimbing', arah: 'masuk' }, { jenis: 'menunggu_persetujuan', step: 'HR', arah: 'keluar' }, { jenis: 'dibatalkan', step: 'Pembimbing' }]],
    ['Pembimbing', 'cancel', 'TXX', [{ jenis: 'menunggu_persetujuan', step: 'Pembimbing', arah: 'masuk' }, { jenis: 'dibatalkan', step: 'Pembimbing' }]],
    // A later step's cancel leaves the mentor's scores locked (the Pembimbing has decided).
    ['HR', 'cancel', 'SSM', [{ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'masuk' }, { jenis: 'menunggu_persetujuan', step: 'BusHead', arah: 'keluar' }]],
    ['HR', 'cancel', 'STX', [{ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'masuk' }]],
    ['BusHead', 'cancel', 'SSS', [{ jenis: 'menunggu_persetujuan', step: 'BusHead', arah: 'masuk' }, { jenis: 'sertifikat_siap', arah: 'keluar' }]],
    ['BusHead', 'cancel', 'SST', [{ jenis: 'menunggu_persetujuan', step: 'BusHead', arah: 'masuk' }]],
  ] as const)('%s %s on %s', (role, action, code, expected) => {
    expect(eventsOf(role, action, code)).toEqual(expected);
  });
});

describe('recipientsOf', () => {
  const people = { mentorId: 7, approvedBy: { Pembimbing: 11, HR: 12 } };
  it('should tell every user of the step reached, HR of a certificate, nobody of a step left', () => {
    expect(recipientsOf({ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'masuk' }, people)).toEqual({ role: 'HR' });
    expect(recipientsOf({ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'keluar' }, people)).toBeNull();
    expect(recipientsOf({ jenis: 'sertifikat_siap', arah: 'masuk' }, people)).toEqual({ role: 'HR' });
    expect(recipientsOf({ jenis: 'sertifikat_siap', arah: 'keluar' }, people)).toBeNull();
  });

  it('should tell the mentor and the approvers of the earlier steps of a rejection, the mentor of an unlocking cancel', () => {
    expect(recipientsOf({ jenis: 'ditolak', step: 'Pembimbing', catatan: null }, people)).toEqual({ userIds: [7] });
    expect(recipientsOf({ jenis: 'ditolak', step: 'HR', catatan: null }, people)).toEqual({ userIds: [7, 11] });
    expect(recipientsOf({ jenis: 'ditolak', step: 'BusHead', catatan: null }, people)).toEqual({ userIds: [7, 11, 12] });
    expect(recipientsOf({ jenis: 'ditolak', step: 'BusHead', catatan: null }, { mentorId: null, approvedBy: {} })).toEqual({ userIds: [] });
    expect(recipientsOf({ jenis: 'dibatalkan', step: 'Pembimbing' }, people)).toEqual({ userIds: [7] });
  });

  it('should take the approvers from the approved review rows only', () => {
    const rows = [
      { role_reviewer: 'Pembimbing' as const, status: 'Disetujui' as const, reviewer_id: 11 },
      { role_reviewer: 'HR' as const, status: 'Ditolak' as const, reviewer_id: 12 },
      { role_reviewer: 'BusHead' as const, status: 'Tidak_dilanjutkan' as const, reviewer_id: null },
    ];
    expect(approvedByOf(rows)).toEqual({ Pembimbing: 11 });
  });
});

describe('links and texts', () => {
  it('should lead each notification to where its action is', () => {
    expect(notifikasiTautan({ jenis: 'menunggu_persetujuan', step: 'HR', arah: 'masuk' }, 'approver', 5, 'SMK')).toBe('/approval?status=perlu_tindakan');
    expect(notifikasiTautan({ jenis: 'sertifikat_siap', arah: 'masuk' }, 'approver', 5, 'Mahasiswa')).toBe('/certificates/mahasiswa');
    expect(notifikasiTautan({ jenis: 'sertifikat_siap', arah: 'masuk' }, 'approver', 5, 'SMK')).toBe('/certificates/siswa');
    expect(notifikasiTautan({ jenis: 'ditolak', step: 'HR', catatan: null }, 'mentor', 5, 'SMK')).toBe('/penilaian?peserta=5');
    expect(notifikasiTautan({ jenis: 'ditolak', step: 'HR', catatan: null }, 'approver', 5, 'SMK')).toBe('/approval?peserta=5');
    expect(notifikasiTautan({ jenis: 'dibatalkan', step: 'Pembimbing' }, 'mentor', 5, 'SMK')).toBe('/penilaian?peserta=5');
  });

  it('should word every kind in Indonesian from the stored facts', () => {
    expect(notifikasiText('menunggu_persetujuan', {}, 12)).toEqual({ judul: 'Menunggu persetujuan', isi: '12 peserta menunggu persetujuan Anda' });
    expect(notifikasiText('sertifikat_siap', { jenjang: 'SMK' }, 3)).toEqual({ judul: 'Sertifikat siap dicetak', isi: '3 sertifikat SMK siap dicetak' });
    expect(notifikasiText('ditolak', { nama: 'Budi', step: 'HR', catatan: 'Nilai belum sesuai' }, 1)).toEqual({
      judul: 'Peserta ditolak',
      isi: 'Budi ditolak oleh HR: Nilai belum sesuai. Nilai terkunci; hanya HR yang dapat membatalkan penolakan.',
    });
    expect(notifikasiText('ditolak', { nama: 'Budi', step: 'HR', catatan: null }, 1).isi).toBe('Budi ditolak oleh HR. Nilai terkunci; hanya HR yang dapat membatalkan penolakan.');
    // A note ending in its own full stop is not given a second one.
    expect(notifikasiText('ditolak', { nama: 'Budi', step: 'BusHead', catatan: 'Ditunda.' }, 1).isi).toBe(
      'Budi ditolak oleh BusHead: Ditunda. Nilai terkunci; hanya BusHead yang dapat membatalkan penolakan.',
    );
    expect(notifikasiText('dibatalkan', { nama: 'Budi', step: 'Pembimbing' }, 1)).toEqual({
      judul: 'Keputusan dibatalkan',
      isi: 'Pembimbing membatalkan keputusan untuk Budi. Nilai dapat diubah kembali.',
    });
  });
});
