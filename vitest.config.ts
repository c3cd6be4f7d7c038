/// <reference types="vitest/config" />
import { readFileSync, readdirSync } from 'node:fs';
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

// Test files share one module graph per worker (`isolate: false`): each test builds its own app,
// database and IndexedDB, and importing the server and the app's modules again for each of ~200
// files cost more than the tests (measured: the whole suite 721 -> 433 s). The files that replace
// a module with vi.mock run isolated (the project 'unit-mocks', found by their text), so no mock
// reaches another file.
const MOCKING_FILES = ['unit', 'domain', 'db', 'sync'].flatMap((folder) =>
  readdirSync(`tests/${folder}`, { recursive: true, encoding: 'utf8' })
    .map((file) => `tests/${folder}/${file}`)
    .filter((file) => file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes('vi.mock(')),
);

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
          exclude: MOCKING_FILES,
          setupFiles: ['tests/setup/fake-indexeddb.ts'],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-mocks',
          environment: 'node',
          include: MOCKING_FILES,
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
          isolate: false,
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
                isolate: false,
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
