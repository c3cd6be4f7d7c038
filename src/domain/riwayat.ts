/**
 * Riwayat: the history of every score change and approval decision of a participant, as the
 * API answers it (GET /api/riwayat/peserta/{id}), the device mirror stores it and the screens
 * show it. Also the device-time header a replayed change carries, and the server's bounds on it.
 *
 * Device time. A change that waited in the outbox (the replay sends it later than it was made)
 * carries `X-Dibuat-Pada: <ISO 8601>`, the time the entry was made on the device; its presence
 * means "made offline". A change sent at once carries none (`offline` false,
 * `waktu_perangkat` null). The server never refuses a change for a skewed device clock: it
 * clamps the time into [the session's start (the token's `iat`), the server's now]. Only a
 * header that is not an ISO 8601 time at all is refused (400, nothing changed).
 */
import { z } from 'zod';
import { formatDateId, formatWaktuWib } from './dates';
import { lazySchema } from './lazy-schema';
import { PRESENSI_STATUS } from './presensi';
import { ROLES } from './role-access';

/**
 * The kinds of history rows: scores set or changed, all scores reset, the three decisions, and
 * attendance marks HR corrected.
 */
export const RIWAYAT_JENIS = ['nilai', 'reset', 'approve', 'reject', 'cancel', 'presensi'] as const;
export type RiwayatJenis = (typeof RIWAYAT_JENIS)[number];

/** The request header of a replayed change: when it was made on the device (ISO 8601). */
export const DIBUAT_PADA_HEADER = 'X-Dibuat-Pada';

/**
 * An outbox entry counts as having waited (made offline) when its first send began this long
 * after it was made, or an earlier send failed. A change sent at once starts within a moment.
 */
export const QUEUED_AFTER_MS = 5_000;

/**
 * The X-Dibuat-Pada value of an outbox entry's send, or null for a change sent at once: an
 * entry waited when an earlier send failed (no answer, 5xx) or its first send (`sentAt`, else
 * `now`) began QUEUED_AFTER_MS or more after it was made.
 */
export function dibuatPadaOf(entry: { createdAt: number; attempts: number; sentAt?: number }, now: number): string | null {
  const waited = entry.attempts > 0 || (entry.sentAt ?? now) - entry.createdAt >= QUEUED_AFTER_MS;
  return waited ? new Date(entry.createdAt).toISOString() : null;
}

/** One competency of a score change; null = no score (`sebelum` of a new score, `sesudah` of a reset). */
export const riwayatPerubahanSchema = lazySchema(() => z.object({
  kompetensi_id: z.number().int(),
  kompetensi: z.string(),
  sebelum: z.number().int().nullable(),
  sesudah: z.number().int().nullable(),
}));
export type RiwayatPerubahan = z.infer<typeof riwayatPerubahanSchema>;

/** One attendance mark HR set or corrected: the status before (null: none) and after, on that date. */
export const riwayatPresensiSchema = lazySchema(() => z.object({
  tanggal: z.string(),
  sebelum: z.enum(PRESENSI_STATUS).nullable(),
  sesudah: z.enum(PRESENSI_STATUS),
}));
export type RiwayatPresensi = z.infer<typeof riwayatPresensiSchema>;

/** One history row as the API answers it. */
export const riwayatEntrySchema = lazySchema(() => z.object({
  id: z.number().int(),
  jenis: z.enum(RIWAYAT_JENIS),
  oleh: z.object({ id: z.number().int(), username: z.string(), role: z.enum(ROLES) }),
  waktu_server: z.string().describe('ISO 8601: when the server applied the change'),
  waktu_perangkat: z.string().nullable().describe('ISO 8601: when it was made on the device; null for a change sent at once'),
  offline: z.boolean(),
  perubahan: z.array(riwayatPerubahanSchema),
  /** Attendance marks HR corrected (jenis 'presensi'); empty for every other kind. */
  presensi: z.array(riwayatPresensiSchema).default([]),
  catatan: z.string().nullable(),
}));
export type RiwayatEntry = z.infer<typeof riwayatEntrySchema>;

/** GET /api/riwayat/peserta/{id}: newest first. */
export const riwayatResponseSchema = lazySchema(() => z.object({ data: z.array(riwayatEntrySchema) }));

/** The texts of the history. */
export const RIWAYAT_MSG = {
  title: 'Riwayat',
  loading: 'Memuat riwayat...',
  empty: 'Belum ada riwayat',
  loadFailed: 'Gagal memuat riwayat',
  staleNote: 'Riwayat tersimpan di perangkat; gagal memuat yang terbaru',
  /** The toggle that shows a decision's note. */
  note: 'Catatan',
  invalidDeviceTime: 'Header X-Dibuat-Pada tidak valid (harus waktu ISO 8601)',
} as const;

/** What each kind of row says. */
export const RIWAYAT_JENIS_LABEL: Record<RiwayatJenis, string> = {
  nilai: 'Mengubah nilai',
  reset: 'Menghapus semua nilai',
  approve: 'Menyetujui',
  reject: 'Menolak',
  cancel: 'Membatalkan keputusan',
  presensi: 'Mengoreksi presensi',
};

/** The header's value: an ISO 8601 date and time with a zone (Z or ±hh:mm). */
export const dibuatPadaSchema = lazySchema(() => z.iso.datetime({ offset: true, message: RIWAYAT_MSG.invalidDeviceTime }));

/**
 * The device time the server records: the claimed time, but never after `serverNow` (a clock
 * ahead) and never before `sessionStart` (a clock behind, or a forged time): clamped, not refused,
 * so an offline change is never lost for a skewed phone clock.
 */
export function boundDeviceTime(claimed: Date, sessionStart: Date, serverNow: Date): Date {
  const time = Math.min(Math.max(claimed.getTime(), sessionStart.getTime()), serverNow.getTime());
  return new Date(time);
}

/** A score or '-' for none. */
const skorText = (skor: number | null) => (skor === null ? '-' : String(skor));

/** One competency's change as the timeline shows it: 'Nilai Komunikasi: 70 → 85'. */
export function perubahanText(change: RiwayatPerubahan): string {
  return `Nilai ${change.kompetensi}: ${skorText(change.sebelum)} → ${skorText(change.sesudah)}`;
}

/** One corrected mark as the timeline shows it: 'Presensi 5 Januari 2026: Hadir → Sakit'. */
export function presensiText(change: RiwayatPresensi): string {
  return `Presensi ${formatDateId(change.tanggal)}: ${change.sebelum ?? '-'} → ${change.sesudah}`;
}

/**
 * When a row happened, as the timeline shows it: 'diterima {waktu}' for a change sent at once;
 * 'dibuat di perangkat {waktu} (offline), diterima {waktu}' when it was made earlier on the device.
 * Times are Jakarta times labelled 'WIB', whatever the zone of the device that shows them.
 */
export function waktuText(entry: Pick<RiwayatEntry, 'waktu_server' | 'waktu_perangkat' | 'offline'>): string {
  const diterima = formatWaktuWib(entry.waktu_server);
  if (!entry.waktu_perangkat || Date.parse(entry.waktu_perangkat) === Date.parse(entry.waktu_server)) return `diterima ${diterima}`;
  return `dibuat di perangkat ${formatWaktuWib(entry.waktu_perangkat)}${entry.offline ? ' (offline)' : ''}, diterima ${diterima}`;
}

/**
 * A history as timeline events, newest first: '{username} ({role}) — {what}', when, each
 * changed score ('Nilai Komunikasi: 70 → 85') and the note.
 */
export function riwayatTimeline(
  entries: readonly RiwayatEntry[],
): { key: number; title: string; time: string; lines: string[]; note: string | null }[] {
  return entries.map((entry) => ({
    key: entry.id,
    title: `${entry.oleh.username} (${entry.oleh.role}) — ${RIWAYAT_JENIS_LABEL[entry.jenis]}`,
    time: waktuText(entry),
    lines: [...entry.perubahan.map(perubahanText), ...(entry.presensi ?? []).map(presensiText)],
    note: entry.catatan,
  }));
}
