import { describe, expect, it } from 'vitest';
import { isIsoDate } from '@/domain/dates';
import { DISETUJUI, DITOLAK, HR, MENUNGGU, PEMBIMBING, BUSHEAD, TIDAK_DILANJUTKAN, type Review, type ReviewStatus } from '@/domain/approval-chain';
import {
  DEFAULT_HARI_KERJA,
  addDays,
  PRESENSI_MSG,
  countMarks,
  countWorkingDays,
  parseHariKerja,
  persenHadir,
  presensiLock,
  presensiMarkSchema,
  presensiPutSchema,
  rekapFileName,
  rekapTotals,
  tanggalBlock,
  weekdayOf,
  presensiConflict,
  presensiChangedElsewhere,
  type PresensiStatus,
} from '@/domain/presensi';

const reviews = (pembimbing: ReviewStatus, hr: ReviewStatus = MENUNGGU, busHead: ReviewStatus = MENUNGGU): Review[] => [
  { role_reviewer: PEMBIMBING, status: pembimbing },
  { role_reviewer: HR, status: hr },
  { role_reviewer: BUSHEAD, status: busHead },
];

describe('a mark', () => {
  it.each([
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Hadir' }, null],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Sakit' }, null],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Alpa', catatan: '  ' }, null],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Izin', catatan: 'Ujian sekolah' }, null],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Izin' }, PRESENSI_MSG.catatanRequired],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Izin', catatan: '   ' }, PRESENSI_MSG.catatanRequired],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'hadir' }, PRESENSI_MSG.invalidStatus],
    [{ peserta_id: 1, tanggal: '2026-02-30', status: 'Hadir' }, PRESENSI_MSG.invalidDate],
    [{ peserta_id: 1, tanggal: '26-11-2026', status: 'Hadir' }, PRESENSI_MSG.invalidDate],
    [{ peserta_id: 1, tanggal: '1999-12-31', status: 'Hadir' }, 'Tanggal harus antara 1 Januari 2000 dan 31 Desember 2100'],
    [{ peserta_id: 1, tanggal: '9999-01-01', status: 'Hadir' }, 'Tanggal harus antara 1 Januari 2000 dan 31 Desember 2100'],
    [{ peserta_id: 1, tanggal: '2026-11-26', status: 'Hadir', catatan: 'x'.repeat(501) }, PRESENSI_MSG.catatanTooLong],
    [{ peserta_id: 0, tanggal: '2026-11-26', status: 'Hadir' }, 'any'],
  ])('should read %j with error %j', (input, error) => {
    const parsed = presensiMarkSchema.safeParse(input);
    if (error === null) expect(parsed.success).toBe(true);
    else {
      expect(parsed.success).toBe(false);
      if (error !== 'any') expect(parsed.error?.issues.map((issue) => issue.message)).toContain(error);
    }
  });

  it('should store a blank note as none', () => {
    expect(presensiMarkSchema.parse({ peserta_id: 1, tanggal: '2026-11-26', status: 'Hadir', catatan: ' ' }).catatan).toBeNull();
    expect(presensiMarkSchema.parse({ peserta_id: 1, tanggal: '2026-11-26', status: 'Sakit', catatan: ' Demam ' }).catatan).toBe('Demam');
  });

  it('should take 1 to 500 marks, each participant and date once', () => {
    const mark = (peserta_id: number, tanggal = '2026-11-26') => ({ peserta_id, tanggal, status: 'Hadir' });
    expect(presensiPutSchema.safeParse({ presensi: [] }).success).toBe(false);
    expect(presensiPutSchema.safeParse({ presensi: Array.from({ length: 500 }, (_, i) => mark(i + 1)) }).success).toBe(true);
    expect(presensiPutSchema.safeParse({ presensi: Array.from({ length: 501 }, (_, i) => mark(i + 1)) }).success).toBe(false);
    const twice = presensiPutSchema.safeParse({ presensi: [mark(1), mark(1)] });
    expect(twice.error?.issues[0]?.message).toBe(PRESENSI_MSG.duplicate);
    expect(presensiPutSchema.safeParse({ presensi: [mark(1), mark(1, '2026-11-25')] }).success).toBe(true);
  });
});

describe('dates', () => {
  it.each([
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2026-11-29', 7],
    ['2024-02-29', 4],
  ])('should find the ISO weekday of %s: %i', (tanggal, weekday) => {
    expect(weekdayOf(tanggal)).toBe(weekday);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-1-1', ''])('should refuse %j as a date', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it.each([
    [undefined, [1, 2, 3, 4, 5, 6]],
    ['', [1, 2, 3, 4, 5, 6]],
    ['1-5', [1, 2, 3, 4, 5]],
    ['1-3, 5,7', [1, 2, 3, 5, 7]],
    ['6-1', null],
    ['0-5', null],
    ['Senin-Jumat', null],
  ])('should read HARI_KERJA %j as %j', (value, days) => {
    expect(parseHariKerja(value)).toEqual(days);
  });

  it.each([
    ['2026-11-23', '2026-11-29', DEFAULT_HARI_KERJA, 6],
    ['2026-11-23', '2026-11-29', [1, 2, 3, 4, 5], 5],
    ['2026-11-29', '2026-11-29', DEFAULT_HARI_KERJA, 0],
    ['2026-11-01', '2026-11-30', DEFAULT_HARI_KERJA, 25],
    ['2026-07-01', '2026-12-31', [1, 2, 3, 4, 5], 132],
    ['2026-11-30', '2026-11-01', DEFAULT_HARI_KERJA, 0],
  ] as const)('should count the working days from %s to %s (%j): %i', (from, to, days, count) => {
    expect(countWorkingDays(from, to, days)).toBe(count);
  });

  it('should count as a day-by-day walk does, over many ranges and week patterns', () => {
    const patterns = [DEFAULT_HARI_KERJA, [1, 2, 3, 4, 5], [7], [1, 3, 5, 7]] as const;
    for (let start = 0; start < 14; start++) {
      for (let length = 0; length < 40; length += 3) {
        const from = addDays('2026-11-01', start);
        const to = addDays(from, length);
        for (const days of patterns) {
          const walked = Array.from({ length: length + 1 }, (_, i) => addDays(from, i)).filter((d) => (days as readonly number[]).includes(weekdayOf(d))).length;
          expect(countWorkingDays(from, to, days)).toBe(walked);
        }
      }
    }
  });

  const periode = { tanggal_masuk: '2026-07-01', tanggal_selesai: '2026-12-31' };
  it.each([
    ['2026-11-26', null],
    ['2026-07-01', null],
    ['2026-06-30', PRESENSI_MSG.outsidePeriod],
    ['2027-01-02', PRESENSI_MSG.outsidePeriod],
    ['2026-11-27', PRESENSI_MSG.future],
    ['2026-11-22', PRESENSI_MSG.notWorkingDay],
  ])('should allow marking %s (today 2026-11-26) or say why not: %j', (tanggal, block) => {
    expect(tanggalBlock(tanggal, periode, '2026-11-26', DEFAULT_HARI_KERJA)).toBe(block);
  });
});

describe('who may mark', () => {
  it.each([
    ['Mentor', reviews(MENUNGGU), null],
    ['Mentor', reviews(DISETUJUI), PRESENSI_MSG.locked],
    ['Mentor', reviews(DITOLAK, TIDAK_DILANJUTKAN, TIDAK_DILANJUTKAN), PRESENSI_MSG.locked],
    ['Mentor', reviews(MENUNGGU, TIDAK_DILANJUTKAN), PRESENSI_MSG.locked],
    ['HR', reviews(DISETUJUI, DISETUJUI, DISETUJUI), null],
    ['Pembimbing', reviews(MENUNGGU), PRESENSI_MSG.locked],
    ['BusHead', reviews(MENUNGGU), PRESENSI_MSG.locked],
  ] as const)('should let %s with %j mark, or say why not', (role, steps, block) => {
    expect(presensiLock(role, steps)).toBe(block);
  });
});

describe('two devices marking one date', () => {
  const at = (status?: PresensiStatus) => new Map(status ? [['1:2026-11-23', status] as const] : []);
  const marked = (status: PresensiStatus, sebelumnya?: PresensiStatus | null) => ({
    peserta_id: 1,
    tanggal: '2026-11-23',
    status,
    catatan: null,
    ...(sebelumnya === undefined ? {} : { sebelumnya }),
  });
  it.each([
    ['no mark stored, the sender saw none', marked('Hadir', null), at(), null],
    ['the sender saw what is stored', marked('Hadir', 'Sakit'), at('Sakit'), null],
    ['already the status asked for', marked('Hadir', null), at('Hadir'), null],
    ['the sender names nothing (an outside client)', marked('Hadir'), at('Alpa'), null],
    ['marked elsewhere since the sender saw none', marked('Hadir', null), at('Alpa'), presensiChangedElsewhere('2026-11-23', 'Alpa')],
    ['changed elsewhere since the sender saw it', marked('Hadir', 'Sakit'), at('Alpa'), presensiChangedElsewhere('2026-11-23', 'Alpa')],
    ['gone since the sender saw it', marked('Hadir', 'Sakit'), at(), presensiChangedElsewhere('2026-11-23', null)],
  ] as const)('%s', (_case, mark, stored, refusal) => {
    expect(presensiConflict([mark], stored)).toBe(refusal);
  });

  it('should name the status now in Indonesian', () => {
    expect(presensiChangedElsewhere('2026-11-23', 'Alpa')).toBe(
      'Presensi tanggal 2026-11-23 sudah diubah dari perangkat lain (sekarang: Alpa). Muat ulang lalu tandai lagi',
    );
    expect(presensiChangedElsewhere('2026-11-23', null)).toContain('(sekarang: belum ditandai)');
  });
});

describe('the recap figures', () => {
  it.each([
    [0, 0, null],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [58, 60, 96.7],
    [60, 60, 100],
  ])('should give %i Hadir of %i recorded as %j %', (hadir, tercatat, persen) => {
    expect(persenHadir(hadir, tercatat)).toBe(persen);
  });

  it('should count marks by status, a missing day as not recorded', () => {
    const marks = ['Hadir', 'Hadir', 'Izin', 'Sakit', 'Alpa', 'Hadir'].map((status) => ({ status: status as 'Hadir' }));
    expect(countMarks(marks)).toEqual({ hadir: 3, izin: 1, sakit: 1, alpa: 1, tercatat: 6, persen_hadir: 50 });
    expect(countMarks([])).toEqual({ hadir: 0, izin: 0, sakit: 0, alpa: 0, tercatat: 0, persen_hadir: null });
  });

  it('should total recap rows: sums of the counts, the share present over all recorded days', () => {
    const row = (hadir: number, izin: number, sakit: number, alpa: number, hari_kerja: number) => ({
      peserta_id: 1, nama: 'A', jenjang: 'SMK' as const, divisi: 'D', hadir, izin, sakit, alpa,
      tercatat: hadir + izin + sakit + alpa, hari_kerja, persen_hadir: persenHadir(hadir, hadir + izin + sakit + alpa),
    });
    // 100 % and 0 % of unequal days: the total is 9 / 12, not the mean of the shares.
    expect(rekapTotals([row(9, 0, 0, 0, 10), row(0, 1, 1, 1, 10)])).toEqual({ hadir: 9, izin: 1, sakit: 1, alpa: 1, tercatat: 12, hari_kerja: 20, persen_hadir: 75 });
    expect(rekapTotals([])).toEqual({ hadir: 0, izin: 0, sakit: 0, alpa: 0, tercatat: 0, hari_kerja: 0, persen_hadir: null });
  });

  it('should name the workbook after its period', () => {
    expect(rekapFileName('2026-01-05', '2026-05-23')).toBe('Rekap_Presensi_2026-01-05_2026-05-23.xlsx');
  });
});
