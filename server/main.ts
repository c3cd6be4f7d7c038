// The only file that listens: config -> lock DATA_DIR -> database -> migrate -> seed ->
// buildApp -> push sender -> listen. Operator mistakes (bad env, DATA_DIR in use, port taken) print one
// clear line and exit 1, without a stack trace. SIGINT/SIGTERM drain the requests in flight,
// close the database and release the lock (server/shutdown.ts).
import { fileURLToPath } from 'node:url';
import { PENGINGAT_DEFAULTS } from '../src/domain/pengingat';
import { buildApp } from './app';
import { ConfigError, parseEnv, resolveConfigWithDatabase } from './config';
import { type Database, DatabaseUnavailableError, openDatabase } from './db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { startStatisticsTimer } from './db/planner-statistics';
import { seed } from './db/seed';
import { startPushWorker } from './push-worker';
import { pruneNotifikasi } from './services/notifikasi';
import { type PengingatTimer, startPengingatTimer } from './services/pengingat';
import { issueMissingCertificates } from './services/sertifikat-terbit';
import { installShutdown } from './shutdown';
import { runStartupChecks } from './startup-checks';
import { PUSH_DISABLED_LINE, withVapidKeys } from './vapid-keys';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let lock: DataDirLock | null = null;
  let database: Database | null = null;
  try {
    const env = parseEnv();
    // PGlite has no lock of its own: one process per DATA_DIR, or the folder is corrupted.
    if (!env.databaseUrl) lock = lockDataDir(env.dataDir);
    database = await openDatabase(env);
    // Same expression in the source tree and in the bundle (dist/server/db/migrations).
    await migrate(database, fileURLToPath(new URL('./db/migrations', import.meta.url)));
    // After migrate: on PostgreSQL the generated JWT secret lives in the database (app_secrets).
    // The VAPID keys too (Web Push), when VAPID_SUBJECT turns push on.
    const config = await withVapidKeys(await resolveConfigWithDatabase(env, database), database);
    await seed(database.db, config.seed);
    // Participants fully approved by the seed, or before certificates were issued, get theirs.
    await issueMissingCertificates(database.db, config);
    await runStartupChecks(database.db, config);
    // Notifications past their keeping time go (the inbox never shows them anyway).
    await pruneNotifikasi(database.db);

    // PGlite has no autovacuum: its planner's statistics are gathered now and every few hours.
    const statistics = await startStatisticsTimer(database, (message, error) => console.error(message, error));

    const app = await buildApp({ db: database.db, database, config });
    app.addHook('onClose', () => statistics.stop());
    // Push sends from every instance; stopped (a drain in progress finishing) when the app closes.
    const pushWorker = startPushWorker({ db: database.db, config, log: app.log });
    if (pushWorker) app.addHook('onClose', () => pushWorker.stop());
    else console.log(PUSH_DISABLED_LINE);
    // A stop waits for a reminder run in progress before the database closes.
    let pengingat: PengingatTimer | null = null;
    app.addHook('onClose', async () => {
      await pengingat?.stop();
    });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Magang berjalan di http://${config.host}:${port}`);
    // The daily reminders (once a day across instances; they also prune old notifications).
    pengingat = startPengingatTimer(database.db, config.pengingat ?? PENGINGAT_DEFAULTS, (message, error) =>
      error === undefined ? app.log.info(message) : app.log.error({ err: error }, message),
    );

    installShutdown({ app, database, lock });
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
