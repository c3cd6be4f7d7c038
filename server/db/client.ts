/**
 * Opens the database: the embedded PGlite in DATA_DIR/pglite by default, or a PostgreSQL
 * server (postgres.js) when DATABASE_URL is set. Owns the driver connection; everything
 * else sees one drizzle type, `Db`, that works the same on both.
 *
 * PGlite does not lock its folder across processes: callers must hold the DATA_DIR lock
 * (data-dir-lock.ts) before opening it, as server/main.ts does.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { listParamsGuard } from './list-params';
import * as relations from './relations';
import * as tables from './schema';
import { CRASH_SHUTDOWN } from './sql-state';

/** Tables and relations, as drizzle's relational queries (`db.query.*`) see them. */
const schema = { ...tables, ...relations };
type Schema = typeof schema;

/** The drizzle database both drivers provide. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle of `db.transaction()`: services accept it wherever they accept a Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type DatabaseKind = 'pglite' | 'postgres';

/** Every statement of both drivers passes listParamsGuard first (drizzle calls it before it sends). */
const drizzleOptions = { schema, logger: { logQuery: listParamsGuard } };

/**
 * The embedded engine aborted (a WebAssembly abort inside PGlite): its memory is no longer
 * trustworthy, so it is never called again — this and every later statement fail with this
 * error, and the process must restart on its DATA_DIR (server/shutdown.ts). `code` is PostgreSQL's
 * "terminating connection because of crash of another server process", so the error handler
 * answers 503 as for a database that went away: the client sends again later.
 */
export class EngineAbortedError extends Error {
  override name = 'EngineAbortedError';
  readonly code = CRASH_SHUTDOWN;
}

/** A WebAssembly abort or trap (WebAssembly.RuntimeError: `Aborted()`, `unreachable`, out of bounds). */
function isEngineAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RuntimeError' || /^Aborted\(/.test(error.message));
}

/** An open database: the drizzle handle, which driver, and how to close it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies the pending SQL migrations of `migrationsFolder` (drizzle's migrator). */
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * LISTENs on `channel`: `onPayload` gets each notification's payload, in commit order.
   * `onConnect` runs whenever the listening connection (re)connects — notifications sent while
   * it was gone are lost, so a listener treats that as "anything may have changed". PGlite has
   * one session and delivers at commit, before the writing query's promise resolves.
   * Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onConnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Calls `listener` once, when the embedded engine aborts (EngineAbortedError; at once when it
   * already has): from then on the database answers nothing. PostgreSQL never calls it (a lost
   * connection reconnects).
   */
  onEngineAbort(listener: (error: EngineAbortedError) => void): void;
  /** Closes the connection (idempotent; after an engine abort it only forgets the engine). */
  close(): Promise<void>;
}

/** Where openDatabase() connects. */
interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** PGlite's methods through which every statement, COMMIT and file sync enters the engine. */
const ENGINE_ENTRIES = ['execProtocol', 'execProtocolStream', 'execProtocolRaw', 'syncToFs'] as const;

/**
 * Routes every entry into `client`'s engine through a check: after the first WebAssembly abort
 * the engine is never entered again (EngineAbortedError), and `onAbort` hears of it once.
 */
function guardEngine(client: PGlite, onAbort: (error: EngineAbortedError) => void): { abortedBy(): EngineAbortedError | null } {
  let abortedBy: EngineAbortedError | null = null;
  const engine = client as unknown as Record<(typeof ENGINE_ENTRIES)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const entry of ENGINE_ENTRIES) {
    const original = engine[entry].bind(client);
    engine[entry] = async (...args) => {
      if (abortedBy) throw new EngineAbortedError(abortedBy.message, { cause: abortedBy.cause });
      try {
        return await original(...args);
      } catch (error) {
        if (abortedBy || !isEngineAbort(error)) throw error;
        abortedBy = new EngineAbortedError(`Database tertanam berhenti mendadak (${(error as Error).message})`, { cause: error });
        onAbort(abortedBy);
        throw abortedBy;
      }
    };
  }
  return { abortedBy: () => abortedBy };
}

/** Wraps an open PGlite client (a folder, in-memory, or loaded from a dump). */
export function wrapPglite(client: PGlite): Database {
  const listeners: ((error: EngineAbortedError) => void)[] = [];
  const engine = guardEngine(client, (error) => {
    for (const listener of listeners.splice(0)) listener(error);
  });
  const db = drizzlePglite(client, drizzleOptions);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    onEngineAbort(listener) {
      const abortedBy = engine.abortedBy();
      if (abortedBy) listener(abortedBy);
      else listeners.push(listener);
    },
    async listen(channel, onPayload, onConnect) {
      const unlisten = await client.listen(channel, onPayload);
      onConnect?.();
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      // An aborted engine cannot close: what it committed is in its files already (its WAL).
      if (!engine.abortedBy()) await client.close();
    },
  };
}

/** Connects to a PostgreSQL server with postgres.js. */
export function connectPostgres(url: string, options: { max?: number } = {}): Database {
  // Migrations print NOTICEs ("already exists, skipping"): not worth a log line.
  const sql = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(sql, drizzleOptions);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    async listen(channel, onPayload, onConnect) {
      // A connection of its own, kept open; postgres.js reconnects it and calls onConnect again.
      const { unlisten } = await sql.listen(channel, onPayload, onConnect);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    onEngineAbort() {},
    async close() {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 });
    },
  };
}

/** The PGlite folder inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pglite');
}

/** The PostgreSQL server cannot be reached at start-up; the message names it (no password). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

function rootCause(error: unknown): string {
  let current = error;
  while ((current as { cause?: unknown })?.cause) current = (current as { cause: unknown }).cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * The extensions every PGlite of the app loads: pg_trgm, whose GIN index on peserta.nama serves
 * the archive's name search (migration 0014). A database holding that index must be opened with
 * it, or a write of a participant fails: open PGlite with these wherever it is opened.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite in DATA_DIR/pglite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const database = connectPostgres(options.databaseUrl);
    try {
      // Fail at start-up, with a clear message, rather than on the first request.
      await database.db.execute('select 1');
    } catch (error) {
      await database.close().catch(() => {});
      throw new DatabaseUnavailableError(
        `Tidak dapat terhubung ke PostgreSQL ${withoutPassword(options.databaseUrl)}: ${rootCause(error)}`,
      );
    }
    return database;
  }
  const dir = pgliteDir(options.dataDir);
  // PGlite creates only the last folder level.
  mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return wrapPglite(client);
}

/** The rows of a `db.execute()` answer: postgres.js answers an array, PGlite an object with `rows`. */
export function rowsOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  return ((answer as { rows?: T[] }).rows ?? []) as T[];
}
