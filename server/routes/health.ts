// GET /api/health (no token needed): 200 {"status":"ok"} once the database is migrated and
// the server accepts requests. The app is only built after migrations; each call also asks
// the database a trivial query, so a database that stopped answering (PostgreSQL down, the
// embedded one closed) makes it 503 {"message"} — the error envelope — within a short time.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Db } from '../db/client';
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

/** Registers GET /health (mounted under /api). */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
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
}
