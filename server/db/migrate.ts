// Applies the generated SQL migrations (server/db/migrations) with drizzle's migrator.
// drizzle records applied ones in drizzle.__drizzle_migrations, so this is safe on every start.
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

/** Any number, the same in every process: the advisory lock key of migrating. */
const MIGRATE_LOCK_KEY = 4_242_000;

/**
 * Brings the database schema up to date; returns when every migration is applied. On
 * PostgreSQL, instances starting together take turns: a transaction on one connection holds an
 * advisory lock while the migrator runs on another, so the second finds everything applied.
 */
export async function migrate(database: Database, folder?: string): Promise<void> {
  if (database.kind !== 'postgres') {
    await database.migrate(migrationsFolder(folder));
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`);
    await database.migrate(migrationsFolder(folder));
  });
}
