// Where the generated JWT secret lives (server/config.ts): DATA_DIR/jwt-secret on the embedded
// PGlite, the app_secrets table on PostgreSQL (so every instance on it shares it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_NAME, loadOrCreateSharedSecret, parseEnv, resolveConfigWithDatabase } from '../../server/config';
import { appSecrets } from '../../server/db/schema-server-state';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';

let t: TestApp;
let dir: string;
beforeEach(async () => {
  t = await buildTestApp({ seed: 'empty' });
  dir = mkdtempSync(path.join(tmpdir(), 'magang-secret-'));
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => parseEnv({ DATA_DIR: dir, ...extra });
const storedSecrets = () => t.db.select().from(appSecrets);

describe('resolveConfigWithDatabase()', () => {
  it('should prefer JWT_SECRET and store nothing', async () => {
    const config = await resolveConfigWithDatabase(env({ JWT_SECRET: 'env-secret-of-sixteen-chars' }), t.database);
    expect(config.jwtSecret).toBe('env-secret-of-sixteen-chars');
    expect(await storedSecrets()).toEqual([]);
  });

  it('should keep the secret where this database kind keeps it, the same on every start', async () => {
    const first = await resolveConfigWithDatabase(env(), t.database);
    const second = await resolveConfigWithDatabase(env(), t.database);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    if (testDbKind() === 'postgres') {
      expect((await storedSecrets()).map((row) => [row.name, row.value])).toEqual([[JWT_SECRET_NAME, first.jwtSecret]]);
    } else {
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
      expect(await storedSecrets()).toEqual([]);
    }
  });

  it('should keep using the secret file of an older version (its tokens stay valid)', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'jwt-secret'), 'an-existing-secret-from-before\n');
    const config = await resolveConfigWithDatabase(env(), t.database);
    expect(config.jwtSecret).toBe('an-existing-secret-from-before');
    // An instance elsewhere (another DATA_DIR) on the same PostgreSQL gets the same secret.
    if (testDbKind() === 'postgres') {
      const other = mkdtempSync(path.join(tmpdir(), 'magang-secret-'));
      try {
        expect((await resolveConfigWithDatabase(parseEnv({ DATA_DIR: other }), t.database)).jwtSecret).toBe(
          'an-existing-secret-from-before',
        );
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    }
  });
});

describe('loadOrCreateSharedSecret()', () => {
  it('should give every concurrent caller the first stored value', async () => {
    const candidates = Array.from({ length: 6 }, (_, i) => `candidate-secret-number-${i}`);
    const values = await Promise.all(candidates.map((candidate) => loadOrCreateSharedSecret(t.db, 'probe', candidate)));
    expect(new Set(values).size).toBe(1);
    expect(candidates).toContain(values[0]);
    expect(await storedSecrets()).toHaveLength(1);
  });
});
