// The working-set rule (src/domain/working-set.ts): the window per role, pending work (never for a
// participant nobody scored), and membership (the rejected, the notified, the late certificate).
import { describe, expect, it } from 'vitest';
import type { Review, ReviewStatus } from '@/domain/approval-chain';
import { DEFAULT_WORKING_SET_WINDOW, type WorkingSetInput, hasPendingWork, inWorkingSet, workingSetBatas } from '@/domain/working-set';

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

/** What a participant's scores say: none given, some, or every needed one (in the approval list). */
const NONE = { dinilai: false, nilaiLengkap: false };
const SOME = { dinilai: true, nilaiLengkap: false };
const COMPLETE = { dinilai: true, nilaiLengkap: true };

describe('hasPendingWork', () => {
  it.each<[string, Review[], typeof NONE, boolean]>([
    // A Mentor: scores it began and may still edit.
    ['Mentor', NEW, SOME, true],
    ['Mentor', NEW, COMPLETE, true],
    ['Mentor', NEW, NONE, false],
    ['Mentor', [], SOME, true],
    ['Mentor', chain('Disetujui', 'Menunggu', 'Menunggu'), COMPLETE, false],
    ['Mentor', chain('Ditolak', 'Tidak_dilanjutkan', 'Tidak_dilanjutkan'), COMPLETE, false],
    ['Mentor', chain('Menunggu', 'Tidak_dilanjutkan', 'Menunggu'), SOME, false],
    ['Mentor', ALL_APPROVED, COMPLETE, false],
    // An approver: in the approval list with a step still open.
    ['Pembimbing', NEW, COMPLETE, true],
    ['HR', chain('Disetujui', 'Menunggu', 'Menunggu'), COMPLETE, true],
    ['BusHead', chain('Disetujui', 'Disetujui', 'Menunggu'), COMPLETE, true],
    // never scored, or scored in part: in no approval list, nobody's work
    ['Pembimbing', NEW, NONE, false],
    ['HR', NEW, NONE, false],
    ['BusHead', NEW, SOME, false],
    // rejected: the rejecting step may cancel; the others have nothing to do
    ['HR', chain('Disetujui', 'Ditolak', 'Tidak_dilanjutkan'), COMPLETE, true],
    ['Pembimbing', chain('Disetujui', 'Ditolak', 'Tidak_dilanjutkan'), COMPLETE, false],
    ['BusHead', chain('Disetujui', 'Ditolak', 'Tidak_dilanjutkan'), COMPLETE, false],
    ['BusHead', chain('Disetujui', 'Disetujui', 'Ditolak'), COMPLETE, true],
    ['HR', chain('Disetujui', 'Disetujui', 'Ditolak'), COMPLETE, false],
    ['Pembimbing', chain('Ditolak', 'Tidak_dilanjutkan', 'Tidak_dilanjutkan'), COMPLETE, true],
    ['Pembimbing', ALL_APPROVED, COMPLETE, false],
    ['HR', ALL_APPROVED, COMPLETE, false],
    ['BusHead', ALL_APPROVED, COMPLETE, false],
  ])('%s with %j, scores %j: %s', (role, reviews, scores, pending) => {
    expect(hasPendingWork(role, { reviews, ...scores })).toBe(pending);
  });
});

describe('inWorkingSet', () => {
  const batasHr = workingSetBatas('HR', TODAY, DEFAULT_WORKING_SET_WINDOW);
  const batasMentor = workingSetBatas('Mentor', TODAY, DEFAULT_WORKING_SET_WINDOW);
  const HR_REJECTED = chain('Disetujui', 'Ditolak', 'Tidak_dilanjutkan');
  it.each<[string, string, Review[], Partial<WorkingSetInput>, string, boolean]>([
    // still running, or not started yet
    ['HR', '2027-02-01', ALL_APPROVED, COMPLETE, batasHr, true],
    ['Mentor', '2027-02-01', NEW, NONE, batasMentor, true],
    // ended on the window's first day: in; the day before: out (when nothing is pending)
    ['HR', '2026-05-31', ALL_APPROVED, COMPLETE, batasHr, true],
    ['HR', '2026-05-30', ALL_APPROVED, COMPLETE, batasHr, false],
    ['Mentor', '2026-08-29', ALL_APPROVED, COMPLETE, batasMentor, true],
    ['Mentor', '2026-08-28', ALL_APPROVED, COMPLETE, batasMentor, false],
    // ended 100 days ago: an approver's, not a mentor's (whose scores are locked)
    ['BusHead', '2026-08-19', chain('Disetujui', 'Menunggu', 'Menunggu'), COMPLETE, batasHr, true],
    ['Mentor', '2026-08-19', chain('Disetujui', 'Menunggu', 'Menunggu'), COMPLETE, batasMentor, false],
    // ended years ago, scores complete, still waiting in the chain: pending work keeps it
    ['HR', '2019-06-30', chain('Disetujui', 'Menunggu', 'Menunggu'), COMPLETE, batasHr, true],
    ['Mentor', '2019-06-30', NEW, SOME, batasMentor, true],
    // never scored, ended years ago: on no device
    ['Pembimbing', '2019-06-30', NEW, NONE, batasHr, false],
    ['HR', '2019-06-30', NEW, NONE, batasHr, false],
    ['BusHead', '2019-06-30', NEW, NONE, batasHr, false],
    ['Mentor', '2019-06-30', NEW, NONE, batasMentor, false],
    // rejected by HR 200 days after the end: HR may cancel; the others hold it while told
    ['HR', '2026-04-01', HR_REJECTED, COMPLETE, batasHr, true],
    ['Pembimbing', '2026-04-01', HR_REJECTED, COMPLETE, batasHr, false],
    ['Pembimbing', '2026-04-01', HR_REJECTED, { ...COMPLETE, diberitahu: true }, batasHr, true],
    ['Mentor', '2026-04-01', HR_REJECTED, COMPLETE, batasMentor, false],
    ['Mentor', '2026-04-01', HR_REJECTED, { ...COMPLETE, diberitahu: true }, batasMentor, true],
    ['BusHead', '2026-04-01', HR_REJECTED, COMPLETE, batasHr, false],
    // notified (an unread notification), whatever else: in; read: judged as the rest
    ['HR', '2019-06-30', ALL_APPROVED, { ...COMPLETE, diberitahu: true }, batasHr, true],
    ['Mentor', '2019-06-30', NEW, { ...NONE, diberitahu: true }, batasMentor, true],
    ['HR', '2019-06-30', ALL_APPROVED, { ...COMPLETE, diberitahu: false }, batasHr, false],
    // a certificate issued or re-issued within the window, however old the internship: every approver's
    ['HR', '2019-06-30', ALL_APPROVED, { ...COMPLETE, sertifikatTerbit: TODAY }, batasHr, true],
    ['BusHead', '2019-06-30', ALL_APPROVED, { ...COMPLETE, sertifikatTerbit: batasHr }, batasHr, true],
    ['HR', '2019-06-30', ALL_APPROVED, { ...COMPLETE, sertifikatTerbit: '2026-05-30' }, batasHr, false],
    ['Mentor', '2019-06-30', ALL_APPROVED, { ...COMPLETE, sertifikatTerbit: TODAY }, batasMentor, false],
    // approved at every step long ago, certificate long ago, or stopped: archive
    ['HR', '2019-06-30', ALL_APPROVED, { ...COMPLETE, sertifikatTerbit: '2019-07-01' }, batasHr, false],
    ['BusHead', '2019-06-30', chain('Tidak_dilanjutkan', 'Menunggu', 'Menunggu'), COMPLETE, batasHr, false],
    ['Mentor', '2019-06-30', ALL_APPROVED, COMPLETE, batasMentor, false],
  ])('%s, ended %s, %j, %j (batas %s): %s', (role, selesai, reviews, more, batas, expected) => {
    expect(inWorkingSet(role, { tanggal_selesai: selesai, reviews, ...more }, batas)).toBe(expected);
  });

  it('should count a participant without review rows as waiting at every step', () => {
    expect(inWorkingSet('HR', { tanggal_selesai: '2019-06-30', ...COMPLETE }, batasHr)).toBe(true);
    expect(inWorkingSet('HR', { tanggal_selesai: '2019-06-30' }, batasHr)).toBe(false);
    expect(inWorkingSet('Mentor', { tanggal_selesai: '2019-06-30', reviews: null, ...SOME }, batasMentor)).toBe(true);
  });
});
