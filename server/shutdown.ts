/**
 * The server's orderly stop on SIGTERM / SIGINT (server/main.ts installs it once listening):
 *
 * 1. `app.close()`: the listening socket closes (new connections are refused), idle keep-alive
 *    sockets close at once, requests in flight finish and get their answers. A request that
 *    still arrives on a busy keep-alive connection is served normally and answered with
 *    `Connection: close` (buildApp sets `return503OnClosing: false`: a write the client sent
 *    before the stop is done, never refused with a 5xx).
 * 2. The database closes (PGlite writes its files and stops; postgres.js ends its pool).
 * 3. The DATA_DIR lock is released and the process exits 0.
 *
 * A second signal exits at once (1). A connection still busy after DRAIN_TIMEOUT_MS is cut so
 * the database can still close cleanly; after SHUTDOWN_TIMEOUT_MS the process exits anyway (1).
 *
 * The embedded engine aborting (client.ts, EngineAbortedError) stops the server the same way,
 * but exits 1 so its supervisor starts it again: the engine answers nothing any more (every
 * request that needs it is answered 503, readiness too), the requests in flight get those
 * answers, the lock is released. What was committed is in DATA_DIR; the restart recovers it.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import type { DataDirLock } from './db/data-dir-lock';

/** Longest wait for requests in flight before their connections are cut. */
export const DRAIN_TIMEOUT_MS = 8_000;
/** Longest wait for the whole stop before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** What the stop closes, in order. */
interface ShutdownTargets {
  app: FastifyInstance;
  database: Database | null;
  lock: DataDirLock | null;
}

/** Closes the app, then the database, then releases the lock; answers the exit code. */
export async function closeServer({ app, database, lock }: ShutdownTargets): Promise<number> {
  let code = 0;
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'menutup server gagal');
    code = 1;
  }
  try {
    await database?.close();
  } catch (error) {
    app.log.error({ err: error }, 'menutup database gagal');
    code = 1;
  }
  lock?.release();
  return code;
}

/** The line an operator reads when the embedded engine aborted (stderr, before the exit). */
export const ENGINE_ABORT_LINE =
  'Database tertanam (PGlite) berhenti mendadak: server tidak lagi siap dan keluar dengan kode 1 agar dijalankan ulang pada DATA_DIR yang sama.';

/**
 * Handles SIGINT and SIGTERM, and an abort of the embedded engine, for the rest of the process's
 * life: each stops the server once (closeServer); a signal exits with its code, an abort with 1.
 */
export function installShutdown(targets: ShutdownTargets, exit: (code: number) => void = (code) => process.exit(code)): void {
  const { app } = targets;
  let closing = false;
  const stop = (exitCode: (closed: number) => number) => {
    closing = true;
    const drain = setTimeout(() => app.server.closeAllConnections(), DRAIN_TIMEOUT_MS).unref();
    const force = setTimeout(() => {
      console.error(`Server tidak berhenti dalam ${SHUTDOWN_TIMEOUT_MS / 1000} detik: berhenti paksa.`);
      exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    void closeServer(targets).then((code) => {
      clearTimeout(drain);
      clearTimeout(force);
      exit(exitCode(code));
    });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      console.error(`${signal} kedua: berhenti tanpa menunggu.`);
      exit(1);
      return;
    }
    app.log.info(`${signal}: menyelesaikan permintaan yang berjalan, lalu menutup server`);
    stop((code) => {
      if (code === 0) app.log.info('server berhenti dengan bersih');
      return code;
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  targets.database?.onEngineAbort((error) => {
    console.error(ENGINE_ABORT_LINE, error.message);
    if (!closing) stop(() => 1);
  });
}
