// Global setup of the api-postgres project: migrates (and seeds) one template database per start
// state (empty, SEED=none, SEED=demo) ONCE on the TEST_DATABASE_URL server; every test database
// is then `CREATE DATABASE … TEMPLATE` of one of them, a file copy, instead of running every
// migration, the seed (four scrypt password hashes) and the certificates' issuing again per test
// app. The templates are dropped when the run ends.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connectPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { issueMissingCertificates } from '../../server/services/sertifikat-terbit';
import { databaseUrl, testConfig } from '../helpers/build-app';
import type { TemplateState } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names of the PostgreSQL template databases, by start state. */
    postgresTemplates: Record<TemplateState, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the api-postgres project needs TEST_DATABASE_URL');
  const started = Date.now();
  const run = randomBytes(4).toString('hex');
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const templates = {} as Record<TemplateState, string>;
  const drop = async () => {
    for (const name of Object.values(templates)) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  };
  try {
    for (const state of ['empty', 'none', 'demo'] as const) {
      const name = `magang_template_${run}_${state}`;
      await admin.unsafe(`create database "${name}"`);
      templates[state] = name;
      // Closed before any copy: a template must have no open connection.
      // Two connections: migrate() holds its lock on one while the migrator runs on the other.
      const database = connectPostgres(databaseUrl(serverUrl, name), { max: 2 });
      try {
        await migrate(database);
        if (state !== 'empty') {
          await seed(database.db, state);
          await issueMissingCertificates(database.db, testConfig());
        }
      } finally {
        await database.close();
      }
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplates', templates);
  console.log(`PostgreSQL test templates ready in ${Date.now() - started} ms`);
  return drop;
}
