/**
 * Writes of the master-data mirror tables (users, instansi, divisi, kompetensi, grade): a full
 * replace after a pull, and the single-row put / delete a screen makes after the server
 * confirmed a mutation (so the list changes at once, before the re-pull answers). These tables
 * have no outbox: master data is edited online only, so nothing here is ever pending.
 */
import type { MagangDb } from './db';
import type { DivisiRecord, GradeRecord, InstansiRecord, KompetensiRecord, UserRecord } from './records';

/** The master-data tables and the row type each holds. */
export interface MasterTables {
  users: UserRecord;
  instansi: InstansiRecord;
  divisi: DivisiRecord;
  kompetensi: KompetensiRecord;
  grade: GradeRecord;
}
/** Name of one master-data mirror table. */
export type MasterTable = keyof MasterTables;

/**
 * Replaces the whole table with `rows` in one transaction (clear + bulkPut), so rows deleted on
 * the server disappear and a reader never sees the table half-written.
 */
export async function replaceMirror<K extends MasterTable>(db: MagangDb, table: K, rows: readonly MasterTables[K][]): Promise<void> {
  const t = db.table<MasterTables[K], number>(table);
  await db.transaction('rw', t, async () => {
    await t.clear();
    await t.bulkPut([...rows]);
  });
}

/** Puts one row the server just returned (after POST or PUT). */
export async function putMirrorRow<K extends MasterTable>(db: MagangDb, table: K, row: MasterTables[K]): Promise<void> {
  await db.table<MasterTables[K], number>(table).put(row);
}

/** Removes one row the server just deleted. */
export async function deleteMirrorRow(db: MagangDb, table: MasterTable, id: number): Promise<void> {
  await db.table(table).delete(id);
}
