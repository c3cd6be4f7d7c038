/**
 * One read of everything the score screens (Penilaian, Approval, the dashboards) list:
 * participants, the competencies each has a score on and their reviews, grouped by participant,
 * competencies, which participants have a change of this user still queued, and which have one
 * the server refused (with its message). The lists need only which competencies are scored, so
 * the scores come from the table's keys ([peserta_id, kompetensi_id]) — no row is read: at
 * ~9,000 participants with 55,000 scores the rows cost the screen a tenth of a second and more.
 * A participant's scores themselves are read when a modal shows them (readParticipantNilai).
 * Read-only; screens wrap it in useLiveQuery.
 */
import { normalizeReviews, type Review } from '@/domain/approval-chain';
import { changeFamily } from '@/domain/outbox';
import type { MagangDb } from './db';
import { readInPages } from './read-pages';
import type { KompetensiRecord, NilaiRecord, PesertaRecord, ReviewRecord } from './records';

/** A competency a participant has a score on. */
export interface ScoredKompetensi {
  kompetensi_id: number;
}

/** The mirror as the score screens read it. */
export interface NilaiMirror {
  peserta: PesertaRecord[];
  /** Per participant, the competencies it has a score on. */
  nilai: Map<number, ScoredKompetensi[]>;
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
  const [peserta, nilaiKeys, reviews, kompetensi, entries] = await db.transaction('r', [db.peserta, db.nilai, db.reviews, db.kompetensi, db.outbox], () =>
    Promise.all([
      readInPages(db.peserta),
      db.nilai.toCollection().primaryKeys() as Promise<[number, number][]>,
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
  const scored = nilaiKeys.map(([pesertaId, kompetensiId]) => ({ peserta_id: pesertaId, kompetensi_id: kompetensiId }));
  return {
    peserta,
    nilai: groupByPeserta(scored),
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

/** The scores of one participant, as readParticipantNilai read them. */
export interface ParticipantNilai {
  pesertaId: number;
  nilai: NilaiRecord[];
}

/** The scores of participant `pesertaId` in the mirror (an open modal's; the lists read only keys); null: none open. */
export async function readParticipantNilai(db: MagangDb, pesertaId: number | null): Promise<ParticipantNilai | null> {
  return pesertaId === null ? null : { pesertaId, nilai: await db.nilai.where('peserta_id').equals(pesertaId).toArray() };
}

/**
 * The scores of `pesertaId` from a live readParticipantNilai, undefined until read — also while a
 * live query still holds the read of the participant open before, so a modal never shows those.
 */
export function nilaiOfOpen(read: ParticipantNilai | null | undefined, pesertaId: number | null): NilaiRecord[] | undefined {
  return read && read.pesertaId === pesertaId ? read.nilai : undefined;
}

/** The scores (`nilai`, readParticipantNilai), reviews (step order) and refusal of participant `pesertaId`. */
export function scoresOf(mirror: NilaiMirror, pesertaId: number, nilai: readonly NilaiRecord[]): ParticipantScores {
  return { nilai, reviews: reviewsOf(mirror, pesertaId), refused: mirror.refused.get(pesertaId) ?? null };
}
