import { z } from 'zod';
import { db } from '@/db/db';
import { type ApprovalAction, type Review, actionBlock } from '@/domain/approval-chain';
import { MSG } from '@/domain/messages';
import { CATATAN_MAX, REJECT_REASON_REQUIRED } from '@/domain/review';
import { submitChange } from '@/sync/submit';

/** Success and failure texts of the approval actions (spec 8). */
export const DECIDE_MSG: Record<ApprovalAction, { done: string; failed: string }> = {
  approve: { done: 'Berhasil menyetujui peserta', failed: 'Gagal menyetujui peserta' },
  reject: { done: 'Berhasil menolak peserta', failed: 'Gagal menolak peserta' },
  cancel: { done: 'Keputusan berhasil dibatalkan', failed: 'Gagal membatalkan keputusan' },
};

const KIND = { approve: 'review.approve', reject: 'review.reject', cancel: 'review.cancel' } as const;

/** One approve / reject / cancel decision. */
export const decideReviewInputSchema = z
  .object({
    user: z.number().int(),
    role: z.string(),
    pesertaId: z.number().int().positive(),
    action: z.enum(['approve', 'reject', 'cancel']),
    catatan: z.string().trim().max(CATATAN_MAX).optional(),
  })
  .refine((input) => input.action !== 'reject' || (input.catatan ?? '') !== '', { message: REJECT_REASON_REQUIRED });
export type DecideReviewInput = z.infer<typeof decideReviewInputSchema>;

/** How a decision ended, as the screen shows it; `title`: the server's `error` field of a refusal, if any. */
export interface DecideReviewResult {
  outcome: 'sent' | 'queued' | 'refused';
  message: string;
  title?: string;
}

/**
 * Checks the rule against the mirror (courtesy), then queues the decision with its optimistic
 * effect and, online, sends it: the replay re-fetches the reviews and re-runs the rule first,
 * so a stale decision is refused with the spec's 'Data telah berubah. …' text and never sent.
 */
export async function decideReview(
  input: DecideReviewInput,
  mirrorReviews: readonly Review[],
  online = navigator.onLine,
): Promise<DecideReviewResult> {
  const parsed = decideReviewInputSchema.safeParse(input);
  if (!parsed.success) return { outcome: 'refused', message: parsed.error.issues[0]?.message ?? DECIDE_MSG[input.action].failed };
  const { user, role, pesertaId, action, catatan } = parsed.data;
  const blocked = actionBlock(action, role, mirrorReviews);
  if (blocked) return { outcome: 'refused', message: blocked };
  const payload = action === 'reject' ? { catatan } : action === 'approve' && catatan ? { catatan } : {};
  try {
    const result = await submitChange(db, { user, role, kind: KIND[action], pesertaId, payload }, { online });
    if (result.outcome === 'sent') return { outcome: 'sent', message: DECIDE_MSG[action].done };
    if (result.outcome === 'queued') return { outcome: 'queued', message: MSG.savedOffline };
    if (result.outcome === 'storage-full') return { outcome: 'refused', message: MSG.storageFull };
    return { outcome: 'refused', message: result.message || DECIDE_MSG[action].failed, ...(result.title ? { title: result.title } : {}) };
  } catch {
    return { outcome: 'refused', message: DECIDE_MSG[action].failed };
  }
}
