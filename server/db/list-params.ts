// A list goes to SQL as ONE bound parameter: a PostgreSQL array literal with a cast
// (`= any($1::int[])`, `unnest($1::int[], $2::date[])`), never one parameter per element.
//
// Why: on the embedded engine (PGlite, WebAssembly) a list written out element by element can
// break the engine. `(a, b) in ((…), (…), …)` becomes a chain of ORs nested one inside the other;
// past about 270 pairs the wasm stack runs out without PostgreSQL's depth check noticing — the
// query silently answers no rows and the next COMMIT aborts the engine. One array parameter is
// one node whatever its length, and PostgreSQL binds it faster too (a page's three queries at
// 100,000 participants: ~100 → ~70 ms).
//
// drizzle expands a JS array inside `sql` into `($1, $2, …)` and `inArray(col, array)` into
// `in ($1, $2, …)`: pass the array through these helpers instead. `inArray(col, subquery)` is fine.
// Two checks keep it so: `npm run lint` (scripts/check-list-params.mjs) refuses such code in
// server/, and client.ts runs listParamsGuard before every statement of both drivers, in every
// environment, for what a reading of the source cannot see.
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** An element of a text array literal: quoted, with `\` and `"` escaped. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** `ids` as one `integer[]` parameter. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** `values` as one `text[]` parameter (any text: each element is quoted). */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map(quoted).join(',')}}`}::text[]`;
}

/** `dates` (YYYY-MM-DD) as one `date[]` parameter. */
export function dateArray(dates: readonly string[]): SQL {
  return sql`${`{${dates.map(quoted).join(',')}}`}::date[]`;
}

/** `column` is one of `ids`, bound as one array parameter. */
export function idIn(column: PgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${intArray(ids)})`;
}

/** `column` (text) is one of `values`, bound as one array parameter. */
export function textIn(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${textArray(values)})`;
}

/**
 * Most parameters a statement other than an INSERT binds. Filters, SET lists and paging bind a
 * few dozen at most; a statement past this is a list written out element by element. A
 * multi-row INSERT … VALUES binds one per cell and is flat (500 attendance marks, 5,000
 * participants per import batch), so it is not counted.
 */
export const STATEMENT_PARAMS_MAX = 100;

/** A list of row values written out as parameters: `in (($1, $2), (…` — the shape that nests deepest. */
const EXPANDED_ROWS = /\bin\s*\(\s*\(\s*\$\d+/i;

/** A statement expanded a list into one parameter per element (listParamsGuard). */
export class ExpandedListError extends Error {
  override name = 'ExpandedListError';
}

/**
 * Throws ExpandedListError when `query` writes a list of row values out as parameters, or binds
 * more than STATEMENT_PARAMS_MAX parameters without being an INSERT. client.ts runs it before
 * every statement of both drivers (drizzle's query logger), in every environment.
 */
export function listParamsGuard(query: string, params: readonly unknown[]): void {
  const expanded = EXPANDED_ROWS.exec(query);
  if (expanded) {
    throw new ExpandedListError(
      `Daftar ditulis sebagai parameter satu per elemen ("${expanded[0]}…"): kirim sebagai satu array (server/db/list-params.ts). ${query.slice(0, 200)}`,
    );
  }
  if (params.length > STATEMENT_PARAMS_MAX && !/^\s*insert\b/i.test(query)) {
    throw new ExpandedListError(
      `Pernyataan dengan ${params.length} parameter (maksimal ${STATEMENT_PARAMS_MAX} selain INSERT): kirim daftar sebagai satu array (server/db/list-params.ts). ${query.slice(0, 200)}`,
    );
  }
}
