// A participant's approval state on the server, shared by the score writers (services/nilai.ts)
// and the approval chain (services/approval.ts): which participants a user may read, the
// row locks every writer of reviews and scores takes, and the `state` a replayable change
// answers (its shape: src/domain/peserta-state.ts).
//
// Lock order, shared by every writer of reviews and scores (and by services/peserta.ts):
// referenced rows (the caller's user row; for scores the competencies), then the peserta rows
// in ascending id (FOR NO KEY UPDATE — the lock the triggers of migration 0002 take anyway
// when they bump the participant, and the one a participant delete conflicts with), then their
// review rows (FOR UPDATE, ascending). Two approvers racing on one step therefore queue on the
// participant: the second sees the first's decision and gets the 409 of the chain.
import { asc, eq, sql } from 'drizzle-orm';
import type { Review } from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { type PesertaState, type ReviewStep, type Score, reviewSteps } from '../../src/domain/peserta-state';
import type { AuthUser } from '../auth/plugin';
import { idIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { kompetensi, nilai, peserta, reviews } from '../db/schema';
import { HttpError } from '../http-error';

/** What the score and approval rules need of a participant. */
export interface PesertaScope {
  id: number;
  jenjang: Jenjang;
  divisi_id: number;
  mentor_id: number | null;
}

const scopeColumns = { id: peserta.id, jenjang: peserta.jenjang, divisi_id: peserta.divisi_id, mentor_id: peserta.mentor_id };

/** True when `user` may read and score the participant: a Mentor only the ones assigned to them, every other role all. */
export function mayReadPeserta(user: Pick<AuthUser, 'id' | 'role'>, row: Pick<PesertaScope, 'mentor_id'>): boolean {
  return user.role !== 'Mentor' || row.mentor_id === user.id;
}

/** A Mentor reads and scores only the participants assigned to them; 403 otherwise. */
export function assertMentorOwns(user: AuthUser, row: PesertaScope): void {
  if (!mayReadPeserta(user, row)) throw new HttpError(403, SERVER_MSG.forbidden);
}

/** A participant's scope without locks; 404 unknown, 403 for another mentor's participant. */
export async function readableScope(db: Db | Tx, user: AuthUser, id: number): Promise<PesertaScope> {
  const [row] = await db.select(scopeColumns).from(peserta).where(eq(peserta.id, id));
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  assertMentorOwns(user, row);
  return row;
}

/** Of `ids`, the participants that exist and `user` may read, ascending (unknown and another mentor's left out). */
export async function readableIds(db: Db | Tx, user: AuthUser, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const scopes = await db.select(scopeColumns).from(peserta).where(idIn(peserta.id, [...ids])).orderBy(asc(peserta.id));
  return scopes.filter((row) => mayReadPeserta(user, row)).map((row) => row.id);
}

/** Locks the participants (FOR NO KEY UPDATE, ascending id) and returns the ones that exist. */
export async function lockPeserta(tx: Tx, ids: readonly number[]): Promise<Map<number, PesertaScope>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(scopeColumns)
    .from(peserta)
    .where(idIn(peserta.id, [...ids]))
    .orderBy(asc(peserta.id))
    .for('no key update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks the review rows of the participants (FOR UPDATE, ascending) and returns the stored rows of each. */
export async function lockReviews(tx: Tx, ids: readonly number[]): Promise<Map<number, Review[]>> {
  const out = new Map<number, Review[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await tx
    .select({ peserta_id: reviews.peserta_id, role_reviewer: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan })
    .from(reviews)
    .where(idIn(reviews.peserta_id, [...ids]))
    .orderBy(asc(reviews.peserta_id), asc(reviews.role_reviewer))
    .for('update');
  for (const { peserta_id, ...review } of rows) out.get(peserta_id)?.push(review);
  return out;
}

/** The three steps of each participant (Menunggu where no row), without locks; absent ids get three Menunggu. */
export async function selectReviews(db: Db | Tx, ids: readonly number[]): Promise<Map<number, ReviewStep[]>> {
  const stored = new Map<number, Review[]>(ids.map((id) => [id, []]));
  if (ids.length > 0) {
    const rows = await db
      .select({ peserta_id: reviews.peserta_id, role_reviewer: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan })
      .from(reviews)
      .where(idIn(reviews.peserta_id, [...ids]));
    for (const { peserta_id, ...review } of rows) stored.get(peserta_id)?.push(review);
  }
  return new Map([...stored].map(([id, list]) => [id, reviewSteps(list)]));
}

/** Competencies by name, case-insensitively, in byte order. */
const kompetensiByNama = sql`lower(${kompetensi.nama}) collate "C"`;

/** Every score of the participants, by participant, then competency name. */
export async function selectNilai(db: Db | Tx, pesertaIds: readonly number[]): Promise<Score[]> {
  if (pesertaIds.length === 0) return [];
  const rows = await db
    .select({
      id: nilai.id,
      peserta_id: nilai.peserta_id,
      kompetensi_id: nilai.kompetensi_id,
      skor: nilai.skor,
      nama: kompetensi.nama,
    })
    .from(nilai)
    .innerJoin(kompetensi, eq(kompetensi.id, nilai.kompetensi_id))
    .where(idIn(nilai.peserta_id, [...pesertaIds]))
    .orderBy(asc(nilai.peserta_id), kompetensiByNama, asc(nilai.kompetensi_id));
  return rows.map(({ nama, ...row }) => ({ ...row, kompetensi: { nama } }));
}

/** The state of each participant (ascending id, once each), read inside the caller's transaction. */
async function pesertaStates(tx: Db | Tx, ids: readonly number[]): Promise<PesertaState[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const [reviewsOf, scores] = await Promise.all([selectReviews(tx, sorted), selectNilai(tx, sorted)]);
  return sorted.map((id) => ({
    peserta_id: id,
    reviews: reviewsOf.get(id) ?? [],
    nilai: scores.filter((row) => row.peserta_id === id),
  }));
}

/**
 * The fields a replayable change adds to its answer (2xx, and a keyed 409): `state` of the
 * one participant it concerns, and for POST /api/nilai/bulk (`many`) also `states`, one per
 * participant of the payload. The outbox reconciles its mirror from them without another read.
 */
export async function answerState(tx: Tx, ids: readonly number[], many = false): Promise<{ state?: PesertaState; states?: PesertaState[] }> {
  const states = await pesertaStates(tx, ids);
  if (!many) return states[0] ? { state: states[0] } : {};
  return states.length === 1 ? { state: states[0], states } : { states };
}
