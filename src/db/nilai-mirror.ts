/**
 * One read of everything the score screens (Penilaian, Approval) show: participants, their
 * scores and reviews grouped by participant, competencies, which participants have a change of
 * this user still queued, and which have one the server refused (with its message).
 * Read-only; screens wrap it in useLiveQuery.
 */
import { normalizeReviews, type Review } from '@/domain/approval-chain';
import { changeFamily } from '@/domain/outbox';
import type { MagangDb } from './db';
import { readInPages } from './read-pages';
import type { KompetensiRecord, NilaiRecord, PesertaRecord, ReviewRecord } from './records';

/** The mirror as the score screens read it. */
export interface NilaiMirror {
  peserta: PesertaRecord[];
  nilai: Map<number, NilaiRecord[]>;
  reviews: Map<number, ReviewRecord[]>;
  kompetensi: KompetensiRecord[];
  /** Participants with a score or approval change of this user still queued (not refused; attendance is not theirs). */
  pendingIds: Set<number>;
  /**
   * Participants with a change of this user refused on replay (an outbox conflict the user has
   * not dismissed yet), with the refusal text of the newest one.
   */
  refused: Map<number, string>;
}

function groupByPeserta<T extends { peserta_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.peserta_id);
    if (list) list.push(row);
    else out.set(row.peserta_id, [row]);
  }
  return out;
}

/** Reads the score view of the mirror for `userId` (null: no queued changes marked). */
export async function readNilaiMirror(db: MagangDb, userId: number | null): Promise<NilaiMirror> {
  // One read-only transaction: the pages of every table show the same moment of the mirror.
  const [peserta, nilai, reviews, kompetensi, entries] = await db.transaction('r', [db.peserta, db.nilai, db.reviews, db.kompetensi, db.outbox], () =>
    Promise.all([
      readInPages(db.peserta),
      readInPages(db.nilai),
      readInPages(db.reviews),
      db.kompetensi.toArray(),
      userId === null ? [] : db.outbox.where('user').equals(userId).toArray(),
    ]),
  );
  // Only the changes of a participant's scores and reviews are the score screens'.
  const outbox = entries.filter((entry) => changeFamily(entry.kind) === 'scores');
  const refused = new Map<number, string>();
  // In queue order, so the newest refusal of a participant wins.
  const conflicts = outbox.filter((entry) => entry.state === 'conflict').sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const entry of conflicts) refused.set(entry.pesertaId, entry.lastError ?? '');
  return {
    peserta,
    nilai: groupByPeserta(nilai),
    reviews: groupByPeserta(reviews),
    kompetensi,
    pendingIds: new Set(outbox.filter((entry) => entry.state !== 'conflict').map((entry) => entry.pesertaId)),
    refused,
  };
}

/** A participant's reviews in step order (missing steps = Menunggu). */
export function reviewsOf(mirror: NilaiMirror | undefined, pesertaId: number): Review[] {
  return normalizeReviews(mirror?.reviews.get(pesertaId) ?? []);
}

/** One participant as the score and approval modals open it: scores, reviews, this user's refused change. */
export interface ParticipantScores {
  nilai: readonly NilaiRecord[];
  reviews: readonly Review[];
  /** The refusal text of this user's queued change of the participant (not dismissed yet), else null. */
  refused: string | null;
}

/** The scores, reviews (step order) and refusal of participant `pesertaId`. */
export function scoresOf(mirror: NilaiMirror, pesertaId: number): ParticipantScores {
  return { nilai: mirror.nilai.get(pesertaId) ?? [], reviews: reviewsOf(mirror, pesertaId), refused: mirror.refused.get(pesertaId) ?? null };
}
