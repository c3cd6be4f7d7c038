/**
 * Attendance (Presensi): one mark per participant per date — Hadir, Izin, Sakit or Alpa — and the
 * rules every side applies alike (the page, the outbox replay's re-check and the server): who may
 * mark which date, until when a mentor may correct, which days are working days, and the recap's
 * figures. Pure: no I/O, no clock (today is passed in).
 *
 * Notes: 'Izin' needs a note — leave is granted for a reason, and the HR office asks for it; 'Sakit'
 * does not — health details are sensitive personal data (a doctor's letter is kept on paper), so
 * the app never requires them; Hadir and Alpa may carry one.
 */
import { addDays } from './pengingat';
import { isCalendarDate, isInTanggalRange, tanggalRangeMessage } from './dates';
import { z } from 'zod';
import { MENUNGGU, PEMBIMBING, type Review, TIDAK_DILANJUTKAN, stepStatuses } from './approval-chain';
import { lazySchema } from './lazy-schema';
import { ID_MAX, JENJANG } from './master-data';
import { syncCursorQuerySchema } from './peserta';
import { pesertaStateSchema } from './peserta-state';

export const HADIR = 'Hadir';
export const IZIN = 'Izin';
export const SAKIT = 'Sakit';
export const ALPA = 'Alpa';
export const PRESENSI_STATUS = [HADIR, IZIN, SAKIT, ALPA] as const;
export type PresensiStatus = (typeof PRESENSI_STATUS)[number];

/** Longest note of a mark. */
export const PRESENSI_CATATAN_MAX = 500;
/** Marks in one PUT /api/presensi: a mentor's whole group for a day or a week, all applied or none. */
export const PRESENSI_BATCH_MAX = 500;

/** Longest period of a recap: two years of days. */
export const REKAP_MAX_DAYS = 731;

/** Texts of attendance: screen, re-check and API. */
export const PRESENSI_MSG = {
  saved: 'Presensi berhasil disimpan',
  saveFailed: 'Gagal menyimpan presensi',
  invalidStatus: 'Status presensi harus Hadir, Izin, Sakit, atau Alpa',
  invalidDate: 'Tanggal harus berformat yyyy-mm-dd',
  catatanRequired: 'Catatan wajib diisi untuk Izin',
  catatanTooLong: `Catatan maksimal ${PRESENSI_CATATAN_MAX} karakter`,
  batchEmpty: 'Minimal satu presensi',
  batchTooLarge: `Maksimal ${PRESENSI_BATCH_MAX} presensi sekali kirim`,
  duplicate: 'Satu peserta hanya dapat ditandai sekali per tanggal dalam satu kiriman',
  outsidePeriod: 'Tanggal di luar periode magang peserta',
  future: 'Presensi tidak dapat diisi untuk tanggal yang akan datang',
  notWorkingDay: 'Tanggal tersebut bukan hari kerja',
  rekapPeriod: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  rekapTooLong: `Periode rekap maksimal ${REKAP_MAX_DAYS} hari`,
  locked: 'Presensi tidak dapat diubah. Pembimbing sudah memberi keputusan untuk peserta ini',
} as const;

/** The refusal of a mark whose date another device (or HR) changed since the sender saw it. */
export function presensiChangedElsewhere(tanggal: string, now: PresensiStatus | null): string {
  return `Presensi tanggal ${tanggal} sudah diubah dari perangkat lain (sekarang: ${now ?? 'belum ditandai'}). Muat ulang lalu tandai lagi`;
}

/** The key of a participant's date, the place of one mark: `peserta_id:tanggal`. */
export function markKey(pesertaId: number, tanggal: string): string {
  return `${pesertaId}:${tanggal}`;
}

/** A date of attendance or of a recap: a calendar day 'yyyy-mm-dd' within the app's date range. */
const isoDateSchema = lazySchema(() =>
  z
    .string({ error: PRESENSI_MSG.invalidDate })
    .refine(isCalendarDate, { message: PRESENSI_MSG.invalidDate, abort: true })
    .refine(isInTanggalRange, tanggalRangeMessage()),
);

/** One mark as a client sends it; a blank note is no note. */
export const presensiMarkSchema = lazySchema(() =>
  z
    .object({
      peserta_id: z.number().int().positive().max(ID_MAX),
      tanggal: isoDateSchema,
      status: z.enum(PRESENSI_STATUS, { error: PRESENSI_MSG.invalidStatus }),
      catatan: z
        .string()
        .trim()
        .max(PRESENSI_CATATAN_MAX, PRESENSI_MSG.catatanTooLong)
        .nullish()
        .transform((value) => (value ? value : null)),
      // The status the sender saw for this date before its change (null: no mark). Given, the
      // server refuses the request when the stored status has since become another one.
      sebelumnya: z.enum(PRESENSI_STATUS, { error: PRESENSI_MSG.invalidStatus }).nullable().optional(),
    })
    .refine((mark) => mark.status !== IZIN || mark.catatan !== null, { message: PRESENSI_MSG.catatanRequired, path: ['catatan'] }),
);
export type PresensiMark = z.infer<typeof presensiMarkSchema>;

/** Body of PUT /api/presensi: 1–500 marks, each participant and date at most once. */
export const presensiPutSchema = lazySchema(() =>
  z.object({
    presensi: z
      .array(presensiMarkSchema)
      .min(1, PRESENSI_MSG.batchEmpty)
      .max(PRESENSI_BATCH_MAX, PRESENSI_MSG.batchTooLarge)
      .refine((marks) => new Set(marks.map((m) => markKey(m.peserta_id, m.tanggal))).size === marks.length, PRESENSI_MSG.duplicate),
  }),
);

/** A stored mark as the API answers it. */
export const storedMarkSchema = lazySchema(() =>
  z.object({
    peserta_id: z.number().int(),
    tanggal: z.string(),
    status: z.enum(PRESENSI_STATUS),
    catatan: z.string().nullable(),
  }),
);
export type StoredMark = z.infer<typeof storedMarkSchema>;

/** Answer of PUT /api/presensi and GET /api/presensi/peserta/{id}: marks by participant, then date. */
export const presensiListResponseSchema = lazySchema(() => z.object({ data: z.array(storedMarkSchema) }));

/**
 * Answer of PUT /api/presensi: the stored marks of the request and, as every replayable change
 * answers, the state of each participant it concerns (`states`; `state` too when there is one).
 */
export const presensiPutAnswerSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    data: z.array(storedMarkSchema),
    state: pesertaStateSchema.optional(),
    states: z.array(pesertaStateSchema),
  }),
);

/** Query of GET /api/presensi: the opaque cursor of the previous pull. */
export const presensiPullQuerySchema = lazySchema(() =>
  z.object({ since: syncCursorQuerySchema.optional() }),
);

/** Answer of GET /api/presensi: the marks (changed since the cursor, when given) and the next cursor. */
export const presensiPullResponseSchema = lazySchema(() => z.object({ data: z.array(storedMarkSchema), cursor: z.string() }));

/**
 * Query of GET /api/presensi/rekap (and .xlsx): the period (both days included, at most two years),
 * optionally a level and a division.
 */
export const presensiRekapQuerySchema = lazySchema(() =>
  z
    .object({
      from: isoDateSchema,
      to: isoDateSchema,
      jenjang: z.enum(JENJANG, { error: 'Jenjang tidak valid' }).optional(),
      divisi_id: z.coerce.number({ error: 'Divisi tidak valid' }).int('Divisi tidak valid').positive('Divisi tidak valid').max(ID_MAX, 'Divisi tidak valid').optional(),
    })
    .refine((query) => query.from <= query.to, { message: PRESENSI_MSG.rekapPeriod, path: ['to'] })
    .refine((query) => countDays(query.from, query.to) <= REKAP_MAX_DAYS, { message: PRESENSI_MSG.rekapTooLong, path: ['to'] }),
);
export type PresensiRekapQuery = z.infer<typeof presensiRekapQuerySchema>;

/** One participant of the recap. */
export const rekapRowSchema = lazySchema(() =>
  z.object({
    peserta_id: z.number().int(),
    nama: z.string(),
    jenjang: z.enum(JENJANG),
    divisi: z.string(),
    hadir: z.number().int(),
    izin: z.number().int(),
    sakit: z.number().int(),
    alpa: z.number().int(),
    tercatat: z.number().int(),
    hari_kerja: z.number().int(),
    persen_hadir: z.number().nullable(),
  }),
);
export type RekapRow = z.infer<typeof rekapRowSchema>;

export const presensiRekapResponseSchema = lazySchema(() => z.object({ data: z.array(rekapRowSchema) }));

/** Days from `from` to `to`, both included. */
function countDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The part of an internship inside [from, to], or null when they do not meet. */
export function overlap(periode: Periode, from: string, to: string): { from: string; to: string } | null {
  const start = periode.tanggal_masuk > from ? periode.tanggal_masuk : from;
  const end = periode.tanggal_selesai < to ? periode.tanggal_selesai : to;
  return start <= end ? { from: start, to: end } : null;
}

/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Retail works Monday to Saturday. */
export const DEFAULT_HARI_KERJA: readonly Weekday[] = [1, 2, 3, 4, 5, 6];

/**
 * The working days of a HARI_KERJA setting: ISO weekday numbers and ranges separated by commas
 * ('1-6', '1-5', '1,2,3,4,5,7'); null when it is not one (the server refuses to start). Blank:
 * the default, Monday to Saturday.
 */
export function parseHariKerja(value: string | undefined): Weekday[] | null {
  if (value === undefined || value.trim() === '') return [...DEFAULT_HARI_KERJA];
  const days = new Set<Weekday>();
  for (const part of value.split(',')) {
    const match = /^\s*([1-7])\s*(?:-\s*([1-7])\s*)?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (to < from) return null;
    for (let day = from; day <= to; day++) days.add(day as Weekday);
  }
  return [...days].sort((a, b) => a - b);
}

/** The ISO weekday of a yyyy-mm-dd date. */
export function weekdayOf(tanggal: string): Weekday {
  const day = new Date(`${tanggal}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** yyyy-mm-dd `days` after `tanggal` (negative: before): one calendar rule, written in ./pengingat. */
export { addDays };

/** The working days from `from` to `to`, both included (0 when `to` is before `from`). */
export function countWorkingDays(from: string, to: string, hariKerja: readonly Weekday[]): number {
  if (to < from) return 0;
  const span = countDays(from, to);
  const weeks = Math.floor(span / 7);
  let count = weeks * hariKerja.length;
  // The days past the whole weeks, from the weekday after the last whole week.
  for (let i = weeks * 7; i < span; i++) if (hariKerja.includes(weekdayOf(addDays(from, i)))) count++;
  return count;
}

/** A participant's internship period. */
export interface Periode {
  tanggal_masuk: string;
  tanggal_selesai: string;
}

/**
 * Why `tanggal` cannot be marked for a participant with `periode`, or null when it can: inside the
 * internship, not after `today`, and a working day.
 */
export function tanggalBlock(tanggal: string, periode: Periode, today: string, hariKerja: readonly Weekday[]): string | null {
  if (tanggal < periode.tanggal_masuk || tanggal > periode.tanggal_selesai) return PRESENSI_MSG.outsidePeriod;
  if (tanggal > today) return PRESENSI_MSG.future;
  if (!hariKerja.includes(weekdayOf(tanggal))) return PRESENSI_MSG.notWorkingDay;
  return null;
}

/**
 * Why `role` may not set or correct a participant's marks now, or null when it may: the mentor
 * until the Pembimbing has decided (the moment the mentor's score lock starts) or the chain
 * stopped; HR always. Other roles never mark.
 */
export function presensiLock(role: string, reviews: readonly Review[]): string | null {
  if (role === 'HR') return null;
  if (role !== 'Mentor') return PRESENSI_MSG.locked;
  const statuses = stepStatuses(reviews);
  const open = statuses[PEMBIMBING] === MENUNGGU && !Object.values(statuses).includes(TIDAK_DILANJUTKAN);
  return open ? null : PRESENSI_MSG.locked;
}

/**
 * Two devices marking one date: the first stored wins, and a later request that says which
 * status it saw (`sebelumnya`) is refused when the stored status has since become another —
 * unless it is already the status asked for. The refusal text of the first such mark, or null.
 * `stored`: the status stored now by markKey (absent: no mark).
 */
export function presensiConflict(marks: readonly PresensiMark[], stored: ReadonlyMap<string, PresensiStatus>): string | null {
  for (const mark of marks) {
    if (mark.sebelumnya === undefined) continue;
    const now = stored.get(markKey(mark.peserta_id, mark.tanggal)) ?? null;
    if (now !== mark.sebelumnya && now !== mark.status) return presensiChangedElsewhere(mark.tanggal, now);
  }
  return null;
}

/** Share of recorded days marked Hadir, in percent with one decimal; null when nothing is recorded. */
export function persenHadir(hadir: number, tercatat: number): number | null {
  if (tercatat <= 0) return null;
  return Math.round((hadir / tercatat) * 1000) / 10;
}

/** The counts of a participant's marks. */
export interface PresensiCounts {
  hadir: number;
  izin: number;
  sakit: number;
  alpa: number;
  tercatat: number;
  persen_hadir: number | null;
}

/** The counts of marks from their number per status; a day without a mark is not recorded (never Alpa). */
export function presensiCounts(totals: Partial<Record<PresensiStatus, number>>): PresensiCounts {
  const [hadir, izin, sakit, alpa] = PRESENSI_STATUS.map((status) => totals[status] ?? 0) as [number, number, number, number];
  const tercatat = hadir + izin + sakit + alpa;
  return { hadir, izin, sakit, alpa, tercatat, persen_hadir: persenHadir(hadir, tercatat) };
}

/** Counts `marks` by status (see presensiCounts). */
export function countMarks(marks: readonly { status: PresensiStatus }[]): PresensiCounts {
  const totals: Partial<Record<PresensiStatus, number>> = {};
  for (const mark of marks) totals[mark.status] = (totals[mark.status] ?? 0) + 1;
  return presensiCounts(totals);
}

/** Sheet of each level in the recap workbook. */
export const REKAP_SHEET: Record<(typeof JENJANG)[number], string> = { SMK: 'Siswa SMK', Mahasiswa: 'Mahasiswa' };

/** Texts of the recap workbook (GET /api/presensi/rekap.xlsx). */
export const REKAP_XLSX = {
  /** The sheet of a recap without rows and without a level asked for. */
  emptySheet: 'Rekap Presensi',
  title: 'Rekap Presensi',
  periode: 'Periode',
  sampai: 's.d.',
  total: 'Total',
  headers: ['No', 'Nama', 'Divisi', 'Hadir', 'Izin', 'Sakit', 'Alpa', 'Tercatat', 'Hari Kerja', '% Hadir'],
} as const;

/** File name of the recap workbook of a period. */
export function rekapFileName(from: string, to: string): string {
  return `Rekap_Presensi_${from}_${to}.xlsx`;
}

/** The totals of recap rows: sums of the counts; the share present is total hadir / total tercatat. */
export function rekapTotals(rows: readonly RekapRow[]): PresensiCounts & { hari_kerja: number } {
  const sum = (key: 'hadir' | 'izin' | 'sakit' | 'alpa' | 'hari_kerja') => rows.reduce((total, row) => total + row[key], 0);
  const counts = presensiCounts({ [HADIR]: sum('hadir'), [IZIN]: sum('izin'), [SAKIT]: sum('sakit'), [ALPA]: sum('alpa') });
  return { ...counts, hari_kerja: sum('hari_kerja') };
}
