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
  kehadiranLine,
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

/** The figure's line: 'Kehadiran: 58 dari 60 hari kerja tercatat, 96,7 %'. */
export function kehadiranText(kehadiran: Kehadiran): string {
  return kehadiranLine(kehadiranCounts(kehadiran), kehadiran.hari_kerja);
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
