// The CSV import's bulk add (POST /api/peserta/bulk): every row is checked and stored on its
// own terms — a bad row never blocks the good ones, and no row is ever half-written.
//
// How, fast: all rows are validated first (the domain's import schema); the references of
// all of them are loaded once (share-locked for the transaction, so they stay valid); rows
// whose NIS / NIM is already taken in their institution — by a stored participant or by an
// earlier row of the same request — are refused, with one query for all numbers under the
// participant-number lock of peserta-numbers.ts (so concurrent imports cannot both store a
// number); the rows that pass are inserted in chunks, each chunk a savepoint of multi-row
// statements. A row's peserta, detail and review rows are in the same chunk, so each row is
// all-or-nothing. Should a chunk still fail in the database (a race the checks could not
// see), it is rolled back to its savepoint and retried row by row, each row in its own
// savepoint, so only the failing rows are refused. (A row the database refuses there has
// still taken its number from the later rows of the request that repeat it.)
//
// Never a long stall: on the embedded PGlite every query runs on the server's own thread, and
// validating 5,000 rows is itself ~0.4 s of work. So the rows are validated, number-checked and
// inserted in small slices with a turn of the event loop between them (nextTurn):
// other requests — /api/health/live above all — are answered during an import. The slicing
// changes no outcome; it is the same one transaction.
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { type PesertaBulkResult, type PesertaCreate, isBlankField, pesertaImportSchema } from '../../src/domain/peserta';
import type { Db, Tx } from '../db/client';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, sqlState } from '../db/sql-state';
import { HttpError } from '../http-error';
import { checkInput } from '../validation';
import { type PesertaRefs, insertPesertaRows, loadRefs, refsProblem } from './peserta';
import { nextTurn } from './next-turn';
import { checkNumbers, lockPesertaNumbers, numberTakenMessage, pesertaNumber } from './peserta-numbers';

/**
 * Rows per insert chunk (one savepoint): small enough that one chunk's statements stay well
 * under ~200 ms on PGlite, which runs them on the event loop's thread.
 */
const BULK_CHUNK_ROWS = 50;
/** Rows validated, or number-checked, between two turns of the event loop. */
const BULK_SLICE_ROWS = 250;

/** Answer of a bulk add: how many rows were stored, and each row's outcome in request order. */
interface BulkOutcome {
  created: number;
  results: PesertaBulkResult[];
}

interface Candidate {
  index: number;
  payload: PesertaCreate;
}

/** The message for a row the database refused, or the error itself when it is not a row's fault. */
function rowFailure(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  const state = sqlState(error);
  if (state === FOREIGN_KEY_VIOLATION) return SERVER_MSG.stillReferenced;
  if (state === UNIQUE_VIOLATION) return SERVER_MSG.duplicate;
  if (state?.startsWith('22') || state?.startsWith('23')) return SERVER_MSG.invalidInput;
  throw error;
}

/** A row as the import schema reads it: a row without jenjang takes the request's. */
function withJenjang(row: unknown, jenjang: Jenjang): unknown {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  const record = row as Record<string, unknown>;
  return isBlankField(record.jenjang) ? { ...record, jenjang } : record;
}

async function insertChunk(tx: Tx, chunk: readonly Candidate[], results: PesertaBulkResult[]): Promise<void> {
  try {
    const ids = await tx.transaction((savepoint) => insertPesertaRows(savepoint, chunk.map((row) => row.payload)));
    chunk.forEach((row, i) => {
      results[row.index] = { index: row.index, ok: true, id: ids[i] as number };
    });
  } catch (error) {
    rowFailure(error); // rethrows what no row caused (e.g. a lost connection)
    for (const row of chunk) {
      try {
        const [id] = await tx.transaction((savepoint) => insertPesertaRows(savepoint, [row.payload]));
        results[row.index] = { index: row.index, ok: true, id: id as number };
      } catch (rowError) {
        results[row.index] = { index: row.index, ok: false, message: rowFailure(rowError) };
      }
    }
  }
}

/**
 * The candidates whose number is free in their institution: neither stored nor used by an
 * earlier accepted row of the request (each refused row gets its message through `fail`).
 */
async function freeNumbers(
  tx: Tx,
  jenjang: Jenjang,
  refs: PesertaRefs,
  candidates: readonly Candidate[],
  fail: (index: number, message: string) => void,
): Promise<Candidate[]> {
  const used = new Set<string>();
  const free: Candidate[] = [];
  for (let start = 0; start < candidates.length; start += BULK_SLICE_ROWS) {
    if (start > 0) await nextTurn();
    const slice = candidates.slice(start, start + BULK_SLICE_ROWS);
    const checks = await checkNumbers(tx, jenjang, slice.map((row) => ({ instansi_id: row.payload.instansi_id, nomor: pesertaNumber(row.payload) })));
    slice.forEach((row, i) => {
      const check = checks[i];
      if (check && (check.taken || used.has(check.key))) {
        fail(row.index, numberTakenMessage(jenjang, pesertaNumber(row.payload), refs.instansiNama.get(row.payload.instansi_id) ?? ''));
        return;
      }
      if (check) used.add(check.key);
      free.push(row);
    });
  }
  return free;
}

/** Adds every valid row of `jenjang`; answers per row (created id or the refusing message). */
export async function bulkCreatePeserta(db: Db, jenjang: Jenjang, rows: readonly unknown[]): Promise<BulkOutcome> {
  const results: PesertaBulkResult[] = new Array(rows.length);
  const fail = (index: number, message: string) => {
    results[index] = { index, ok: false, message };
  };

  const candidates: Candidate[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    if (index > 0 && index % BULK_SLICE_ROWS === 0) await nextTurn();
    const parsed = checkInput(pesertaImportSchema, withJenjang(rows[index], jenjang));
    if (!parsed.ok) fail(index, parsed.message);
    else if (parsed.data.jenjang !== jenjang) fail(index, SERVER_MSG.bulkJenjangMismatch);
    else candidates.push({ index, payload: parsed.data });
  }

  if (candidates.length > 0) {
    await db.transaction(async (tx) => {
      // Before any row lock (see peserta-numbers.ts): imports and adds take turns from here.
      await lockPesertaNumbers(tx);
      const refs = await loadRefs(tx, candidates.map((row) => row.payload));
      const referenced = candidates.filter((row) => {
        const problem = refsProblem(refs, jenjang, row.payload);
        if (problem) fail(row.index, problem);
        return problem === null;
      });
      const accepted = await freeNumbers(tx, jenjang, refs, referenced, fail);
      for (let start = 0; start < accepted.length; start += BULK_CHUNK_ROWS) {
        await nextTurn();
        await insertChunk(tx, accepted.slice(start, start + BULK_CHUNK_ROWS), results);
      }
    });
  }
  return { created: results.filter((result) => result.ok).length, results };
}
