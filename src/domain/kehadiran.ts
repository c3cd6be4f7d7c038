/**
 * A participant's attendance as a figure (Kehadiran): the marks of the internship counted per
 * status, against the working days of the internship so far. The participant detail and Detail
 * Approval show it live from the device's marks; an issued certificate freezes it at issue (its
 * snapshot), and the Daftar Nilai prints that frozen figure. Pure: today is passed in.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import {
  HADIR,
  IZIN,
  SAKIT,
  ALPA,
  DEFAULT_HARI_KERJA,
  type Periode,
  type PresensiCounts,
  type PresensiStatus,
  type Weekday,
  countMarks,
  countWorkingDays,
  presensiCounts,
} from './presensi';

/**
 * The frozen figure: marks per status and the working days they are set against. The recorded
 * days and the share present follow from these (presensiCounts), so they are not stored.
 */
export const kehadiranSchema = lazySchema(() => {
  const count = z.number().int().nonnegative();
  return z.object({ hadir: count, izin: count, sakit: count, alpa: count, hari_kerja: count });
});
export type Kehadiran = z.infer<typeof kehadiranSchema>;

/** The working days of an internship up to `until` (its end, when that comes first). */
export function hariKerjaSampai(periode: Periode, until: string, hariKerja: readonly Weekday[] = DEFAULT_HARI_KERJA): number {
  const end = periode.tanggal_selesai < until ? periode.tanggal_selesai : until;
  return countWorkingDays(periode.tanggal_masuk, end, hariKerja);
}

/**
 * The figure of a participant on `until` (today, or the issue date): its marks inside the
 * internship counted per status (a mark outside it — the period was shortened later — is left
 * out), against the working days of the internship up to `until`.
 */
export function kehadiranOf(
  marks: readonly { tanggal: string; status: PresensiStatus }[],
  periode: Periode,
  until: string,
  hariKerja: readonly Weekday[] = DEFAULT_HARI_KERJA,
): Kehadiran {
  const inside = marks.filter((mark) => mark.tanggal >= periode.tanggal_masuk && mark.tanggal <= periode.tanggal_selesai);
  const counts = countMarks(inside);
  return { hadir: counts.hadir, izin: counts.izin, sakit: counts.sakit, alpa: counts.alpa, hari_kerja: hariKerjaSampai(periode, until, hariKerja) };
}

/** The counts of a figure (recorded days, share present). */
export function kehadiranCounts(kehadiran: Kehadiran): PresensiCounts {
  return presensiCounts({ [HADIR]: kehadiran.hadir, [IZIN]: kehadiran.izin, [SAKIT]: kehadiran.sakit, [ALPA]: kehadiran.alpa });
}

/**
 * Coverage: the share of working days that have a mark, in percent with one decimal; null
 * without working days. The share present (`persen_hadir`) counts recorded days only, so it
 * says little when coverage is low.
 */
export function cakupanPersen(tercatat: number, hariKerja: number): number | null {
  if (hariKerja <= 0) return null;
  return Math.round((tercatat / hariKerja) * 1000) / 10;
}

/** Below this coverage (percent of working days recorded) a share present is flagged as resting on few days. */
export const CAKUPAN_MINIMUM_PERSEN = 80;

/** Whether `tercatat` of `hariKerja` working days is too few to read the share present on its own. */
export function cakupanRendah(tercatat: number, hariKerja: number): boolean {
  const persen = cakupanPersen(tercatat, hariKerja);
  return persen !== null && persen < CAKUPAN_MINIMUM_PERSEN;
}

/** A percentage as the attendance texts write it: 96.7 → '96,7 %', null → '–'. */
export function formatPersen(persen: number | null): string {
  return persen === null ? '–' : `${persen.toFixed(1).replace('.', ',')} %`;
}

/**
 * The figure's line, its two ratios apart: the share present of the recorded days, then the
 * coverage of the working days — 'Kehadiran: hadir 55 dari 58 hari tercatat (94,8 %); tercatat
 * 58 dari 60 hari kerja (96,7 %)'.
 */
export function kehadiranText(kehadiran: Kehadiran): string {
  const counts = kehadiranCounts(kehadiran);
  const cakupan = cakupanPersen(counts.tercatat, kehadiran.hari_kerja);
  return (
    `Kehadiran: hadir ${counts.hadir} dari ${counts.tercatat} hari tercatat (${formatPersen(counts.persen_hadir)}); ` +
    `tercatat ${counts.tercatat} dari ${kehadiran.hari_kerja} hari kerja (${formatPersen(cakupan)})`
  );
}

/** The counts per status: 'Hadir 55 · Izin 2 · Sakit 1 · Alpa 0'. */
export function kehadiranStatusText(kehadiran: Kehadiran): string {
  return `${HADIR} ${kehadiran.hadir} · ${IZIN} ${kehadiran.izin} · ${SAKIT} ${kehadiran.sakit} · ${ALPA} ${kehadiran.alpa}`;
}

/**
 * The figure with its fields in one fixed order, whatever order they came in (a snapshot read
 * back from jsonb has its keys reordered): a document's input, and so its bytes, depend on
 * values only.
 */
export function kehadiranInOrder(kehadiran: Kehadiran): Kehadiran {
  const { hadir, izin, sakit, alpa, hari_kerja } = kehadiran;
  return { hadir, izin, sakit, alpa, hari_kerja };
}

/** The lines of the attendance section of a detail view: the Kehadiran line, then the counts per status. */
export function kehadiranLines(kehadiran: Kehadiran): [string, string] {
  return [kehadiranText(kehadiran), kehadiranStatusText(kehadiran)];
}
