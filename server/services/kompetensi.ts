// Competencies (the Kompetensi screen, HR). Rules kept here: a name is unique per jenjang
// (any case); the divisions a competency applies to are replaced as a whole, in the same
// transaction as the row, and must all exist; deleting one takes its scores with it.
import { asc, eq, sql } from 'drizzle-orm';
import type { Jenjang, KompetensiInput, KompetensiUpdate } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { idIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { divisi, divisiKategori, kompetensi, nilai } from '../db/schema';
import { FOREIGN_KEY_VIOLATION } from '../db/sql-state';
import { HttpError } from '../http-error';
import { asConflict, asHttpError, byNama } from './constraint-errors';
import { recordDeletions } from './deletions';

/** A competency as the API returns it, with the divisions it applies to. */
interface ApiKompetensi {
  id: number;
  nama: string;
  jenjang: Jenjang;
  aktif: boolean;
  divisi_kategori: { divisi: { id: number; nama: string } }[];
}

async function queryKompetensi(db: Db, id?: number): Promise<ApiKompetensi[]> {
  const rows = await db.query.kompetensi.findMany({
    columns: { id: true, nama: true, jenjang: true, aktif: true },
    where: id === undefined ? undefined : eq(kompetensi.id, id),
    with: { divisi_kategori: { columns: { id: true }, with: { divisi: { columns: { id: true, nama: true } } } } },
    orderBy: [sql`lower(${kompetensi.nama}) collate "C"`, asc(kompetensi.jenjang), asc(kompetensi.id)],
  });
  return rows.map(({ divisi_kategori, ...row }) => ({
    ...row,
    divisi_kategori: divisi_kategori.map((link) => ({ divisi: link.divisi })).sort((a, b) => byNama(a.divisi, b.divisi)),
  }));
}

/** Every competency by name, each with its divisions (by name). */
export function listKompetensi(db: Db): Promise<ApiKompetensi[]> {
  return queryKompetensi(db);
}

async function getKompetensi(db: Db, id: number): Promise<ApiKompetensi> {
  const [row] = await queryKompetensi(db, id);
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row;
}

/** The distinct ids, each checked to exist (and key-share locked until the transaction ends); 400 otherwise. */
async function existingDivisiIds(tx: Tx, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await tx.select({ id: divisi.id }).from(divisi).where(idIn(divisi.id, unique)).for('key share');
  if (rows.length !== unique.length) throw new HttpError(400, SERVER_MSG.divisiUnknown);
  return unique;
}

/** Divisions list their competencies (name, jenjang, aktif): bump them for `?since=` pulls. */
async function touchDivisi(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(divisi).set({ updated_at: new Date() }).where(idIn(divisi.id, [...ids]));
}

async function linkedDivisiIds(tx: Tx, kompetensiId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: divisiKategori.divisi_id })
    .from(divisiKategori)
    .where(eq(divisiKategori.kompetensi_id, kompetensiId));
  return rows.map((row) => row.id);
}

async function insertLinks(tx: Tx, kompetensiId: number, divisiIds: readonly number[]): Promise<void> {
  if (divisiIds.length === 0) return;
  await tx.insert(divisiKategori).values(divisiIds.map((divisi_id) => ({ kompetensi_id: kompetensiId, divisi_id })));
}

/** Maps the constraint errors of a competency write to 409 (name taken) or 400 (division gone meanwhile). */
function writeError(error: unknown): unknown {
  return asHttpError(asConflict(error, SERVER_MSG.kompetensiTaken), FOREIGN_KEY_VIOLATION, 400, SERVER_MSG.divisiUnknown);
}

/** Creates a competency with its division links; 400 unknown divisions, 409 name taken for the jenjang. */
export async function createKompetensi(db: Db, input: KompetensiInput): Promise<ApiKompetensi> {
  try {
    return await db.transaction(async (tx) => {
      const divisiIds = await existingDivisiIds(tx, input.divisi_ids);
      const [row] = await tx
        .insert(kompetensi)
        .values({ nama: input.nama, jenjang: input.jenjang, aktif: input.aktif })
        .returning({ id: kompetensi.id });
      const id = (row as { id: number }).id;
      await insertLinks(tx, id, divisiIds);
      await touchDivisi(tx, divisiIds);
      return getKompetensi(tx, id);
    });
  } catch (error) {
    throw writeError(error);
  }
}

/**
 * Updates a competency; `divisi_ids`, when given, replaces its links as a whole (a left-out
 * `aktif` or `divisi_ids` keeps the stored value). 404 unknown id, 400 unknown divisions, 409 name taken.
 */
export async function updateKompetensi(db: Db, id: number, input: KompetensiUpdate): Promise<ApiKompetensi> {
  try {
    return await db.transaction(async (tx) => {
      // Lock order divisi -> kompetensi, as in deleteDivisi, so the two cannot deadlock.
      const newIds = input.divisi_ids === undefined ? undefined : await existingDivisiIds(tx, input.divisi_ids);
      const oldIds = await linkedDivisiIds(tx, id);
      await touchDivisi(tx, [...new Set([...oldIds, ...(newIds ?? [])])]);
      // NO KEY UPDATE: concurrent score inserts (key-share on this row) are not blocked.
      const [current] = await tx.select().from(kompetensi).where(eq(kompetensi.id, id)).for('no key update');
      if (!current) throw new HttpError(404, SERVER_MSG.notFound);
      await tx
        .update(kompetensi)
        .set({ nama: input.nama, jenjang: input.jenjang, ...(input.aktif === undefined ? {} : { aktif: input.aktif }) })
        .where(eq(kompetensi.id, id));
      if (newIds !== undefined) {
        await tx.delete(divisiKategori).where(eq(divisiKategori.kompetensi_id, id));
        await insertLinks(tx, id, newIds);
      }
      // Scores show their competency's name: bump them for `?since=` pulls.
      if (input.nama !== current.nama) await tx.update(nilai).set({ updated_at: new Date() }).where(eq(nilai.kompetensi_id, id));
      return getKompetensi(tx, id);
    });
  } catch (error) {
    throw writeError(error);
  }
}

/** Deletes a competency, its links and its scores (foreign-key cascade), with tombstones for it and the scores; 404 unknown. */
export async function deleteKompetensi(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await touchDivisi(tx, await linkedDivisiIds(tx, id));
    const [current] = await tx.select({ id: kompetensi.id }).from(kompetensi).where(eq(kompetensi.id, id)).for('update');
    if (!current) throw new HttpError(404, SERVER_MSG.notFound);
    // Locked row: no score can be added for it any more, so this list is complete.
    const scores = await tx.select({ id: nilai.id }).from(nilai).where(eq(nilai.kompetensi_id, id));
    await tx.delete(kompetensi).where(eq(kompetensi.id, id));
    await recordDeletions(tx, 'nilai', scores.map((score) => score.id));
    await recordDeletions(tx, 'kompetensi', [id]);
  });
}
