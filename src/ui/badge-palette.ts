/**
 * One palette for every badge: what a colour means is the same on every screen.
 * - info (blue) / purple: the two levels and their institutions (SMK and Sekolah blue,
 *   Mahasiswa and Kampus purple);
 * - primary (teal): staff roles, grade chips, partial progress;
 * - warning (amber): something the viewer has to do ('Perlu Tindakan', 'Belum dinilai');
 * - success / danger: approved or ready / rejected or inactive;
 * - neutral (grey): waiting on someone else, stopped, nothing to do.
 * Keys are the product's words as the API and the screens write them (src/ui imports no domain code).
 */
import type { BadgeTone } from './badge';

/** Level (SMK / Mahasiswa) and institution type (Sekolah / Kampus). */
export function jenjangTone(value: string): BadgeTone {
  return value === 'Mahasiswa' || value === 'Kampus' ? 'purple' : 'info';
}

/** A staff role: one colour for all, the word tells them apart. */
export function roleTone(_role: string): BadgeTone {
  return 'primary';
}

/**
 * A participant's status as a screen shows it: the approval screen's per-viewer text
 * ('Perlu Tindakan', 'Disetujui', 'Ditolak oleh HR', 'Menunggu Pembimbing', ...), a review
 * status (Menunggu, Disetujui, Ditolak, Tidak_dilanjutkan) or a mentor list status key.
 */
export function statusTone(status: string): BadgeTone {
  if (status === 'Perlu Tindakan' || status === 'belum_dinilai') return 'warning';
  if (status === 'Disetujui' || status === 'approval_lengkap' || status === 'Siap Dicetak') return 'success';
  if (status.startsWith('Ditolak') || status === 'Anda Menolak' || status === 'ditolak') return 'danger';
  if (status === 'approval_parsial') return 'primary';
  return 'neutral';
}

/** Aktif / Nonaktif of a competency. */
export function aktifTone(aktif: boolean): BadgeTone {
  return aktif ? 'success' : 'neutral';
}
