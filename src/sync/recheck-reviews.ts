/**
 * The reviews a replay run re-checks queued changes against (the pre-send re-check), per
 * participant: read in batches of the participants still ahead in the queue, replaced by what
 * the server answered to the run's own sends.
 */
import type { ApiClient } from '@/api/client';
import { fetchReviewsBatch } from '@/api/nilai';
import type { PesertaState, ReviewStep } from '@/domain/peserta-state';
import { REVIEW_BATCH_MAX } from '@/domain/review';
import { RECHECK_MAX_AGE_MS } from './constants';

/**
 * `null` from get() = the server does not let this user read the participant (unknown, another
 * mentor's): the entry is sent and the server's refusal becomes the conflict.
 */
export class RecheckReviews {
  private readonly known = new Map<number, { reviews: ReviewStep[] | null; at: number }>();

  constructor(
    private readonly api: ApiClient,
    private readonly now: () => number,
    /** Participants of the never-sent entries, in queue order. */
    private readonly order: readonly number[],
  ) {}

  private fresh(pesertaId: number): boolean {
    const hit = this.known.get(pesertaId);
    return hit !== undefined && this.now() - hit.at <= RECHECK_MAX_AGE_MS;
  }

  async get(pesertaId: number): Promise<ReviewStep[] | null> {
    if (!this.fresh(pesertaId)) {
      // This participant and the next ones ahead not read lately, one request.
      const from = Math.max(0, this.order.indexOf(pesertaId));
      const ids = [pesertaId];
      for (const id of this.order.slice(from)) {
        if (ids.length >= REVIEW_BATCH_MAX) break;
        if (!ids.includes(id) && !this.fresh(id)) ids.push(id);
      }
      const read = await fetchReviewsBatch(this.api, ids);
      const at = this.now();
      for (const id of ids) this.known.set(id, { reviews: read.get(id) ?? null, at });
    }
    return this.known.get(pesertaId)?.reviews ?? null;
  }

  /** The state the server answered for a participant (right after our change, or current on a 409). */
  set(states: readonly PesertaState[]): void {
    for (const state of states) this.known.set(state.peserta_id, { reviews: state.reviews, at: this.now() });
  }
}

