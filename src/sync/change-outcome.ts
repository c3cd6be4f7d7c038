/**
 * What a screen shows once it made a replayable change: the one map from a change's kind and
 * what became of it (src/sync/submit.ts) to the text, every text taken from src/domain.
 */
import type { OutboxKind } from '@/domain/outbox';
import { isApprovalStep } from '@/domain/approval-chain';
import { MSG } from '@/domain/messages';
import { NILAI_MSG } from '@/domain/nilai';
import { NOTIFIKASI_MSG } from '@/domain/notifikasi';
import { PRESENSI_MSG } from '@/domain/presensi';
import { REVIEW_FAILED_MSG, REVIEW_MSG } from '@/domain/review';
import type { SubmitOutcome } from './submit';

/**
 * How a replayable change ended, as the screen shows it: `message` is the text to show,
 * `title` the `error` field of the server's answer to a refusal, when it sent one (the
 * API error popup's title).
 */
export interface ChangeResult {
  outcome: 'sent' | 'queued' | 'refused';
  message: string;
  title?: string;
}

interface ChangeTexts {
  /** Shown once the server applied the change. */
  done: string;
  /** Shown when the change failed with no reason of its own, by the role that made it. */
  failed: (role: string) => string;
  /**
   * A refused score change puts the server's scores back in the mirror, so its refusal says
   * that the latest data was loaded; a refused decision does not.
   */
  reloads: boolean;
}

const CHANGE_TEXTS: Record<OutboxKind, ChangeTexts> = {
  // The mentor's Penilaian and an approver's Edit Nilai word a failed save differently.
  'nilai.save': {
    done: NILAI_MSG.saved,
    failed: (role) => (isApprovalStep(role) ? NILAI_MSG.approverSaveFailed : NILAI_MSG.saveFailed),
    reloads: true,
  },
  'nilai.reset': { done: NILAI_MSG.allDeleted, failed: () => NILAI_MSG.deleteFailed, reloads: true },
  'review.approve': { done: REVIEW_MSG.approved, failed: () => REVIEW_FAILED_MSG.approve, reloads: false },
  'review.reject': { done: REVIEW_MSG.rejected, failed: () => REVIEW_FAILED_MSG.reject, reloads: false },
  'review.cancel': { done: REVIEW_MSG.cancelled, failed: () => REVIEW_FAILED_MSG.cancel, reloads: false },
  // A refused attendance save puts the server's marks back, and says why in the lock's or the date's text.
  'presensi.save': { done: PRESENSI_MSG.saved, failed: () => PRESENSI_MSG.saveFailed, reloads: false },
  'notifikasi.baca': { done: NOTIFIKASI_MSG.read, failed: () => NOTIFIKASI_MSG.readFailed, reloads: false },
};

/** A change of `kind` by `role` that failed before it could be queued or answered (e.g. IndexedDB closed). */
export function failedChange(kind: OutboxKind, role: string): ChangeResult {
  return { outcome: 'refused', message: CHANGE_TEXTS[kind].failed(role) };
}

/** What the screen shows for a change of `kind` by `role` that `submitChange` answered with `result`. */
export function changeResult(kind: OutboxKind, role: string, result: SubmitOutcome): ChangeResult {
  const texts = CHANGE_TEXTS[kind];
  switch (result.outcome) {
    case 'sent':
      return { outcome: 'sent', message: texts.done };
    case 'queued':
      return { outcome: 'queued', message: MSG.savedOffline };
    case 'storage-full':
      return { outcome: 'refused', message: MSG.storageFull };
    case 'refused': {
      const reason = result.message || texts.failed(role);
      return {
        outcome: 'refused',
        message: texts.reloads ? `${reason} ${NILAI_MSG.reloaded}` : reason,
        ...(result.title ? { title: result.title } : {}),
      };
    }
  }
}
