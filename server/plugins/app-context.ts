// Makes the app's dependencies visible to every plugin and route: `app.db` (drizzle, PGlite
// or PostgreSQL), `app.config`, `app.changes` (what the database says changed, for caches)
// `app.users` (users by id through a cache) and `app.readiness` (whether the stop has begun). Routes pass `app.db` on to server/services;
// they do not build queries themselves.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { createUserCache, type UserCache } from '../services/user-cache';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    changes: ChangeFeed;
    users: UserCache;
    /** `draining`: the stop has begun (GET /api/health/ready answers 503 from then on). */
    readiness: { draining: boolean };
  }
}

/** Options of the app-context plugin. */
interface AppContextOptions {
  db: Db;
  config: Config;
  changes: ChangeFeed;
  /** Told how long each write's answer waited for the change feed, in seconds (the metrics). */
  observeSettle?: (seconds: number) => void;
}

async function appContext(app: FastifyInstance, options: AppContextOptions): Promise<void> {
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  app.decorate('changes', options.changes);
  app.decorate('users', createUserCache(options.db, options.changes));
  app.decorate('readiness', { draining: false });
  app.addHook('onClose', () => options.changes.close());
  // A write's answer leaves only once this instance counted its change (see change-feed.ts),
  // so the client's next read here never gets a copy from before its own write.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const started = performance.now();
    await options.changes.settle();
    options.observeSettle?.((performance.now() - started) / 1000);
  });
}

/** Decorates the root instance with `db`, `config`, `changes` and `users`. */
export default fp(appContext, { name: 'app-context', fastify: '5.x' });
