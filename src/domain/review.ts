/**
 * The review (approval) calls: their request bodies and queries — the rejection reason, the
 * optional approval note, the batch read of reviews the outbox re-check uses — and the texts
 * they answer. Pure; the server validates with these, the web app checks its forms with the
 * same limits.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Success texts of the decisions, and the refusal of a decision outside the approval list. */
export const REVIEW_MSG = {
  approved: 'Berhasil menyetujui peserta',
  rejected: 'Berhasil menolak peserta',
  cancelled: 'Keputusan berhasil dibatalkan',
  // Only participants in the approval list can be approved or rejected; the second sentence is
  // the approval screen's own hint for an empty list.
  notInApprovalList:
    'Nilai peserta belum lengkap. Peserta harus memiliki nilai terlebih dahulu sebelum bisa masuk ke tahap approval',
} as const;

/** A decision that failed on the device with no reason of its own (no answer to say why). */
export const REVIEW_FAILED_MSG = {
  approve: 'Gagal menyetujui peserta',
  reject: 'Gagal menolak peserta',
  cancel: 'Gagal membatalkan keputusan',
} as const;

/** Rejection reason: required, non-empty after trimming, at most 2,000 characters. */
export const CATATAN_MAX = 2000;
export const REJECT_REASON_REQUIRED = 'Alasan penolakan wajib diisi';
export const rejectBodySchema = lazySchema(() => z.object({
  catatan: z.string({ message: REJECT_REASON_REQUIRED }).trim().min(1, REJECT_REASON_REQUIRED).max(CATATAN_MAX),
}));
/** Body of approve: an optional note. */
export const approveBodySchema = lazySchema(() => z.object({ catatan: z.string().trim().max(CATATAN_MAX).nullish() }));

/** At most this many participants per batch read of reviews (GET /api/review/peserta?ids=). */
export const REVIEW_BATCH_MAX = 200;
export const REVIEW_BATCH_MSG = {
  invalid: 'ID tidak valid',
  tooMany: `Maksimal ${REVIEW_BATCH_MAX} ID sekaligus`,
} as const;

/**
 * Query of the batch read: `ids` = comma-separated positive decimal ids (duplicates
 * allowed, counted once), 1 to REVIEW_BATCH_MAX of them; parsed to distinct ids.
 */
export const reviewBatchQuerySchema = lazySchema(() => z.object({
  ids: z
    .string({ error: REVIEW_BATCH_MSG.invalid })
    .regex(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, REVIEW_BATCH_MSG.invalid)
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(z.array(z.number()).max(REVIEW_BATCH_MAX, REVIEW_BATCH_MSG.tooMany)),
}));
