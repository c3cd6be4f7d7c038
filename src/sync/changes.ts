/**
 * The replayable changes a screen makes, one function each: a score save (the mentor's
 * Penilaian and an approver's Edit Nilai), 'Reset Semua', approve / reject / cancel, an
 * attendance save (a group's day of marks, one change), and marking notifications read.
 * Each goes through the one outbox (submitChange: queued with its optimistic effect and an
 * Idempotency-Key, re-checked before it is sent, the server's 409 kept as a refusal) and ends
 * as a ChangeResult with the text the screen shows (change-outcome.ts). The next kind of
 * replayable change belongs here too.
 */
import { z } from 'zod';
import { db } from '@/db/db';
import { type Review, actionBlock } from '@/domain/approval-chain';
import { lazySchema } from '@/domain/lazy-schema';
import { nilaiItemSchema } from '@/domain/nilai';
import { PRESENSI_MSG, type PresensiMark, presensiPutSchema } from '@/domain/presensi';
import { CATATAN_MAX, REJECT_REASON_REQUIRED } from '@/domain/review';
import { type ChangeResult, changeResult, failedChange } from './change-outcome';
import type { NewChange } from './outbox';
import { submitChange } from './submit';

export type { ChangeResult } from './change-outcome';

/** Queues `change` and, when `online`, sends it now; answers what the screen shows. */
async function makeChange(change: NewChange, online: boolean): Promise<ChangeResult> {
  try {
    return changeResult(change.kind, change.role, await submitChange(db, change, { online }));
  } catch {
    return failedChange(change.kind, change.role);
  }
}

/** A score save: the mentor's Simpan (every competency) or an approver's 'Simpan Nilai' (only the filled ones). */
const saveNilaiInputSchema = lazySchema(() =>
  z.object({
    user: z.number().int(),
    role: z.string(),
    pesertaId: z.number().int().positive(),
    nilai: z.array(nilaiItemSchema).min(1),
  }),
);
type SaveNilaiInput = z.infer<typeof saveNilaiInputSchema>;

/** Queues nilai.save (optimistic) and, online, sends it now. */
export function saveNilai(input: SaveNilaiInput, online = navigator.onLine): Promise<ChangeResult> {
  const { user, role, pesertaId, nilai } = saveNilaiInputSchema.parse(input);
  return makeChange({ user, role, pesertaId, kind: 'nilai.save', payload: { nilai_data: nilai } }, online);
}

/** Queues nilai.reset ('Reset Semua': every score of the participant deleted) and, online, sends it now. */
export function resetNilai(input: { user: number; role: string; pesertaId: number }, online = navigator.onLine): Promise<ChangeResult> {
  const { user, role, pesertaId } = input;
  return makeChange({ user, role, pesertaId, kind: 'nilai.reset', payload: null }, online);
}

const DECISION_KIND = { approve: 'review.approve', reject: 'review.reject', cancel: 'review.cancel' } as const;

/** One approve / reject / cancel decision; a rejection needs its reason. */
const decideReviewInputSchema = lazySchema(() =>
  z
    .object({
      user: z.number().int(),
      role: z.string(),
      pesertaId: z.number().int().positive(),
      action: z.enum(['approve', 'reject', 'cancel']),
      catatan: z.string().trim().max(CATATAN_MAX).optional(),
    })
    .refine((input) => input.action !== 'reject' || (input.catatan ?? '') !== '', { message: REJECT_REASON_REQUIRED }),
);
type DecideReviewInput = z.infer<typeof decideReviewInputSchema>;

/**
 * Checks the rule against the mirror (courtesy), then queues the decision with its optimistic
 * effect and, online, sends it: the replay re-fetches the reviews and re-runs the rule first,
 * so a stale decision is refused with the 'Data telah berubah. …' text and never sent.
 */
export async function decideReview(
  input: DecideReviewInput,
  mirrorReviews: readonly Review[],
  online = navigator.onLine,
): Promise<ChangeResult> {
  const parsed = decideReviewInputSchema.safeParse(input);
  if (!parsed.success) {
    const invalid = parsed.error.issues[0]?.message;
    return invalid === undefined ? failedChange(DECISION_KIND[input.action], input.role) : { outcome: 'refused', message: invalid };
  }
  const { user, role, pesertaId, action, catatan } = parsed.data;
  const blocked = actionBlock(action, role, mirrorReviews);
  if (blocked) return { outcome: 'refused', message: blocked };
  // A rejection carries its reason; an approval its note only when one was written.
  const payload = action === 'reject' ? { catatan } : action === 'approve' && catatan ? { catatan } : {};
  return makeChange({ user, role, pesertaId, kind: DECISION_KIND[action], payload }, online);
}

/** An attendance save: marks of one or more participants and dates (a mentor's group for a day). */
export interface SavePresensiInput {
  user: number;
  role: string;
  marks: readonly { peserta_id: number; tanggal: string; status: string; catatan?: string | null }[];
}

/**
 * Queues presensi.save — every mark of the input as ONE change (one outbox entry, one
 * PUT /api/presensi with its Idempotency-Key, all or none) with its optimistic marks — and,
 * online, sends it now. Input the API would refuse (no mark, more than 500, a participant's date
 * twice, 'Izin' without a note) is refused with its text and nothing is queued. Each mark carries
 * the status the device showed for its date (`sebelumnya`): the server refuses the change if
 * another device marked the date since (409, its text on the row). The replay
 * re-checks, before the first send, every participant's lock against its latest reviews and
 * every date against the participant's period; a refusal keeps the lock's or the date's text.
 */
export async function savePresensi(input: SavePresensiInput, online = navigator.onLine): Promise<ChangeResult> {
  const parsed = presensiPutSchema.safeParse({ presensi: input.marks });
  if (!parsed.success) return { outcome: 'refused', message: parsed.error.issues[0]?.message ?? PRESENSI_MSG.saveFailed };
  // The mirror's mark is the one the device shows: the server's with the queued changes on top.
  const shown = await db.presensi.bulkGet(parsed.data.presensi.map((mark): [number, string] => [mark.peserta_id, mark.tanggal]));
  const marks: PresensiMark[] = parsed.data.presensi.map((mark, i) => ({ ...mark, sebelumnya: shown[i]?.status ?? null }));
  // The entry's own participant: the first of the change (the outbox lists it by that name).
  const pesertaId = Math.min(...marks.map((mark) => mark.peserta_id));
  return makeChange({ user: input.user, role: input.role, pesertaId, kind: 'presensi.save', payload: { presensi: marks } }, online);
}

/**
 * Marks the user's notification `id` read, or (no id) every one made until `sampai` (the
 * newest the user saw): one change through the outbox, shown read at once, sent with its
 * Idempotency-Key now or when the device is back online.
 */
export function markNotifikasiRead(input: { user: number; role: string; id?: number; sampai?: string }, online = navigator.onLine): Promise<ChangeResult> {
  const payload = input.id === undefined ? { sampai: input.sampai ?? new Date().toISOString() } : { id: input.id };
  // Not about a participant: the entry's participant is 0.
  return makeChange({ user: input.user, role: input.role, pesertaId: 0, kind: 'notifikasi.baca', payload }, online);
}
