// Schools and campuses (the Instansi screen, HR). Rules kept here: names are unique
// case-insensitively, the jenis of an institution never changes, and an institution that
// participants still reference cannot be deleted.
import { type SQL, asc, count, eq, sql } from 'drizzle-orm';
import { type InstansiJenis, MASTER_MSG } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import type { ChangeFeed } from '../db/change-feed';
import { keptWhileUnchanged } from '../db/kept-while-unchanged';
import type { Db, Tx } from '../db/client';
import { instansi, peserta } from '../db/schema';
import { FOREIGN_KEY_VIOLATION } from '../db/sql-state';
import { HttpError } from '../http-error';
import { asConflict } from './constraint-errors';
import { recordDeletions } from './deletions';

/** An institution as the API returns it. */
interface ApiInstansi {
  id: number;
  nama: string;
  jenis: InstansiJenis;
  pesertaCount: number;
}

/** By name: the byte order of the lower-case name, the same on PGlite and any server collation. */
const BY_NAME = [sql`lower(${instansi.nama}) collate "C"`, asc(instansi.id)];

async function selectInstansi(db: Db | Tx, where: SQL | undefined): Promise<ApiInstansi[]> {
  return db
    .select({
      id: instansi.id,
      nama: instansi.nama,
      jenis: instansi.jenis,
      pesertaCount: count(peserta.id),
    })
    .from(instansi)
    .leftJoin(peserta, eq(peserta.instansi_id, instansi.id))
    .where(where)
    .groupBy(instansi.id)
    .orderBy(...BY_NAME);
}

/**
 * The list of institutions (of one jenis when given), ordered by name, each with its participant
 * count — the counts kept between requests while the change feed reports no participant write
 * (counting 100,000 participants per school took ~40 ms a request); the institutions themselves
 * (a few hundred rows) are read each time, so a new or renamed one shows at once.
 */
export function createInstansiList(db: Db, changes: ChangeFeed) {
  const keptCounts = keptWhileUnchanged(changes, ['peserta'], async () => {
    const rows = await db.select({ instansiId: peserta.instansi_id, value: count() }).from(peserta).groupBy(peserta.instansi_id);
    return new Map(rows.map((row) => [row.instansiId, row.value]));
  });
  return async (jenis?: InstansiJenis): Promise<ApiInstansi[]> => {
    const [rows, counts] = await Promise.all([
      db
        .select({ id: instansi.id, nama: instansi.nama, jenis: instansi.jenis })
        .from(instansi)
        .where(jenis ? eq(instansi.jenis, jenis) : undefined)
        .orderBy(...BY_NAME),
      keptCounts.get(),
    ]);
    return rows.map((row) => ({ ...row, pesertaCount: counts.get(row.id) ?? 0 }));
  };
}

async function findInstansi(db: Db | Tx, id: number): Promise<ApiInstansi> {
  const [row] = await selectInstansi(db, eq(instansi.id, id));
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row;
}

/** Creates an institution; 409 when the name is taken (any case). */
export async function createInstansi(db: Db, input: { nama: string; jenis: InstansiJenis }): Promise<ApiInstansi> {
  try {
    const [row] = await db.insert(instansi).values({ nama: input.nama, jenis: input.jenis }).returning();
    const created = row as typeof instansi.$inferSelect;
    return { id: created.id, nama: created.nama, jenis: created.jenis, pesertaCount: 0 };
  } catch (error) {
    throw asConflict(error, SERVER_MSG.instansiTaken);
  }
}

/** Renames an institution. 404 unknown id, 400 for a different jenis, 409 for a taken name. */
export async function updateInstansi(
  db: Db,
  id: number,
  input: { nama: string; jenis?: InstansiJenis | undefined },
): Promise<ApiInstansi> {
  try {
    return await db.transaction(async (tx) => {
      // NO KEY UPDATE: participant inserts (key-share on this row) are not blocked.
      const [current] = await tx.select().from(instansi).where(eq(instansi.id, id)).for('no key update');
      if (!current) throw new HttpError(404, SERVER_MSG.notFound);
      if (input.jenis !== undefined && input.jenis !== current.jenis) throw new HttpError(400, MASTER_MSG.instansiJenisFixed);
      await tx.update(instansi).set({ nama: input.nama }).where(eq(instansi.id, id));
      // Participants show their institution's name: bump them for `?since=` pulls.
      if (input.nama !== current.nama) {
        await tx.update(peserta).set({ updated_at: new Date() }).where(eq(peserta.instansi_id, id));
      }
      return findInstansi(tx, id);
    });
  } catch (error) {
    throw asConflict(error, SERVER_MSG.instansiTaken);
  }
}

/** Deletes an institution and leaves a tombstone; 404 unknown id, 409 while participants reference it. */
export async function deleteInstansi(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // The row lock conflicts with the key-share lock a concurrent participant insert takes.
      const [current] = await tx.select({ id: instansi.id }).from(instansi).where(eq(instansi.id, id)).for('update');
      if (!current) throw new HttpError(404, SERVER_MSG.notFound);
      const [used] = await tx.select({ value: count() }).from(peserta).where(eq(peserta.instansi_id, id));
      if ((used?.value ?? 0) > 0) throw new HttpError(409, MASTER_MSG.instansiHasPeserta);
      await tx.delete(instansi).where(eq(instansi.id, id));
      await recordDeletions(tx, 'instansi', [id]);
    });
  } catch (error) {
    throw asConflict(error, MASTER_MSG.instansiHasPeserta, FOREIGN_KEY_VIOLATION);
  }
}
