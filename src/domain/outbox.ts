/**
 * The replayable changes a screen queues in the outbox, as pure rules: their kinds and how
 * the queue names them, the re-check that decides whether a queued change may still be sent,
 * and the optimistic effect of a change on a participant's scores and reviews. Used by
 * src/sync (enqueue, replay, reconcile) in the page and the service worker; the requests they
 * become are described in src/api/nilai.ts.
 */
import { type ApprovalStep, type Review, actionBlock, applyAction, isApprovalStep } from './approval-chain';
import { nilaiBulkSchema, scoreEditLock } from './nilai';

/** The five outbox kinds. */
const OUTBOX_KINDS = ['nilai.save', 'nilai.reset', 'review.approve', 'review.reject', 'review.cancel'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** How a queued change is named in the list of pending and refused changes. */
export const OUTBOX_KIND_LABEL: Record<OutboxKind, string> = {
  'nilai.save': 'Simpan nilai',
  'nilai.reset': 'Hapus semua nilai',
  'review.approve': 'Setujui',
  'review.reject': 'Tolak',
  'review.cancel': 'Batalkan keputusan',
};

/**
 * Why a queued change of `kind` by `role` may no longer be sent, given the participant's
 * latest reviews (the edit lock's or the chain's `Data telah berubah. …` text), or null when it may be sent.
 */
export function recheckBlock(kind: OutboxKind, role: string, reviews: readonly Review[]): string | null {
  switch (kind) {
    case 'nilai.save':
    case 'nilai.reset':
      return scoreEditLock(role, reviews);
    case 'review.approve':
      return actionBlock('approve', role, reviews);
    case 'review.reject':
      return actionBlock('reject', role, reviews);
    case 'review.cancel':
      return actionBlock('cancel', role, reviews);
  }
}

/** A participant's scores as the mirror holds them. */
export interface ScoreRow {
  peserta_id: number;
  kompetensi_id: number;
  skor: number;
}

/** What a change does to one participant's scores and reviews (pure; inputs untouched). */
export function applyOptimistic(
  change: { kind: OutboxKind; role: string; payload: unknown },
  state: { nilai: readonly ScoreRow[]; reviews: readonly Review[] },
): { nilai: ScoreRow[]; reviews: Review[] } {
  const nilai = [...state.nilai];
  let reviews = [...state.reviews];
  if (change.kind === 'nilai.save') {
    const parsed = nilaiBulkSchema.safeParse(change.payload);
    for (const item of parsed.success ? parsed.data.nilai_data : []) {
      const at = nilai.findIndex((row) => row.kompetensi_id === item.kompetensi_id);
      if (at >= 0) nilai[at] = { ...nilai[at]!, skor: item.skor };
      else nilai.push({ peserta_id: item.peserta_id, kompetensi_id: item.kompetensi_id, skor: item.skor });
    }
    return { nilai, reviews };
  }
  if (change.kind === 'nilai.reset') return { nilai: [], reviews };
  if (!isApprovalStep(change.role)) return { nilai, reviews };
  const action = change.kind === 'review.approve' ? 'approve' : change.kind === 'review.reject' ? 'reject' : 'cancel';
  const catatan = (change.payload as { catatan?: string | null } | null)?.catatan ?? null;
  reviews = applyAction(action, change.role as ApprovalStep, reviews, catatan);
  return { nilai, reviews };
}
