/**
 * The Idempotency-Key header of the replayable changes: its length limit and the texts of its
 * refusals. Pure: the server checks keys with these and documents the header with the limit.
 */

/** Longest accepted Idempotency-Key (the client sends a 36-character uuid). */
export const IDEMPOTENCY_KEY_MAX = 200;

/** Texts of Idempotency-Key refusals. */
export const IDEMPOTENCY_MSG = {
  invalid: `Idempotency-Key tidak valid (1-${IDEMPOTENCY_KEY_MAX} karakter)`,
  reused: 'Idempotency-Key sudah digunakan untuk permintaan lain',
} as const;
