// The rules of a kept mark: the day a day view opens on, the dashboard's line on a day off, where a
// row's mark is, what a tap does, and how the taps of a day waiting unsent fold into one change.
import { describe, expect, it } from 'vitest';
import { foldDayMarks, takesDayMarks } from '@/domain/outbox';
import { DEFAULT_HARI_KERJA, type PresensiMark, type Weekday } from '@/domain/presensi';
import { MARK_STATE_TEXT, type MarkInput, latestWorkingDay, markState, tapOutcome, todayLineOf } from '@/domain/presensi-screen';
import { correctsInCalendar } from '@/domain/presensi-calendar';
import { formatHariTanggal } from '@/domain/dates';

const ALL_DAYS: Weekday[] = [1, 2, 3, 4, 5, 6, 7];

describe('latestWorkingDay', () => {
  it.each([
    ['2026-11-29', DEFAULT_HARI_KERJA, '2026-11-28'], // Sunday → Saturday
    ['2026-11-28', DEFAULT_HARI_KERJA, '2026-11-28'], // Saturday is a working day
    ['2026-11-30', DEFAULT_HARI_KERJA, '2026-11-30'], // Monday
    ['2026-11-29', [1, 2, 3, 4, 5] as Weekday[], '2026-11-27'], // Sunday, Monday–Friday → Friday
    ['2026-11-28', [1, 2, 3, 4, 5] as Weekday[], '2026-11-27'], // Saturday → Friday
    ['2026-12-01', [4] as Weekday[], '2026-11-26'], // Tuesday, Thursdays only → last Thursday
    ['2026-11-29', ALL_DAYS, '2026-11-29'],
    ['2026-11-29', [] as Weekday[], '2026-11-29'], // no working day at all: today
  ] as const)('%s with %j opens on %s', (today, hariKerja, expected) => {
    expect(latestWorkingDay(today, hariKerja)).toBe(expected);
  });
});

describe('formatHariTanggal', () => {
  it('should name the weekday', () => {
    expect(formatHariTanggal('2026-11-28')).toBe('Sabtu, 28 November 2026');
    expect(formatHariTanggal('2026-11-29')).toBe('Minggu, 29 November 2026');
    expect(formatHariTanggal('bukan')).toBe('bukan');
  });
});

describe('todayLineOf', () => {
  it('should count on a working day and ask nothing on a day off', () => {
    expect(todayLineOf({ marked: 1, active: 2 }, '2026-11-28', DEFAULT_HARI_KERJA)).toBe('Presensi hari ini: 1 dari 2 ditandai');
    expect(todayLineOf({ marked: 0, active: 2 }, '2026-11-29', DEFAULT_HARI_KERJA)).toBe('Hari ini bukan hari kerja — tidak ada presensi yang perlu ditandai');
    expect(todayLineOf({ marked: 0, active: 2 }, '2026-11-29', ALL_DAYS)).toBe('Presensi hari ini: 0 dari 2 ditandai');
  });
});

describe('markState', () => {
  it.each([
    [{ waiting: false, queued: false, refused: false, marked: false }, 'none', 'Belum ditandai'],
    [{ waiting: false, queued: false, refused: false, marked: true }, 'sent', 'Terkirim'],
    [{ waiting: false, queued: true, refused: false, marked: true }, 'queued', 'Tersimpan di perangkat'],
    [{ waiting: false, queued: false, refused: true, marked: true }, 'refused', 'Perubahan ditolak'],
    [{ waiting: false, queued: true, refused: true, marked: true }, 'queued', 'Tersimpan di perangkat'], // a tap after the refusal
    [{ waiting: true, queued: true, refused: true, marked: true }, 'waiting', 'Menunggu catatan — Izin dikirim setelah catatan diisi'],
  ] as const)('%j → %s (%s)', (held, state, text) => {
    expect(markState(held)).toBe(state);
    expect(MARK_STATE_TEXT[markState(held)]).toBe(text);
  });
});

describe('tapOutcome', () => {
  const hadir: MarkInput = { status: 'Hadir', catatan: null };
  const izin = (catatan: string | null): MarkInput => ({ status: 'Izin', catatan });
  it.each([
    ['a new status', hadir, null, false, 'queue'],
    ['the same status again', hadir, hadir, false, 'none'],
    ['Izin without a note', izin(null), hadir, false, 'hold'],
    ['Izin with a blank note', izin('  '), null, false, 'hold'],
    ['Izin without a note while one waits', izin(null), hadir, true, 'none'],
    ['the note of a waiting Izin', izin('Acara keluarga'), hadir, true, 'queue'],
    ['the held mark while an Izin waits', hadir, hadir, true, 'release'],
    ['another status while an Izin waits', { status: 'Sakit', catatan: null }, hadir, true, 'queue'],
    ["a held Izin's note emptied", izin(''), izin('Ujian'), false, 'none'],
    ["a held Izin's new note", izin('Ujian sekolah'), izin('Ujian'), false, 'queue'],
  ] as const)('%s → %s', (_what, mark, held, waiting, expected) => {
    expect(tapOutcome(mark, held, waiting)).toBe(expected);
  });
});

describe('folding the marks of a day waiting unsent', () => {
  const DAY = '2026-11-23';
  const mark = (peserta_id: number, status: PresensiMark['status'], sebelumnya: PresensiMark['sebelumnya'], tanggal = DAY): PresensiMark => ({
    peserta_id,
    tanggal,
    status,
    catatan: null,
    sebelumnya,
  });
  const entry = (overrides: Record<string, unknown> = {}) => ({
    kind: 'presensi.save' as const,
    user: 3,
    role: 'Mentor',
    state: 'pending',
    payload: { presensi: [mark(1, 'Hadir', null)] },
    ...overrides,
  });
  const mentor = { user: 3, role: 'Mentor' };

  it.each([
    ['a waiting change of the day', entry(), true],
    ['one already sent (a request may carry it)', entry({ sentAt: 1 }), false],
    ['one being sent', entry({ state: 'sending', sentAt: 1 }), false],
    ['a refused one', entry({ state: 'conflict' }), false],
    ["another user's", entry({ user: 4 }), false],
    ['one made in another role', entry({ role: 'HR' }), false],
    ['one of another day', entry({ payload: { presensi: [mark(1, 'Hadir', null, '2026-11-24')] } }), false],
    ['one of several days', entry({ payload: { presensi: [mark(1, 'Hadir', null), mark(1, 'Hadir', null, '2026-11-24')] } }), false],
    ['a score change', entry({ kind: 'nilai.save' }), false],
  ] as const)('takesDayMarks: %s → %s', (_what, queued, expected) => {
    expect(takesDayMarks(queued, mentor, DAY, 1)).toBe(expected);
  });

  it('should take no more than one request holds', () => {
    const full = entry({ payload: { presensi: Array.from({ length: 500 }, (_, i) => mark(i + 1, 'Hadir', null)) } });
    expect(takesDayMarks(full, mentor, DAY, 1)).toBe(false);
    expect(takesDayMarks(entry(), mentor, DAY, 499)).toBe(true);
    expect(takesDayMarks(entry(), mentor, DAY, 500)).toBe(false);
  });

  it("should replace a date's status but keep the status the device showed before the first unsent change", () => {
    const queued = [mark(1, 'Hadir', 'Alpa'), mark(2, 'Hadir', null)];
    // The device shows the queued Hadir now: a second tap sees it as its 'sebelumnya'.
    const folded = foldDayMarks(queued, [mark(1, 'Sakit', 'Hadir'), mark(3, 'Izin', null)]);
    expect(folded).toEqual([mark(1, 'Sakit', 'Alpa'), mark(2, 'Hadir', null), mark(3, 'Izin', null)]);
    expect(queued[0]!.status).toBe('Hadir');
  });
});

describe('correctsInCalendar', () => {
  it.each([
    ['HR', true],
    ['Mentor', false],
    ['Pembimbing', false],
    ['BusHead', false],
    [null, false],
  ] as const)('%s → %s', (role, expected) => {
    expect(correctsInCalendar(role)).toBe(expected);
  });
});
