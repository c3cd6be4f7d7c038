// Divisions (the Divisi screen, HR). Rules kept here: names are unique case-insensitively, a
// division that participants still reference cannot be deleted, and its competency links
// (divisi_kategori) go with it.
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Db } from '../db/client';
import { divisi, divisiKategori, kompetensi, peserta } from '../db/schema';
import { FOREIGN_KEY_VIOLATION } from '../db/sql-state';
import { HttpError } from '../http-error';
import { asConflict, byNama } from './constraint-errors';
import { recordDeletions } from './deletions';

/** A division as the API returns it, with the competencies linked to it. */
interface ApiDivisi {
  id: number;
  nama: string;
  divisi_kategori: { kompetensi: { id: number; nama: string; jenjang: Jenjang; aktif: boolean } }[];
}

async function queryDivisi(db: Db, id?: number): Promise<ApiDivisi[]> {
  const rows = await db.query.divisi.findMany({
    columns: { id: true, nama: true },
    where: id === undefined ? undefined : eq(divisi.id, id),
    with: {
      divisi_kategori: {
        columns: { id: true },
        with: { kompetensi: { columns: { id: true, nama: true, jenjang: true, aktif: true } } },
      },
    },
    orderBy: [sql`lower(${divisi.nama}) collate "C"`, asc(divisi.id)],
  });
  return rows.map((row) => ({
    id: row.id,
    nama: row.nama,
    divisi_kategori: row.divisi_kategori
      .map((link) => ({ kompetensi: link.kompetensi }))
      .sort((a, b) => byNama(a.kompetensi, b.kompetensi) || a.kompetensi.jenjang.localeCompare(b.kompetensi.jenjang)),
  }));
}

/** Every division by name, each with its linked competencies (by name). */
export function listDivisi(db: Db): Promise<ApiDivisi[]> {
  return queryDivisi(db);
}

/** One division with its linked competencies; 404 for an unknown id. */
export async function getDivisi(db: Db, id: number): Promise<ApiDivisi> {
  const [row] = await queryDivisi(db, id);
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row;
}

/** Creates a division (no competencies yet); 409 when the name is taken (any case). */
export async function createDivisi(db: Db, input: { nama: string }): Promise<ApiDivisi> {
  try {
    const [row] = await db.insert(divisi).values({ nama: input.nama }).returning({ id: divisi.id, nama: divisi.nama });
    const created = row as { id: number; nama: string };
    return { ...created, divisi_kategori: [] };
  } catch (error) {
    throw asConflict(error, SERVER_MSG.divisiTaken);
  }
}

/** Renames a division; 404 unknown id, 409 for a taken name. */
export async function updateDivisi(db: Db, id: number, input: { nama: string }): Promise<ApiDivisi> {
  try {
    return await db.transaction(async (tx) => {
      // NO KEY UPDATE: participant and link inserts (key-share on this row) are not blocked.
      const [current] = await tx.select().from(divisi).where(eq(divisi.id, id)).for('no key update');
      if (!current) throw new HttpError(404, SERVER_MSG.notFound);
      await tx.update(divisi).set({ nama: input.nama }).where(eq(divisi.id, id));
      if (input.nama !== current.nama) {
        // Participants and competencies show the division's name: bump them for `?since=` pulls.
        const now = new Date();
        await tx.update(peserta).set({ updated_at: now }).where(eq(peserta.divisi_id, id));
        await tx
          .update(kompetensi)
          .set({ updated_at: now })
          .where(inArray(kompetensi.id, tx.select({ id: divisiKategori.kompetensi_id }).from(divisiKategori).where(eq(divisiKategori.divisi_id, id))));
      }
      return getDivisi(tx, id);
    });
  } catch (error) {
    throw asConflict(error, SERVER_MSG.divisiTaken);
  }
}

/** Deletes a division with its competency links and leaves a tombstone; 404 unknown, 409 while participants reference it. */
export async function deleteDivisi(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // The row lock conflicts with the key-share lock a concurrent participant insert takes.
      const [current] = await tx.select({ id: divisi.id }).from(divisi).where(eq(divisi.id, id)).for('update');
      if (!current) throw new HttpError(404, SERVER_MSG.notFound);
      const [used] = await tx.select({ value: count() }).from(peserta).where(eq(peserta.divisi_id, id));
      if ((used?.value ?? 0) > 0) throw new HttpError(409, SERVER_MSG.divisiHasPeserta);
      // Competencies list their divisions: the ones losing this link change.
      await tx
        .update(kompetensi)
        .set({ updated_at: new Date() })
        .where(inArray(kompetensi.id, tx.select({ id: divisiKategori.kompetensi_id }).from(divisiKategori).where(eq(divisiKategori.divisi_id, id))));
      await tx.delete(divisi).where(eq(divisi.id, id));
      await recordDeletions(tx, 'divisi', [id]);
    });
  } catch (error) {
    throw asConflict(error, SERVER_MSG.divisiHasPeserta, FOREIGN_KEY_VIOLATION);
  }
}
