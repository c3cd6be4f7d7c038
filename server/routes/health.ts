// Health, no token needed:
// - GET /api/health: 200 {"status":"ok"} once the database is migrated and the server accepts
//   requests. The app is only built after migrations; each call also asks the database a trivial
//   query, so a database that stopped answering (PostgreSQL down, the embedded one closed) makes
//   it 503 {"message"} — the error envelope — within a short time.
// - GET /api/health/live: the process answers (no database): for a supervisor's restart rule.
// - GET /api/health/ready: whether a load balancer should send requests here — the database
//   answers and holds every migration this build knows, and the server is not stopping (503
//   from the moment a SIGTERM starts the drain, so the balancer takes it out first).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVER_MSG } from '../../src/domain/messages';
import { type Db, rowsOf } from '../db/client';
import { knownMigrations } from '../db/migrate';
import { HttpError } from '../http-error';

/** How long the health query may take before the database counts as not answering. */
const HEALTH_QUERY_TIMEOUT_MS = 3000;

/**
 * True when `select 1` answers within `timeoutMs`. PGlite serialises queries, so a long
 * transaction ahead in its queue delays the answer: the timeout leaves room for that.
 */
export async function databaseAnswers(db: Pick<Db, 'execute'>, timeoutMs = HEALTH_QUERY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The number of migrations the database has applied (drizzle's journal table). */
async function appliedMigrations(db: Pick<Db, 'execute'>): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const rows = rowsOf<{ n: number }>(result);
  return Number(rows[0]?.n ?? 0);
}

/** Registers GET /health, /health/live and /health/ready (mounted under /api). */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  // From the moment the stop begins (server/shutdown.ts calls app.close()): not ready any more.
  app.addHook('preClose', async () => {
    app.readiness.draining = true;
  });

  const openapi = {
    summary: 'Is the server up and its database answering?',
    public: true,
    response: { description: 'The database answered `select 1` in time', schema: z.object({ status: z.literal('ok') }) },
    errors: { 503: 'The database did not answer within 3 s' },
  } as const;
  app.get('/health', { config: { openapi } }, async () => {
    if (!(await databaseAnswers(app.db))) throw new HttpError(503, SERVER_MSG.databaseUnavailable);
    return { status: 'ok' };
  });

  const liveDoc = {
    summary: 'Is the process up? (no database)',
    public: true,
    response: { description: 'The process answers', schema: z.object({ status: z.literal('ok') }) },
  } as const;
  app.get('/health/live', { config: { openapi: liveDoc } }, async () => ({ status: 'ok' }));

  const readyDoc = {
    summary: 'Should requests be sent here? (database and migrations ready, not stopping)',
    public: true,
    response: { description: 'Ready', schema: z.object({ status: z.literal('ok') }) },
    errors: { 503: 'Stopping (draining after SIGTERM), the database not answering within 3 s, or a migration this build knows not applied' },
  } as const;
  app.get('/health/ready', { config: { openapi: readyDoc } }, async () => {
    if (app.readiness.draining) throw new HttpError(503, SERVER_MSG.draining);
    if (!(await databaseAnswers(app.db))) throw new HttpError(503, SERVER_MSG.databaseUnavailable);
    const applied = await appliedMigrations(app.db).catch(() => -1);
    if (applied < knownMigrations()) throw new HttpError(503, SERVER_MSG.migrationsPending);
    return { status: 'ok' };
  });
}
