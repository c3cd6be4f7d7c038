// buildTestApp(): the real app (server/app.ts) on a fresh database of its own, for inject().
// TEST_DB_KIND=pglite (default): PGlite loaded from a dump made once by
// tests/setup/pglite-template.ts. TEST_DB_KIND=postgres: a new database magang_test_<random>
// on the TEST_DATABASE_URL server, copied from a template tests/setup/postgres-template.ts
// migrated (and seeded) once, dropped again by close().
// Every inject() answer is checked against the app's OpenAPI document (openapi-answers.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, RouteOptions } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../../server/app';
import { type Config, DEFAULT_ORGANISASI, type SeedMode } from '../../server/config';
import { type Database, type Db, PGLITE_EXTENSIONS, connectPostgres, wrapPglite } from '../../server/db/client';
import type { TemplateState } from '../setup/pglite-template';
import { checkAnswersAgainstDocument } from './openapi-answers';

/** The secret test tokens are signed with. */
export const TEST_JWT_SECRET = 'test-secret-of-at-least-sixteen-chars';

/** A test app with its database. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /**
   * A write straight to the database, past the app (as another instance or SQL would), then
   * the wait until the app's change feed has counted it: its caches (users behind tokens, the
   * kept lists) see it at commit on PGlite but a moment later on PostgreSQL.
   */
  writePastApp<T>(write: (db: Db) => Promise<T>): Promise<T>;
  /** Closes the app and the database (and drops a PostgreSQL test database). */
  close(): Promise<void>;
}

/** Options of buildTestApp: the start state (default demo) and an optional web root. */
export interface TestAppOptions {
  seed?: SeedMode | 'empty';
  webRoot?: string | null;
  /** Called for every route as it is registered (see AppDeps.onRoute). */
  onRoute?: (route: RouteOptions) => void;
  /** Settings other than the test defaults (testConfig). */
  config?: Partial<Config>;
  /** Fastify's logger option (default off): a test of the log lines passes a stream. */
  logger?: AppDeps['logger'];
}

/** The configuration tests run with (no DATA_DIR is touched). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent/magang-test-data',
    databaseUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    jwtTtlSeconds: 3600,
    seed: 'demo',
    webDir: '/nonexistent/magang-test-web',
    organisasi: { ...DEFAULT_ORGANISASI },
    publicUrl: 'https://magang.example',
    hariKerja: [1, 2, 3, 4, 5, 6],
    ...overrides,
  };
}

export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

const dumps = new Map<TemplateState, Blob>();
function templateDump(state: TemplateState): Blob {
  let blob = dumps.get(state);
  if (!blob) {
    blob = new Blob([readFileSync(inject('pgliteTemplates')[state])]);
    dumps.set(state, blob);
  }
  return blob;
}

async function openPglite(state: TemplateState): Promise<{ database: Database; drop(): Promise<void> }> {
  const client = new PGlite({ loadDataDir: templateDump(state), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return { database: wrapPglite(client), drop: async () => {} };
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server in the start state `state`: a copy
 * of the migrated (and seeded) template tests/setup/postgres-template.ts made once for the run.
 */
export async function openPostgresTestDatabase(state: TemplateState): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `magang_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${inject('postgresTemplates')[state]}"`);
  } catch (error) {
    await admin.end({ timeout: 5 });
    throw error;
  }
  const database = connectPostgres(databaseUrl(serverUrl, name), { max: 4 });
  const drop = async () => {
    await database.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  };
  return { database, drop };
}

/** The app on a fresh database in the given start state (default: demo seed). */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const state = options.seed ?? 'demo';
  const { database, drop } = testDbKind() === 'postgres' ? await openPostgresTestDatabase(state) : await openPglite(state);
  const config = testConfig({ ...options.config, seed: state === 'empty' ? 'demo' : state });
  const app = await buildApp({
    db: database.db,
    database,
    config,
    webRoot: options.webRoot ?? null,
    logger: options.logger ?? false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  // Every answer a test receives is held against the app's OpenAPI document.
  checkAnswersAgainstDocument(app);
  let closed = false;
  return {
    app,
    db: database.db,
    database,
    config,
    async writePastApp(write) {
      const result = await write(database.db);
      await app.changes.settle();
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
      await drop();
    },
  };
}
