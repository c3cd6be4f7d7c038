// Who the daily reminders reach (src/domain/pengingat.ts): the day window of the score reminder,
// the wait at a step, when the day's run is due, and the reminders' texts.
import { describe, expect, it } from 'vitest';
import type { ApprovalStep, Review, ReviewStatus } from '@/domain/approval-chain';
import { notifikasiText } from '@/domain/notifikasi';
import {
  PENGINGAT_DEFAULTS,
  addDays,
  dueRunDate,
  endsWithin,
  jakartaHour,
  nilaiReminders,
  overdueByStep,
  stepWaitedAt,
  waitedLongerThan,
  waitingSince,
} from '@/domain/pengingat';

const CODE: Record<string, ReviewStatus> = { M: 'Menunggu', S: 'Disetujui', T: 'Ditolak', X: 'Tidak_dilanjutkan' };
const STEPS: ApprovalStep[] = ['Pembimbing', 'HR', 'BusHead'];
const chain = (code: string): Review[] => STEPS.map((step, i) => ({ role_reviewer: step, status: CODE[code[i]!]! }));
const DAY = 86_400_000;

describe('addDays and endsWithin', () => {
  it.each([
    ['2026-11-26', 7, '2026-12-03'],
    ['2026-12-28', 7, '2027-01-04'],
    ['2028-02-27', 2, '2028-02-29'],
    ['2026-11-26', 0, '2026-11-26'],
  ] as const)('%s + %i days = %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
  });

  it.each([
    // end date, today, window days, within
    ['2026-11-26', '2026-11-26', 7, true],
    ['2026-12-01', '2026-11-26', 7, true],
    ['2026-12-03', '2026-11-26', 7, true],
    ['2026-12-04', '2026-11-26', 7, false],
    ['2026-11-25', '2026-11-26', 7, false],
    ['2026-12-06', '2026-11-26', 10, true],
  ] as const)('ending %s, today %s, window %i days: %s', (tanggalSelesai, today, days, within) => {
    expect(endsWithin(tanggalSelesai, today, days)).toBe(within);
  });
});

describe('nilaiReminders', () => {
  const base = { mentorId: 7, mentorTerima: true, tanggalSelesai: '2026-12-01', scoresComplete: false };
  it.each([
    ['ending in 5 days, scores incomplete', {}, true],
    ['scores complete', { scoresComplete: true }, false],
    ['ending in 10 days', { tanggalSelesai: '2026-12-06' }, false],
    ['ended yesterday', { tanggalSelesai: '2026-11-25' }, false],
    ['mentor switched reminders off', { mentorTerima: false }, false],
    ['no mentor', { mentorId: null }, false],
  ] as const)('%s: reminded %s', (_, change, reminded) => {
    const rows = [{ ...base, pesertaId: 1, ...change }];
    expect(nilaiReminders(rows, '2026-11-26', PENGINGAT_DEFAULTS).map((row) => row.pesertaId)).toEqual(reminded ? [1] : []);
  });
});

describe('the wait at a step', () => {
  it('should start at the latest change of the reviews and scores', () => {
    const times = [new Date('2026-11-20T01:00:00Z'), null, new Date('2026-11-22T03:00:00Z'), undefined, new Date('2026-11-21T00:00:00Z')];
    expect(waitingSince(times)).toEqual(new Date('2026-11-22T03:00:00Z'));
    expect(waitingSince([])).toBeNull();
  });

  it.each([
    [4 * DAY, 3, true],
    [3 * DAY + 1, 3, true],
    [3 * DAY, 3, false],
    [2 * DAY, 3, false],
  ] as const)('waited %i ms, more than %i days: %s', (waited, days, longer) => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(waitedLongerThan(new Date(now.getTime() - waited), now, days)).toBe(longer);
  });

  it.each([
    ['MMM', true, 'Pembimbing'],
    ['MMM', false, null],
    ['SMM', true, 'HR'],
    ['SSM', true, 'BusHead'],
    ['SSS', true, null],
    ['TXX', true, null],
    ['STX', true, null],
  ] as const)('chain %s, scores complete %s: waits at %s', (code, inList, step) => {
    expect(stepWaitedAt({ reviews: chain(code), inList })).toBe(step);
  });

  it('should group the participants waiting too long by step', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const rows = [
      { pesertaId: 1, reviews: chain('MMM'), inList: true, since: ago(4) },
      { pesertaId: 2, reviews: chain('MMM'), inList: true, since: ago(2) },
      { pesertaId: 3, reviews: chain('SMM'), inList: true, since: ago(5) },
      { pesertaId: 4, reviews: chain('SSS'), inList: true, since: ago(9) },
      { pesertaId: 5, reviews: chain('MMM'), inList: false, since: ago(9) },
      { pesertaId: 6, reviews: chain('SSM'), inList: true, since: null },
    ];
    expect(overdueByStep(rows, now, PENGINGAT_DEFAULTS)).toEqual(new Map([['Pembimbing', [1]], ['HR', [3]]]));
    expect(overdueByStep(rows, now, { ...PENGINGAT_DEFAULTS, hariMenunggu: 1 })).toEqual(new Map([['Pembimbing', [1, 2]], ['HR', [3]]]));
  });
});

describe('dueRunDate', () => {
  it.each([
    // UTC instant, hour in Jakarta (UTC+7), setting, due day
    ['2026-11-26T23:59:00Z', 6, 7, null],
    ['2026-11-27T00:00:00Z', 7, 7, '2026-11-27'],
    ['2026-11-27T10:00:00Z', 17, 7, '2026-11-27'],
    ['2026-11-26T17:30:00Z', 0, 0, '2026-11-27'],
    ['2026-11-26T16:59:00Z', 23, 7, '2026-11-26'],
  ] as const)('at %s (Jakarta %i o’clock), PENGINGAT_JAM %i: %s', (iso, hour, jam, due) => {
    expect(jakartaHour(new Date(iso))).toBe(hour);
    expect(dueRunDate(new Date(iso), jam)).toBe(due);
  });
});

describe('reminder texts', () => {
  it('should name the participant and its end date in id-ID', () => {
    expect(notifikasiText('pengingat_nilai', { nama: 'Budi', tanggal: '2026-12-03' }, 1)).toEqual({
      judul: 'Pengingat nilai',
      isi: 'Nilai Budi belum lengkap, magang berakhir 3 Desember 2026',
    });
  });

  it('should count the participants and the days of the wait', () => {
    expect(notifikasiText('pengingat_persetujuan', { hari: 3 }, 2)).toEqual({
      judul: 'Pengingat persetujuan',
      isi: '2 peserta menunggu persetujuan Anda lebih dari 3 hari',
    });
  });
});
