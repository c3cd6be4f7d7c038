// A fixed-window counter kept in a database table, one row per key: the login limit and the
// public certificate check's limit count with it. Every instance on one PostgreSQL shares the
// counts.
//
// A count is one atomic upsert: a new key, or a key whose window has ended, starts a window at
// this count with 1; otherwise the count goes up by one, capped at one past the limit (counting
// on past the limit changes nothing). So concurrent counts (on any instance) never let more than
// the limit through in one window. Each row added or restarted deletes as many expired rows at
// most, skipping rows another count holds.
import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Expired rows deleted per new window at most (cleanup keeps pace with the rows added). */
const CLEANUP_BATCH = 100;

/** The table a counter lives in and the roles of its columns. */
export interface WindowCounterTable<T extends PgTable> {
  table: T;
  /** The columns of the table's primary key: one count per key. */
  key: readonly [PgColumn, ...PgColumn[]];
  /** The count of the current window (an integer). */
  count: AnyPgColumn<{ data: number; notNull: true }>;
  /** When the current window started (a timestamp with time zone, read as a Date). */
  windowStart: AnyPgColumn<{ data: Date; notNull: true }>;
}

interface WindowCounter<T extends PgTable> {
  /**
   * Counts one for `key` (the key columns' values by their property names); answers the seconds
   * until the key's window ends when the count is over the limit, else 0.
   */
  count(key: Partial<T['$inferInsert']>): Promise<number>;
}

/** The property name of `column` in `table` (what values and sets are keyed by). */
function propertyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`column ${column.name} is not a column of its counter's table`);
  return found[0];
}

/** A counter in `counted.table` letting `max` counts per key through per window of `windowMs`. */
export function createWindowCounter<T extends PgTable>(
  db: Db,
  counted: WindowCounterTable<T>,
  options: { max: number; windowMs: number; now: () => number },
): WindowCounter<T> {
  const { table, key, count, windowStart } = counted;
  const { max, windowMs, now } = options;
  const countProperty = propertyOf(table, count);
  const windowStartProperty = propertyOf(table, windowStart);
  const keyColumns = sql.join([...key], sql`, `);

  /** Deletes a batch of expired rows; rows another count holds are skipped, never waited for. */
  const cleanup = async (cutoff: string) => {
    await db.execute(sql`
      delete from ${table}
      where (${keyColumns}) in (
        select ${keyColumns} from ${table}
        where ${windowStart} <= ${cutoff}::timestamptz
        limit ${CLEANUP_BATCH} for update skip locked)`);
  };

  return {
    async count(keyValues) {
      const time = now();
      const start = new Date(time).toISOString();
      const cutoff = new Date(time - windowMs).toISOString();
      // A window that has ended starts again at this count.
      const expired = sql`${windowStart} <= ${cutoff}::timestamptz`;
      const values = { ...keyValues, [countProperty]: 1, [windowStartProperty]: sql`${start}::timestamptz` };
      const set = {
        [countProperty]: sql`case when ${expired} then 1 else least(${count} + 1, ${max + 1}) end`,
        [windowStartProperty]: sql`case when ${expired} then ${start}::timestamptz else ${windowStart} end`,
      };
      const [row] = await db
        .insert(table)
        .values(values as PgInsertValue<T>)
        .onConflictDoUpdate({ target: [...key], set: set as PgUpdateSetSource<T> })
        .returning({ count, windowStart });
      // A row was added (or restarted): clear away as many expired ones.
      if (row?.count === 1) await cleanup(cutoff);
      if (!row || row.count <= max) return 0;
      return Math.max(1, Math.ceil((row.windowStart.getTime() + windowMs - time) / 1000));
    },
  };
}
