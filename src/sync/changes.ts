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
import { holdIzin, releaseIzin } from '@/db/presensi-menunggu';
import { foldDayMarks, presensiMarksOf, takesDayMarks } from '@/domain/outbox';
import { type MarkInput, catatanToSend, tapOutcome } from '@/domain/presensi-screen';
import { type NewChange, enqueueFolded } from './outbox';
import { type SubmitOptions, submitChange } from './submit';

export type { ChangeResult } from './change-outcome';

/** Queues `change` (see SubmitOptions) and, when `online`, sends it now; answers what the screen shows. */
async function makeChange(change: NewChange, online: boolean, options: Omit<SubmitOptions, 'online'> = {}): Promise<ChangeResult> {
  try {
    return changeResult(change.kind, change.role, await submitChange(db, change, { online, ...options }));
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
 * Keeps attendance marks — a tap, or 'Tandai semua Hadir' — on the device at once and, online,
 * sends them now. The marks of one date go into the user's presensi.save of that date still
 * waiting unsent (foldDayMarks: one request per day marked, however many taps), else into ONE
 * new change (one outbox entry, one PUT /api/presensi with its Idempotency-Key, all or none),
 * with their optimistic marks. Input the API would refuse (no mark, more than 500, a
 * participant's date twice, 'Izin' without a note) is refused with its text and nothing is
 * queued (an Izin without its note waits on the device: holdIzinForNote). Each mark carries the
 * status the device showed for its date before its first unsent change (`sebelumnya`): the
 * server refuses the change if another device marked the date since (409, its text on the row).
 * The replay re-checks, before the first send, every participant's lock against its latest
 * reviews and every date against the participant's period. A refusal stays in the outbox, its
 * text on the rows it concerns, until the user dismisses it or taps again.
 */
export async function savePresensi(input: SavePresensiInput, online = navigator.onLine): Promise<ChangeResult> {
  const parsed = presensiPutSchema.safeParse({ presensi: input.marks });
  if (!parsed.success) return { outcome: 'refused', message: parsed.error.issues[0]?.message ?? PRESENSI_MSG.saveFailed };
  // The mirror's mark is the one the device shows: the server's with the queued changes on top.
  const shown = await db.presensi.bulkGet(parsed.data.presensi.map((mark): [number, string] => [mark.peserta_id, mark.tanggal]));
  const marks: PresensiMark[] = parsed.data.presensi.map((mark, i) => ({ ...mark, sebelumnya: shown[i]?.status ?? null }));
  const tanggal = marks.every((mark) => mark.tanggal === marks[0]!.tanggal) ? marks[0]!.tanggal : null;
  // The entry's own participant: the first of the change (the outbox lists it by that name).
  const pesertaId = Math.min(...marks.map((mark) => mark.peserta_id));
  const change: NewChange = { user: input.user, role: input.role, pesertaId, kind: 'presensi.save', payload: { presensi: marks } };
  const queue = async (target: typeof db, next: NewChange) => {
    const entry = await enqueueFolded(target, next, (queued) => {
      const into = tanggal === null ? undefined : queued.find((entry) => takesDayMarks(entry, next, tanggal, marks.length));
      if (!into) return null;
      const folded = foldDayMarks(presensiMarksOf(into.payload), marks);
      return { seq: into.seq!, payload: { presensi: folded } };
    });
    // A queued mark is no longer an Izin waiting for its note.
    await releaseIzin(target, input.user, marks);
    return entry;
  };
  return makeChange(change, online, { queue, keepRefusal: true });
}

/** One tap on a participant's date (or its note written), with what the device holds for that date. */
export interface TapPresensiInput {
  user: number;
  role: string;
  at: { peserta_id: number; tanggal: string };
  mark: MarkInput;
  /** The mark the device holds (the server's with the queued changes on top; null: none). */
  held: MarkInput | null;
  /** An Izin waits at this date for its note. */
  waiting: boolean;
}

/**
 * A tap kept at once (tapOutcome): a new mark is queued and, online, sent (savePresensi); an
 * Izin without its note waits on the device; a tap back to the held mark ends such a wait.
 * Answers what became of a queued mark, or null when nothing was sent or queued.
 */
export async function tapPresensi(input: TapPresensiInput, online = navigator.onLine): Promise<ChangeResult | null> {
  const { user, role, at, mark } = input;
  switch (tapOutcome(mark, input.held, input.waiting)) {
    case 'hold':
      await holdIzin(db, user, at);
      return null;
    case 'release':
      await releaseIzin(db, user, [at]);
      return null;
    case 'none':
      return null;
    case 'queue':
      return savePresensi({ user, role, marks: [{ ...at, status: mark.status, catatan: catatanToSend(mark.status, mark.catatan) }] }, online);
  }
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
