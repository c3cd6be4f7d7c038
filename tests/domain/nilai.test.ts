import { describe, expect, it } from 'vitest';
import type { ApprovalStep, Review, ReviewStatus } from '@/domain/approval-chain';
import { inApprovalList, isValidSkor, letterGrade, mentorStatus, scoreEditLock } from '@/domain/nilai';

const CODE: Record<string, ReviewStatus> = { M: 'Menunggu', S: 'Disetujui', T: 'Ditolak', X: 'Tidak_dilanjutkan' };
const STEPS: ApprovalStep[] = ['Pembimbing', 'HR', 'BusHead'];
const chain = (code: string): Review[] => STEPS.map((step, i) => ({ role_reviewer: step, status: CODE[code[i]!]! }));

describe('letterGrade', () => {
  it.each([
    [100, 'A'], [90, 'A'], [89, 'B'], [80, 'B'], [79, 'C'], [70, 'C'], [69, 'D'], [60, 'D'], [59, 'E'], [0, 'E'],
  ] as const)('%i -> %s', (skor, letter) => {
    expect(letterGrade(skor)).toBe(letter);
  });
});

describe('isValidSkor', () => {
  it.each([
    [0, true], [100, true], [55, true], [-1, false], [101, false], [50.5, false], ['80', false], [Number.NaN, false], [null, false],
  ] as const)('%j -> %s', (value, expected) => {
    expect(isValidSkor(value)).toBe(expected);
  });
});

describe('scoreEditLock', () => {
  it.each([
    // Mentor: locked once Pembimbing decided; the text names the latest deciding step.
    ['Mentor', 'MMM', null],
    ['Mentor', 'SMM', 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval'],
    ['Mentor', 'SSM', 'Nilai tidak dapat diedit. HR sudah melakukan approval'],
    ['Mentor', 'SSS', 'Nilai tidak dapat diedit. BusHead sudah melakukan approval'],
    ['Mentor', 'TXX', 'Nilai tidak dapat diedit. Pembimbing sudah menolak peserta'],
    ['Mentor', 'STX', 'Nilai tidak dapat diedit. HR sudah menolak peserta'],
    ['Mentor', 'SST', 'Nilai tidak dapat diedit. BusHead sudah menolak peserta'],
    ['Mentor', 'MXX', 'Nilai tidak dapat diubah karena proses persetujuan telah dihentikan'],
    // Pembimbing: locked once HR decided, once anyone rejected, once its own review is decided.
    ['Pembimbing', 'MMM', null],
    ['Pembimbing', 'SMM', 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan'],
    ['Pembimbing', 'SSM', 'Nilai tidak dapat diubah karena HR sudah melakukan approval'],
    ['Pembimbing', 'TXX', 'Nilai tidak dapat diubah karena proses persetujuan telah dihentikan'],
    ['Pembimbing', 'STX', 'Nilai tidak dapat diubah karena proses persetujuan telah dihentikan'],
    ['Pembimbing', 'SST', 'Nilai tidak dapat diubah karena BusHead sudah menolak peserta'],
    // HR: locked once BusHead decided, anyone rejected, or its own review decided.
    ['HR', 'MMM', null],
    ['HR', 'SMM', null],
    ['HR', 'SSM', 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan'],
    ['HR', 'SSS', 'Nilai tidak dapat diubah karena BusHead sudah melakukan approval'],
    ['HR', 'SST', 'Nilai tidak dapat diubah karena BusHead sudah menolak peserta'],
    ['HR', 'TXX', 'Nilai tidak dapat diubah karena proses persetujuan telah dihentikan'],
    // BusHead never edits scores.
    ['BusHead', 'MMM', 'Nilai tidak dapat diubah karena BusHead tidak dapat mengedit nilai'],
    ['BusHead', 'SSM', 'Nilai tidak dapat diubah karena BusHead tidak dapat mengedit nilai'],
  ])('%s on %s: %s', (role, c, expected) => {
    expect(scoreEditLock(role, chain(c))).toBe(expected);
  });
});

describe('mentorStatus', () => {
  it.each([
    [0, 4, 'MMM', 'belum_dinilai', 'Penilaian belum lengkap'],
    [3, 4, 'MMM', 'belum_dinilai', 'Penilaian belum lengkap'],
    [0, 0, 'MMM', 'belum_dinilai', 'Penilaian belum lengkap'],
    [4, 4, 'MMM', 'menunggu_approval', 'Menunggu Approval'],
    [4, 4, 'SMM', 'approval_parsial', 'Disetujui 1 dari 3'],
    [4, 4, 'SSM', 'approval_parsial', 'Disetujui 2 dari 3'],
    [4, 4, 'SSS', 'approval_lengkap', 'Lengkap'],
    [4, 4, 'TXX', 'ditolak', 'Ditolak'],
    [4, 4, 'SST', 'ditolak', 'Ditolak'],
  ])('%i of %i scores, %s -> %s', (scores, kompetensi, c, status, label) => {
    expect(mentorStatus(scores, kompetensi, chain(c))).toEqual({ status, label });
  });
});

describe('inApprovalList', () => {
  it.each([
    [0, 0, false], [1, 0, false], [0, 3, false], [2, 3, false], [3, 3, true], [4, 3, true],
  ])('%i scores, %i competencies -> %s', (scores, kompetensi, expected) => {
    expect(inApprovalList(scores, kompetensi)).toBe(expected);
  });
});
