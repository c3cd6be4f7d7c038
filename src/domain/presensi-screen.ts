/**
 * The marking screens ('/presensi' of the mentor, HR's day of the attendance calendar) as pure
 * rules and texts: which participants a day or a week lists, the dates the screen may show and
 * the day it opens on, the week of a date, the letters of the statuses, which taps are changes
 * to keep, where a row's mark is (on the device, sent, refused, waiting for its note), and the
 * dashboard's line. Pure: today is passed in.
 */
import { MSG } from './messages';
import { ALPA, HADIR, IZIN, type Periode, type PresensiStatus, SAKIT, type Weekday, addDays, weekdayOf } from './presensi';

/** Texts of the marking screen and of the mentor dashboard's attendance line. */
export const PRESENSI_SCREEN_MSG = {
  title: 'Presensi Peserta Magang',
  viewLabel: 'Tampilan presensi',
  dayView: 'Harian',
  weekView: 'Mingguan',
  prevDay: 'Hari sebelumnya',
  nextDay: 'Hari berikutnya',
  prevWeek: 'Minggu sebelumnya',
  nextWeek: 'Minggu berikutnya',
  dateLabel: 'Tanggal',
  search: 'Cari nama peserta...',
  markAllHadir: 'Tandai semua Hadir',
  loading: 'Memuat data…',
  emptyDay: 'Tidak ada peserta yang aktif magang pada tanggal ini',
  emptyWeek: 'Tidak ada peserta yang aktif magang pada minggu ini',
  noMatch: 'Tidak ada peserta dengan nama tersebut',
  notMarked: 'Belum ditandai',
  /** The mark is kept on this device and queued; it is sent when the server can be reached. */
  onDevice: 'Tersimpan di perangkat',
  /** The server holds the mark. */
  sent: 'Terkirim',
  /** An Izin kept on the device without its note: it is sent once the note is written. */
  waitingNote: 'Menunggu catatan — Izin dikirim setelah catatan diisi',
  /** The notice after a tap whose mark the server took. */
  sentNotice: (nama: string, status: string) => `Presensi ${nama}: ${status} terkirim`,
  /** The notice after a tap kept on the device (offline, or the server unreachable). */
  keptNotice: (nama: string, status: string) => `Presensi ${nama}: ${status} tersimpan di perangkat`,
  /** The notice after 'Tandai semua Hadir'. */
  allNotice: (count: number, sent: boolean) => `${count} peserta ditandai Hadir${sent ? '' : ' (tersimpan di perangkat)'}`,
  /** Above the list of a day that is not a working day. */
  notWorkingDay: (hari: string) => `${hari} bukan hari kerja: tidak ada presensi yang perlu ditandai.`,
  /** The way from a day that is not a working day to the latest one. */
  toWorkingDay: (hari: string) => `Ke hari kerja terakhir (${hari})`,
  /** Under the week's table on a narrow screen: the other days are to the side. */
  scrollHint: 'Geser tabel ke samping untuk hari lainnya',
  catatan: 'Catatan',
  catatanWajib: 'Catatan (wajib)',
  catatanOpsional: 'Catatan (opsional)',
  marksOf: (nama: string) => `Presensi ${nama}`,
  cellLabel: (nama: string, hari: string, status: string) => `${nama}, ${hari}: ${status}`,
  pickerClose: 'Tutup',
  /** Under a locked participant's name in the week (the picker shows the lock's text). */
  lockedShort: 'Terkunci',
  weekTable: 'Presensi satu minggu',
  nameHeader: 'Nama',
  /** The mentor dashboard: n of the m participants active today have a mark today. */
  todayLine: (marked: number, active: number) => `Presensi hari ini: ${marked} dari ${active} ditandai`,
  /** The mentor dashboard on a day that is not a working day: nothing to mark. */
  todayNotWorking: 'Hari ini bukan hari kerja — tidak ada presensi yang perlu ditandai',
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

/**
 * The day a day view opens on: `today` when it is a working day, else the latest working day
 * before it (Sunday → Saturday with the default Monday to Saturday). No working day at all:
 * `today`.
 */
export function latestWorkingDay(today: string, hariKerja: readonly Weekday[]): string {
  for (let back = 0; back < 7; back++) {
    const tanggal = addDays(today, -back);
    if (hariKerja.includes(weekdayOf(tanggal))) return tanggal;
  }
  return today;
}

/** The mentor dashboard's attendance line: the count of today's marks, or on a day off that nothing is asked. */
export function todayLineOf(counts: { marked: number; active: number }, today: string, hariKerja: readonly Weekday[]): string {
  return hariKerja.includes(weekdayOf(today)) ? PRESENSI_SCREEN_MSG.todayLine(counts.marked, counts.active) : PRESENSI_SCREEN_MSG.todayNotWorking;
}

/**
 * Where a participant's date stands, as its row says it: an Izin waiting on the device for its
 * note; a mark kept on the device and queued; the newest save of it refused (its reason shows);
 * the server's mark; or nothing yet.
 */
export type MarkState = 'none' | 'sent' | 'queued' | 'waiting' | 'refused';

/** The texts of the states a row shows (a refusal shows its own reason). */
export const MARK_STATE_TEXT: Record<MarkState, string> = {
  none: PRESENSI_SCREEN_MSG.notMarked,
  sent: PRESENSI_SCREEN_MSG.sent,
  queued: PRESENSI_SCREEN_MSG.onDevice,
  waiting: PRESENSI_SCREEN_MSG.waitingNote,
  refused: MSG.refusedChanges,
};

/**
 * The state of a date from what the device holds: an Izin waiting for its note comes first (it
 * is the user's latest tap), then a queued change (a tap after a refusal is newer than it), then
 * a refusal (the server's mark is back under it), then the server's mark.
 */
export function markState(held: { waiting: boolean; queued: boolean; refused: boolean; marked: boolean }): MarkState {
  if (held.waiting) return 'waiting';
  if (held.queued) return 'queued';
  if (held.refused) return 'refused';
  return held.marked ? 'sent' : 'none';
}

/**
 * What a tap — or a note written — does to a participant's date, given the mark the device holds
 * for it (`held`: the server's with the queued changes on top; null: none) and whether an Izin
 * already waits there for its note: 'queue' keeps the new mark and sends it; 'hold' keeps an Izin
 * without its note waiting on the device (it cannot be sent without one); 'release' ends such a
 * wait because the mark tapped is the one already held; 'none' changes nothing (the same mark
 * again, or a held Izin's note emptied: the note it has stays).
 */
export type TapOutcome = 'queue' | 'hold' | 'release' | 'none';

export function tapOutcome(mark: MarkInput, held: MarkInput | null, waiting: boolean): TapOutcome {
  if (mark.status === IZIN && catatanToSend(IZIN, mark.catatan) === null) {
    if (held?.status === IZIN) return waiting ? 'release' : 'none';
    return waiting ? 'none' : 'hold';
  }
  if (isChange(mark, held)) return 'queue';
  return waiting ? 'release' : 'none';
}
