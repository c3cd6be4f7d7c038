// The only file that listens: config -> lock DATA_DIR -> database -> migrate -> seed ->
// buildApp -> listen. Operator mistakes (bad env, DATA_DIR in use, port taken) print one
// clear line and exit 1, without a stack trace. SIGINT/SIGTERM close the app, then the
// database, then release the lock.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, parseEnv, resolveConfig } from './config';
import { type Database, DatabaseUnavailableError, openDatabase } from './db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seed } from './db/seed';

/** Longest wait for a graceful close before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let lock: DataDirLock | null = null;
  let database: Database | null = null;
  try {
    const env = parseEnv();
    // PGlite has no lock of its own: one process per DATA_DIR (TOOLING.md).
    if (!env.databaseUrl) lock = lockDataDir(env.dataDir);
    const config = resolveConfig(env);
    database = await openDatabase(config);
    // Same expression in the source tree and in the bundle (dist/server/db/migrations).
    await migrate(database, fileURLToPath(new URL('./db/migrations', import.meta.url)));
    await seed(database.db, config.seed);

    const app = await buildApp({ db: database.db, config });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Magang berjalan di http://${config.host}:${port}`);

    let closing = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: menutup server`);
      setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
      void (async () => {
        await app.close();
        await database?.close();
        lock?.release();
        process.exit(0);
      })();
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) {
      fail(error.message);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      fail(`Tidak dapat membuka port: ${(error as Error).message}. Pakai PORT atau HOST lain.`);
    }
    console.error('Magang gagal dijalankan:', error);
    process.exit(1);
  }
}

await main();
