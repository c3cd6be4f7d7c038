// Applies the generated SQL migrations (server/db/migrations) with drizzle's migrator.
// drizzle records applied ones in drizzle.__drizzle_migrations, so this is safe on every start.
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/**
 * The migrations folder: `override` when given, else server/db/migrations beside this file.
 * server/main.ts passes its own `new URL('./db/migrations', import.meta.url)` so the same
 * expression works from the esbuild bundle (dist/server/main.js + dist/server/db/migrations).
 */
export function migrationsFolder(override?: string): string {
  return override ?? fileURLToPath(new URL('./migrations', import.meta.url));
}

/** Brings the database schema up to date; returns when every migration is applied. */
export async function migrate(database: Database, folder?: string): Promise<void> {
  await database.migrate(migrationsFolder(folder));
}
