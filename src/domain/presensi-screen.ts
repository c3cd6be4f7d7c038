/**
 * The mentor's marking screen ('/presensi') as pure rules and texts: which participants a day or
 * a week lists, the dates the screen may show, the week of a date, the letters of the statuses,
 * which edits of the screen are changes to send, and the dashboard's line. Pure: today is passed in.
 */
import { ALPA, HADIR, IZIN, type Periode, type PresensiStatus, SAKIT, addDays, weekdayOf } from './presensi';

/** Texts of the marking screen and of the mentor dashboard's attendance line. */
export const PRESENSI_SCREEN_MSG = {
  title: 'Presensi Peserta Magang',
  viewLabel: 'Tampilan presensi',
  dayView: 'Hari',
  weekView: 'Minggu',
  prevDay: 'Hari sebelumnya',
  nextDay: 'Hari berikutnya',
  prevWeek: 'Minggu sebelumnya',
  nextWeek: 'Minggu berikutnya',
  dateLabel: 'Tanggal',
  search: 'Cari nama peserta...',
  markAllHadir: 'Tandai semua Hadir',
  save: 'Simpan',
  saving: 'Menyimpan...',
  noChanges: 'Belum ada perubahan untuk disimpan',
  loading: 'Memuat data…',
  emptyDay: 'Tidak ada peserta yang aktif magang pada tanggal ini',
  emptyWeek: 'Tidak ada peserta yang aktif magang pada minggu ini',
  noMatch: 'Tidak ada peserta dengan nama tersebut',
  notMarked: 'Belum ditandai',
  saved: 'Tersimpan',
  unsaved: 'Belum disimpan',
  catatan: 'Catatan',
  catatanWajib: 'Catatan (wajib)',
  catatanOpsional: 'Catatan (opsional)',
  marksOf: (nama: string) => `Presensi ${nama}`,
  cellLabel: (nama: string, hari: string, status: string) => `${nama}, ${hari}: ${status}`,
  pickerDone: 'Selesai',
  /** Under a locked participant's name in the week (the picker shows the lock's text). */
  lockedShort: 'Terkunci',
  weekTable: 'Presensi satu minggu',
  nameHeader: 'Nama',
  /** The mentor dashboard: n of the m participants active today have a mark today. */
  todayLine: (marked: number, active: number) => `Presensi hari ini: ${marked} dari ${active} ditandai`,
} as const;

/** The letter of each status in the buttons and the week's cells. */
export const STATUS_LETTER: Record<PresensiStatus, string> = { [HADIR]: 'H', [IZIN]: 'I', [SAKIT]: 'S', [ALPA]: 'A' };

/** Short Indonesian weekday names, Monday first (ISO weekday − 1). */
export const HARI_PENDEK = ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'] as const;

/** Whether the internship `periode` covers `tanggal`. */
export function activeOn(periode: Periode, tanggal: string): boolean {
  return periode.tanggal_masuk <= tanggal && tanggal <= periode.tanggal_selesai;
}

/** Whether the internship `periode` covers at least one day of [from, to]. */
export function activeDuring(periode: Periode, from: string, to: string): boolean {
  return periode.tanggal_masuk <= to && from <= periode.tanggal_selesai;
}

/** The seven dates of the week of `tanggal`, Monday first. */
export function weekOf(tanggal: string): string[] {
  const monday = addDays(tanggal, 1 - weekdayOf(tanggal));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The dates the screen may show: from the earliest start among the participants (today when
 * there are none, or it is later than today) to today.
 */
export function dateBounds(peserta: readonly Periode[], today: string): { min: string; max: string } {
  let min = today;
  for (const p of peserta) if (p.tanggal_masuk < min) min = p.tanggal_masuk;
  return { min, max: today };
}

/** `tanggal` moved into [min, max]. */
export function clampDate(tanggal: string, bounds: { min: string; max: string }): string {
  if (tanggal < bounds.min) return bounds.min;
  if (tanggal > bounds.max) return bounds.max;
  return tanggal;
}

/** A mark as the screen edits it. */
export interface MarkInput {
  status: PresensiStatus;
  catatan: string | null;
}

/** Only Izin and Sakit show the note field; the other statuses carry no note from this screen. */
export function showsCatatan(status: PresensiStatus | null | undefined): boolean {
  return status === IZIN || status === SAKIT;
}

/** The note a mark of `status` is sent with: its trimmed text for Izin and Sakit, else none. */
export function catatanToSend(status: PresensiStatus, catatan: string | null): string | null {
  if (!showsCatatan(status)) return null;
  const text = (catatan ?? '').trim();
  return text === '' ? null : text;
}

/**
 * Whether an edit differs from the mark the mirror shows (null: none): another status, or for
 * Izin and Sakit another note. Hadir or Alpa chosen again is no change (a note HR gave it stays).
 */
export function isChange(edit: MarkInput, shown: MarkInput | null): boolean {
  if (!shown || edit.status !== shown.status) return true;
  return showsCatatan(edit.status) && catatanToSend(edit.status, edit.catatan) !== (shown.catatan ?? null);
}

/** Counts, for the dashboard, the participants active on `today` and those of them marked on it. */
export function todayCounts(
  peserta: readonly (Periode & { id: number })[],
  markedIds: ReadonlySet<number>,
  today: string,
): { marked: number; active: number } {
  const active = peserta.filter((p) => activeOn(p, today));
  return { marked: active.filter((p) => markedIds.has(p.id)).length, active: active.length };
}
