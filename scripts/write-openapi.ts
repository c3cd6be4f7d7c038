// `npm run lint:openapi`, first step: writes the OpenAPI document the app answers at
// GET /api/openapi.json to .tmp/openapi.json (or the file given), for `redocly lint`. The app is
// built and asked through inject(): no port is opened, no environment is read. The document is
// made from the registered routes alone, so the app gets a PostgreSQL handle that is never
// connected (postgres.js connects on the first query, and none runs).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app';
import { DEFAULT_ORGANISASI } from '../server/config';
import { connectPostgres } from '../server/db/client';
import { OPENAPI_URL } from '../server/openapi/plugin';

const file = path.resolve(process.argv[2] ?? '.tmp/openapi.json');
const database = connectPostgres('postgres://never-connected@127.0.0.1:1/none', { max: 1 });
const app = await buildApp({
  db: database.db,
  config: {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.resolve('.tmp/openapi-unused-data'),
    databaseUrl: undefined,
    jwtSecret: 'unused-secret-of-sixteen-chars',
    jwtTtlSeconds: 60,
    seed: 'none',
    webDir: path.resolve('.tmp/openapi-unused-web'),
    organisasi: { ...DEFAULT_ORGANISASI },
    publicUrl: 'http://localhost:3000',
    hariKerja: [1, 2, 3, 4, 5, 6],
  },
  webRoot: null,
  logger: false,
});
try {
  const response = await app.inject({ method: 'GET', url: OPENAPI_URL });
  if (response.statusCode !== 200) throw new Error(`GET ${OPENAPI_URL} answered ${response.statusCode}: ${response.body}`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(response.json(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), file)}`);
} finally {
  await app.close();
  await database.close();
}
