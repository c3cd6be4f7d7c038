/**
 * Reading a whole mirror table in pages. One `toArray()` of a large table is one IndexedDB answer,
 * and the page turns all of its rows into objects in ONE task: at ~9,000 participants with their
 * scores and reviews that task froze a phone's screen for hundreds of milliseconds. Read by
 * primary key, `READ_PAGE_ROWS` rows an answer, each page arrives in a task of its own and the
 * screen stays responsive. Inside the caller's transaction (a read-only one gives a consistent
 * view across pages and tables).
 */
import type { IndexableType, Table } from 'dexie';

/** Rows per page: small enough that turning one page into objects stays a short task. */
export const READ_PAGE_ROWS = 1000;

/** The primary key of `row` by the table's key path (every mirror table keys its rows inline). */
function primaryKeyOf(table: Table, row: unknown): IndexableType {
  const keyPath = table.schema.primKey.keyPath;
  const record = row as Record<string, IndexableType>;
  if (Array.isArray(keyPath)) return keyPath.map((path) => record[path]) as IndexableType;
  if (typeof keyPath !== 'string') throw new Error(`readInPages: table ${table.name} has no inline primary key`);
  return record[keyPath] as IndexableType;
}

/** Every row of `table` in primary-key order, read `pageRows` at a time. */
export async function readInPages<T>(table: Table<T>, pageRows = READ_PAGE_ROWS): Promise<T[]> {
  const rows: T[] = [];
  let after: IndexableType | null = null;
  for (;;) {
    const page: T[] = after === null ? await table.orderBy(':id').limit(pageRows).toArray() : await table.where(':id').above(after).limit(pageRows).toArray();
    rows.push(...page);
    if (page.length < pageRows) return rows;
    after = primaryKeyOf(table as Table, page[page.length - 1]);
  }
}
