// The real app (server/app.ts) of a benchmark, in this process on 127.0.0.1: the database
// migrated and seeded with the demo accounts, a random JWT secret, listening on a free port.
import { issueMissingCertificates } from '../server/services/sertifikat-terbit';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { type Config, DEFAULT_ORGANISASI } from '../server/config';
import type { Database } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';

/** How long the bench's server keeps an idle connection open: longer than any measured block. */
const BENCH_KEEP_ALIVE_MS = 10 * 60_000;

/** A listening benchmark app: its port and origin. */
interface BenchApp {
  app: FastifyInstance;
  port: number;
  url: string;
}

/**
 * Migrates and seeds `database`, builds the app on it (serving `webRoot` when given, with
 * `overrides` of the configuration) and listens.
 */
export async function startBenchApp(database: Database, dataDir: string, webRoot: string | null = null, overrides: Partial<Config> = {}): Promise<BenchApp> {
  await migrate(database);
  await seed(database.db, 'demo');
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('base64url'),
    jwtTtlSeconds: 3600,
    seed: 'demo',
    webDir: webRoot ?? path.join(dataDir, 'no-web'),
    organisasi: { ...DEFAULT_ORGANISASI },
    publicUrl: 'http://127.0.0.1',
    hariKerja: [1, 2, 3, 4, 5, 6],
    ...overrides,
  };
  await issueMissingCertificates(database.db, config);
  const app = await buildApp({ db: database.db, database, config, webRoot, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // The bench's clients share this process, whose event loop a measured read may hold for
  // seconds: with Node's 5 s keep-alive timeout the server then closed an idle socket just as a
  // client reused it (ECONNRESET at 100,000 participants).
  app.server.keepAliveTimeout = BENCH_KEEP_ALIVE_MS;
  const port = (app.server.address() as AddressInfo).port;
  return { app, port, url: `http://127.0.0.1:${port}` };
}
