// GET /api/health (CONTRACT "Health"): 200 once the database is migrated and the server
// accepts requests. The app is only built after migrations, so answering is enough.
import type { FastifyInstance } from 'fastify';

/** Registers GET /health (mounted under /api). */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ status: 'ok' }));
}
