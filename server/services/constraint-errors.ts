// Turns a constraint violation the database reports into the answer a service means by it,
// so a race that slips past a service's own check still answers with the specific text.
import { UNIQUE_VIOLATION, sqlState } from '../db/sql-state';
import { HttpError } from '../http-error';

/** `error` as HttpError(status, message) when its SQLSTATE is `state`; else unchanged. */
export function asHttpError(error: unknown, state: string, status: number, message: string): unknown {
  return sqlState(error) === state ? new HttpError(status, message) : error;
}

/** `error` as HttpError(409, message) when its SQLSTATE is `state` (default: unique violation); else unchanged. */
export function asConflict(error: unknown, message: string, state: string = UNIQUE_VIOLATION): unknown {
  return asHttpError(error, state, 409, message);
}

/** Compares names by the code units of their lower case: the same order on every database collation. */
export function byNama(a: { nama: string }, b: { nama: string }): number {
  const x = a.nama.toLowerCase();
  const y = b.nama.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
