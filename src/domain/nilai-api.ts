/**
 * Requests and texts of the nilai (score) and approval API (spec 7, 8) that the spec leaves to us:
 * the competency-list query, the success texts of the review calls, the refusal of an
 * approval for a participant outside the approval list, and the Idempotency-Key limits
 * (CONTRACT.md). Pure: the server answers with these, the web app may show them.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { JENJANG } from './master-data';

/** Success texts of the review calls (spec 8) and the API's own refusals of scores and reviews. */
export const NILAI_API_MSG = {
  approved: 'Berhasil menyetujui peserta',
  rejected: 'Berhasil menolak peserta',
  cancelled: 'Keputusan berhasil dibatalkan',
  // Spec 5: only participants in the approval list can be approved or rejected; the second
  // sentence is the spec's own empty-list hint of the approval screen.
  notInApprovalList:
    'Nilai peserta belum lengkap. Peserta harus memiliki nilai terlebih dahulu sebelum bisa masuk ke tahap approval',
  kompetensiUnknown: 'Kompetensi yang dipilih tidak ditemukan',
  kompetensiWrongJenjang: 'Kompetensi tidak sesuai dengan jenjang peserta',
} as const;

/** An approval action that failed on the device with no reason of its own. */
export const REVIEW_FAILED_MSG = {
  approve: 'Gagal menyetujui peserta',
  reject: 'Gagal menolak peserta',
  cancel: 'Gagal membatalkan keputusan',
} as const;

/** Query of GET /api/nilai/divisi/{divisiId}/kompetensi: the level is required. */
export const nilaiKompetensiQuerySchema = lazySchema(() => z.object({
  jenjang: z.enum(JENJANG, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'Jenjang wajib diisi' : 'Jenjang tidak valid'),
  }),
}));
export type NilaiKompetensiQuery = z.infer<typeof nilaiKompetensiQuerySchema>;

/** Longest accepted Idempotency-Key (the client sends a 36-character uuid). */
export const IDEMPOTENCY_KEY_MAX = 200;

/** Texts of Idempotency-Key refusals. */
export const IDEMPOTENCY_MSG = {
  invalid: `Idempotency-Key tidak valid (1-${IDEMPOTENCY_KEY_MAX} karakter)`,
  reused: 'Idempotency-Key sudah digunakan untuk permintaan lain',
} as const;
