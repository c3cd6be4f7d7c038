// Makes the app's dependencies visible to every plugin and route: `app.db` (drizzle, PGlite
// or PostgreSQL) and `app.config`. Routes pass `app.db` on to server/services; they do not
// build queries themselves.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** Options of the app-context plugin. */
export interface AppContextOptions {
  db: Db;
  config: Config;
}

async function appContext(app: FastifyInstance, options: AppContextOptions): Promise<void> {
  app.decorate('db', options.db);
  app.decorate('config', options.config);
}

/** Decorates the root instance with `db` and `config`. */
export default fp(appContext, { name: 'app-context', fastify: '5.x' });
