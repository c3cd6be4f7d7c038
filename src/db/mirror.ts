/**
 * Writes of the master-data mirror tables (users, instansi, divisi, kompetensi, grade): a full
 * replace after a pull, and the single-row put / delete a screen makes after the server
 * confirmed a mutation (so the list changes at once, before the re-pull answers). These tables
 * have no outbox: master data is edited online only, so nothing here is ever pending.
 */
import type { Table } from 'dexie';
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
 * Whether `table` holds exactly `rows` (any order). Read inside the caller's transaction. Rows
 * compare as their JSON, so equal values with keys in another order count as different: the
 * caller then writes, which is never wrong, only not skipped.
 */
export async function holdsRows<T>(table: Pick<Table<T>, 'count' | 'toArray'>, rows: readonly T[]): Promise<boolean> {
  if ((await table.count()) !== rows.length) return false;
  const canonical = (list: readonly T[]) => list.map((row) => JSON.stringify(row)).sort();
  const held = canonical(await table.toArray());
  const pulled = canonical(rows);
  return held.every((row, i) => row === pulled[i]);
}

/**
 * Replaces the whole table with `rows` in one transaction (clear + bulkPut), so rows deleted on
 * the server disappear and a reader never sees the table half-written. A pull that brings what
 * the table already holds writes nothing: every live query of the table would otherwise read
 * again and its screen render again, for no change (a start-up's main thread: docs/performance.md).
 */
export async function replaceMirror<K extends MasterTable>(db: MagangDb, table: K, rows: readonly MasterTables[K][]): Promise<void> {
  const t = db.table<MasterTables[K], number>(table);
  await db.transaction('rw', t, async () => {
    if (await holdsRows(t, rows)) return;
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

/**
 * A master-data save: `write` (the server call) first; its answer goes into the mirror at once,
 * then `refresh` (the re-pull) starts without being awaited and its failure is ignored (the
 * row is already shown). A failed `write` rejects and leaves the mirror unchanged.
 */
export async function saveMirrorRow<K extends MasterTable>(
  db: MagangDb,
  table: K,
  write: () => Promise<MasterTables[K]>,
  refresh: () => Promise<unknown>,
): Promise<MasterTables[K]> {
  const row = await write();
  await putMirrorRow(db, table, row);
  void refresh().catch(() => undefined);
  return row;
}

/**
 * A master-data delete: `write` (the server call) first; then the row leaves the mirror and
 * `refresh` starts as in saveMirrorRow. Resolves with `id`; a refused `write` rejects and
 * leaves the row in place.
 */
export async function removeMirrorRow(
  db: MagangDb,
  table: MasterTable,
  id: number,
  write: () => Promise<unknown>,
  refresh: () => Promise<unknown>,
): Promise<number> {
  await write();
  await deleteMirrorRow(db, table, id);
  void refresh().catch(() => undefined);
  return id;
}
