/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const alias = { '@': src };

// The API suite runs on PGlite always, and a second time on a real PostgreSQL server
// when TEST_DATABASE_URL is set (CONTRACT.md). Each project passes its database kind
// to tests/helpers/build-app.ts through TEST_DB_KIND.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.log('API tests on PostgreSQL did not run: TEST_DATABASE_URL is not set (PGlite run only).');
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time, not vitest's default of cores - 1 (one on this 2-core machine): the
    // API files wait on PostgreSQL's process and on child servers much of the time (measured:
    // the whole suite 512 -> 444 s).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/{unit,domain,db,sync}/**/*.test.ts'],
          setupFiles: ['tests/setup/fake-indexeddb.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          environment: 'node',
          // tests/server-process: the real server and scripts as child processes (embedded database).
          include: ['tests/api/**/*.test.ts', 'tests/server-process/**/*.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: ['tests/setup/pglite-template.ts'],
          setupFiles: ['tests/setup/openapi-answers.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api-postgres',
                environment: 'node' as const,
                // tests/api-postgres: concurrency tests that only mean something on a server.
                include: ['tests/api/**/*.test.ts', 'tests/api-postgres/**/*.test.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                globalSetup: ['tests/setup/postgres-template.ts'],
                setupFiles: ['tests/setup/openapi-answers.ts'],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
