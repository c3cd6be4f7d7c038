// Applies the generated SQL migrations (server/db/migrations) with drizzle's migrator.
// drizzle records applied ones in drizzle.__drizzle_migrations, so this is safe on every start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The migrations folder: `override` when given, else server/db/migrations beside this file.
 * server/main.ts passes its own `new URL('./db/migrations', import.meta.url)` so the same
 * expression works from the esbuild bundle (dist/server/main.js + dist/server/db/migrations).
 */
function migrationsFolder(override?: string): string {
  return override ?? fileURLToPath(new URL('./migrations', import.meta.url));
}

/** The number of migrations in `folder`'s journal (drizzle-kit's meta/_journal.json). */
function journalLength(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

let known: number | null = null;

/**
 * How many migrations this build knows: those of the folder migrate() applied, else of the
 * source tree's folder. The readiness check wants at least as many applied in the database.
 */
export function knownMigrations(): number {
  known ??= journalLength(migrationsFolder());
  return known;
}

/** Any number, the same in every process: the advisory lock key of migrating. */
const MIGRATE_LOCK_KEY = 4_242_000;

/**
 * Brings the database schema up to date; returns when every migration is applied. On
 * PostgreSQL, instances starting together take turns: a transaction on one connection holds an
 * advisory lock while the migrator runs on another, so the second finds everything applied.
 */
export async function migrate(database: Database, folder?: string): Promise<void> {
  known = journalLength(migrationsFolder(folder));
  if (database.kind !== 'postgres') {
    await database.migrate(migrationsFolder(folder));
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`);
    await database.migrate(migrationsFolder(folder));
  });
}
