// Global setup of the api-pglite project: pays PGlite's initdb (~3 s) and the migrations
// ONCE, then dumps the data folder for each start state (empty, SEED=none, SEED=demo) into
// .tmp/. Every test database is then `new PGlite({ loadDataDir })` from a dump (< 1 s).
import { issueMissingCertificates } from '../../server/services/sertifikat-terbit';
import { testConfig } from '../helpers/build-app';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, wrapPglite } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';

/** A test database's start state: migrated and empty, or seeded. */
export type TemplateState = 'empty' | 'none' | 'demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Paths of the PGlite data-folder dumps, by start state. */
    pgliteTemplates: Record<TemplateState, string>;
  }
}

const TMP_DIR = fileURLToPath(new URL('../../.tmp/', import.meta.url));

async function save(data: Blob, state: TemplateState): Promise<string> {
  const file = `${TMP_DIR}pglite-template-${state}.tar`;
  writeFileSync(file, new Uint8Array(await data.arrayBuffer()));
  return file;
}

export default async function setup(project: TestProject): Promise<void> {
  mkdirSync(TMP_DIR, { recursive: true });
  const started = Date.now();
  const empty = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const emptyDb = wrapPglite(empty);
  await migrate(emptyDb);
  const emptyDump = await empty.dumpDataDir('none');
  const templates = { empty: await save(emptyDump, 'empty') } as Record<TemplateState, string>;
  await emptyDb.close();

  for (const state of ['none', 'demo'] as const) {
    const client = new PGlite({ loadDataDir: emptyDump, extensions: PGLITE_EXTENSIONS });
    const database = wrapPglite(client);
    await seed(database.db, state);
    await issueMissingCertificates(database.db, testConfig());
    templates[state] = await save(await client.dumpDataDir('none'), state);
    await database.close();
  }
  project.provide('pgliteTemplates', templates);
  console.log(`PGlite test templates ready in ${Date.now() - started} ms`);
}
