// The working-set rule (src/domain/working-set.ts): the window per role, pending work, and membership.
import { describe, expect, it } from 'vitest';
import type { Review, ReviewStatus } from '@/domain/approval-chain';
import { DEFAULT_WORKING_SET_WINDOW, hasPendingWork, inWorkingSet, workingSetBatas } from '@/domain/working-set';

/** Reviews of the three steps from their statuses, in chain order. */
function chain(pembimbing: ReviewStatus, hr: ReviewStatus, bushead: ReviewStatus): Review[] {
  return [
    { role_reviewer: 'Pembimbing', status: pembimbing },
    { role_reviewer: 'HR', status: hr },
    { role_reviewer: 'BusHead', status: bushead },
  ];
}

const TODAY = '2026-11-27';
const ALL_APPROVED = chain('Disetujui', 'Disetujui', 'Disetujui');
const NEW = chain('Menunggu', 'Menunggu', 'Menunggu');

describe('workingSetBatas', () => {
  it.each([
    ['Mentor', '2026-08-29'],
    ['Pembimbing', '2026-05-31'],
    ['HR', '2026-05-31'],
    ['BusHead', '2026-05-31'],
  ])('should put the window of %s at %s on 27 November 2026', (role, batas) => {
    expect(workingSetBatas(role, TODAY, DEFAULT_WORKING_SET_WINDOW)).toBe(batas);
  });

  it('should follow the settings, across a leap day', () => {
    expect(workingSetBatas('HR', '2028-03-01', { mentorDays: 1, approverDays: 1 })).toBe('2028-02-29');
    expect(workingSetBatas('Mentor', '2028-03-01', { mentorDays: 2, approverDays: 400 })).toBe('2028-02-28');
  });
});

describe('hasPendingWork', () => {
  it.each<[string, Review[], boolean]>([
    ['Mentor', NEW, true],
    ['Mentor', [], true],
    ['Mentor', chain('Disetujui', 'Menunggu', 'Menunggu'), false],
    ['Mentor', chain('Ditolak', 'Menunggu', 'Menunggu'), false],
    ['Mentor', chain('Menunggu', 'Tidak_dilanjutkan', 'Menunggu'), false],
    ['Mentor', ALL_APPROVED, false],
    ['Pembimbing', NEW, true],
    ['HR', chain('Disetujui', 'Menunggu', 'Menunggu'), true],
    ['BusHead', chain('Disetujui', 'Disetujui', 'Menunggu'), true],
    ['HR', chain('Disetujui', 'Ditolak', 'Menunggu'), true],
    ['BusHead', chain('Disetujui', 'Tidak_dilanjutkan', 'Menunggu'), false],
    ['Pembimbing', ALL_APPROVED, false],
    ['HR', ALL_APPROVED, false],
    ['BusHead', ALL_APPROVED, false],
  ])('%s with %j: %s', (role, reviews, pending) => {
    expect(hasPendingWork(role, reviews)).toBe(pending);
  });
});

describe('inWorkingSet', () => {
  const batasHr = workingSetBatas('HR', TODAY, DEFAULT_WORKING_SET_WINDOW);
  const batasMentor = workingSetBatas('Mentor', TODAY, DEFAULT_WORKING_SET_WINDOW);
  it.each<[string, string, Review[], string, boolean]>([
    // still running, or not started yet
    ['HR', '2027-02-01', ALL_APPROVED, batasHr, true],
    ['Mentor', '2027-02-01', ALL_APPROVED, batasMentor, true],
    // ended on the window's first day: in; the day before: out (when nothing is pending)
    ['HR', '2026-05-31', ALL_APPROVED, batasHr, true],
    ['HR', '2026-05-30', ALL_APPROVED, batasHr, false],
    ['Mentor', '2026-08-29', ALL_APPROVED, batasMentor, true],
    ['Mentor', '2026-08-28', ALL_APPROVED, batasMentor, false],
    // ended 100 days ago: an approver's, not a mentor's (whose scores are locked)
    ['BusHead', '2026-08-19', chain('Disetujui', 'Menunggu', 'Menunggu'), batasHr, true],
    ['Mentor', '2026-08-19', chain('Disetujui', 'Menunggu', 'Menunggu'), batasMentor, false],
    // ended years ago, still waiting in the chain: pending work keeps it
    ['HR', '2019-06-30', chain('Disetujui', 'Menunggu', 'Menunggu'), batasHr, true],
    ['Pembimbing', '2019-06-30', chain('Disetujui', 'Disetujui', 'Ditolak'), batasHr, true],
    ['Mentor', '2019-06-30', NEW, batasMentor, true],
    // ended years ago, approved at every step (a certificate issued long ago) or stopped: archive
    ['HR', '2019-06-30', ALL_APPROVED, batasHr, false],
    ['BusHead', '2019-06-30', chain('Tidak_dilanjutkan', 'Menunggu', 'Menunggu'), batasHr, false],
    ['Mentor', '2019-06-30', ALL_APPROVED, batasMentor, false],
  ])('%s, ended %s, %j (batas %s): %s', (role, selesai, reviews, batas, expected) => {
    expect(inWorkingSet(role, { tanggal_selesai: selesai, reviews }, batas)).toBe(expected);
  });

  it('should count a participant without review rows as waiting at every step', () => {
    expect(inWorkingSet('HR', { tanggal_selesai: '2019-06-30' }, batasHr)).toBe(true);
    expect(inWorkingSet('Mentor', { tanggal_selesai: '2019-06-30', reviews: null }, batasMentor)).toBe(true);
  });
});
