// Scores (nilai) on the server: the competencies a participant is scored on, reading scores,
// the mentor's own list, saving in bulk and deleting all of a participant's scores. Saves and
// deletes run the SAME edit-lock rule as the web app (scoreEditLock of src/domain/nilai.ts) on
// locked rows, in the lock order of services/peserta-state.ts, with the competencies
// (referenced rows) locked first:
// FOR SHARE makes a concurrent rename or delete of one wait instead of deadlocking with us.
// One score per participant and competency: a resend replaces it (upsert), never duplicates.
import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeReviews } from '../../src/domain/approval-chain';
import { ID_MAX, type Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { NILAI_MSG, type NilaiItem, scoreEditLock } from '../../src/domain/nilai';
import type { Score } from '../../src/domain/peserta-state';
import type { AuthUser } from '../auth/plugin';
import { idIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { divisi, divisiKategori, kompetensi, nilai } from '../db/schema';
import { HttpError } from '../http-error';
import { recordDeletions } from './deletions';
import type { StoredAnswer } from './idempotency';
import { chainPoints, settleNotifikasi } from './notifikasi';
import { assertMentorOwns, lockPeserta, lockReviews, readableScope, selectNilai } from './peserta-state';
import { type ChangeOrigin, recordReset, recordScoreSave, resetChanges, scoresBefore } from './riwayat';

/** A competency of GET /api/nilai/divisi/:divisiId/kompetensi. */
interface ApiNilaiKompetensi {
  id: number;
  nama: string;
  jenjang: Jenjang;
  aktif: boolean;
}


const byNamaSql = sql`lower(${kompetensi.nama}) collate "C"`;
const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** The ACTIVE competencies of a division for a level, by name; 404 unknown division. */
export async function listDivisiKompetensi(db: Db, divisiId: number, jenjang: Jenjang): Promise<ApiNilaiKompetensi[]> {
  return db.transaction(
    async (tx) => {
      const [found] = await tx.select({ id: divisi.id }).from(divisi).where(eq(divisi.id, divisiId));
      if (!found) throw new HttpError(404, SERVER_MSG.notFound);
      return tx
        .select({ id: kompetensi.id, nama: kompetensi.nama, jenjang: kompetensi.jenjang, aktif: kompetensi.aktif })
        .from(kompetensi)
        .innerJoin(divisiKategori, eq(divisiKategori.kompetensi_id, kompetensi.id))
        .where(and(eq(divisiKategori.divisi_id, divisiId), eq(kompetensi.jenjang, jenjang), eq(kompetensi.aktif, true)))
        .orderBy(byNamaSql, asc(kompetensi.id));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** GET /api/nilai/peserta/:id: a participant's scores; 404 unknown, 403 another mentor's. */
export async function readNilai(db: Db, user: AuthUser, id: number): Promise<Score[]> {
  return db.transaction(
    async (tx) => {
      await readableScope(tx, user, id);
      return selectNilai(tx, [id]);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Locks competencies FOR SHARE in ascending id order and returns the ones that exist. */
async function lockKompetensi(tx: Tx, ids: readonly number[]): Promise<Map<number, Jenjang>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: kompetensi.id, jenjang: kompetensi.jenjang })
    .from(kompetensi)
    .where(idIn(kompetensi.id, [...ids]))
    .orderBy(asc(kompetensi.id))
    .for('share');
  return new Map(rows.map((row) => [row.id, row.jenjang]));
}

/** Throws 409 with the edit-lock text when `user` may not change the scores of any of the locked participants. */
async function assertScoresEditable(tx: Tx, user: AuthUser, pesertaIds: readonly number[]): Promise<void> {
  const reviewsOf = await lockReviews(tx, pesertaIds);
  for (const id of pesertaIds) {
    const lock = scoreEditLock(user.role, normalizeReviews(reviewsOf.get(id) ?? []));
    if (lock) throw new HttpError(409, lock);
  }
}

/**
 * POST /api/nilai/bulk inside `tx`: every participant must exist (404) and, for a Mentor, be
 * theirs (403); every competency must exist and be of its participant's level (400); the edit
 * lock must allow `user`'s role on every participant (409, nothing written). Then each score
 * is inserted or replaced (the last one wins when a pair repeats in the body), the changed
 * scores are recorded in the history (Riwayat) with `origin`, and a participant whose scores
 * became complete is announced to the Pembimbing (notifications).
 */
export async function saveNilai(tx: Tx, origin: ChangeOrigin, items: readonly NilaiItem[]): Promise<StoredAnswer> {
  const { user } = origin;
  const byPair = new Map(items.map((item) => [`${item.peserta_id}:${item.kompetensi_id}`, item]));
  const unique = [...byPair.values()];
  const pesertaIds = ascending(unique.map((item) => item.peserta_id));
  const kompetensiIds = ascending(unique.map((item) => item.kompetensi_id));
  // Beyond a 32-bit id no row exists (and the query would fail on the integer column).
  if (pesertaIds.some((id) => id > ID_MAX)) throw new HttpError(404, SERVER_MSG.notFound);
  if (kompetensiIds.some((id) => id > ID_MAX)) throw new HttpError(400, NILAI_MSG.kompetensiUnknown);

  const jenjangOf = await lockKompetensi(tx, kompetensiIds);
  const scopes = await lockPeserta(tx, pesertaIds);
  for (const id of pesertaIds) {
    const scope = scopes.get(id);
    if (!scope) throw new HttpError(404, SERVER_MSG.notFound);
    assertMentorOwns(user, scope);
  }
  for (const item of unique) {
    const jenjang = jenjangOf.get(item.kompetensi_id);
    if (jenjang === undefined) throw new HttpError(400, NILAI_MSG.kompetensiUnknown);
    if (jenjang !== scopes.get(item.peserta_id)?.jenjang) throw new HttpError(400, NILAI_MSG.kompetensiWrongJenjang);
  }
  await assertScoresEditable(tx, user, pesertaIds);

  const before = await scoresBefore(tx, pesertaIds);
  // No points, no notifications (settleNotifikasi does nothing on an empty map).
  const pointsBefore = origin.notify === false ? new Map() : await chainPoints(tx, pesertaIds);
  await tx
    .insert(nilai)
    .values(unique.map((item) => ({ peserta_id: item.peserta_id, kompetensi_id: item.kompetensi_id, skor: item.skor })))
    .onConflictDoUpdate({
      target: [nilai.peserta_id, nilai.kompetensi_id],
      set: { skor: sql`excluded.skor`, updated_at: sql`now()` },
      // An unchanged score is not rewritten: a resend bumps nothing.
      setWhere: sql`${nilai.skor} is distinct from excluded.skor`,
    });
  await recordScoreSave(tx, origin, before, unique);
  await settleNotifikasi(tx, user, pointsBefore, { read: 'scores-added' });
  return { status: 200, body: { message: NILAI_MSG.saved, data: { nilai: await selectNilai(tx, pesertaIds) } } };
}

/**
 * DELETE /api/nilai/peserta/:id inside `tx`: 404 unknown, 403 another mentor's participant,
 * 409 when the edit lock forbids it; deletes every score of the participant with tombstones,
 * recorded in the history (Riwayat) with the scores it deleted.
 */
export async function deleteAllNilai(tx: Tx, origin: ChangeOrigin, id: number): Promise<StoredAnswer> {
  const { user } = origin;
  // The competencies of its scores are the referenced rows: lock them before the participant.
  const scored = await tx.selectDistinct({ id: nilai.kompetensi_id }).from(nilai).where(eq(nilai.peserta_id, id));
  await lockKompetensi(tx, ascending(scored.map((row) => row.id)));
  const scope = (await lockPeserta(tx, [id])).get(id);
  if (!scope) throw new HttpError(404, SERVER_MSG.notFound);
  assertMentorOwns(user, scope);
  await assertScoresEditable(tx, user, [id]);
  await recordReset(tx, origin, id, await resetChanges(tx, id));
  const pointsBefore = origin.notify === false ? new Map() : await chainPoints(tx, [id]);
  const removed = await tx.delete(nilai).where(eq(nilai.peserta_id, id)).returning({ id: nilai.id });
  await recordDeletions(tx, 'nilai', removed.map((row) => row.id));
  await settleNotifikasi(tx, user, pointsBefore, { read: 'scores-gone' });
  // `data` as GET /api/nilai/peserta/:id answers it: the participant's scores, now none.
  return { status: 200, body: { message: NILAI_MSG.allDeleted, data: { nilai: [] } } };
}
