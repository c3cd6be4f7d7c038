// Where the generated VAPID keys live (server/vapid-keys.ts): DATA_DIR/vapid-keys.json on the
// embedded PGlite, the app_secrets row vapid_keys on PostgreSQL (every instance signs with the
// same key); none without VAPID_SUBJECT.
import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv, resolveConfigWithDatabase } from '../../server/config';
import { appSecrets } from '../../server/db/schema-server-state';
import { VAPID_KEYS_NAME, generateVapidKeys, withVapidKeys } from '../../server/vapid-keys';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';

let t: TestApp;
let dir: string;
beforeEach(async () => {
  t = await buildTestApp({ seed: 'empty' });
  dir = mkdtempSync(path.join(tmpdir(), 'magang-vapid-'));
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const configOf = async (extra: Record<string, string> = {}) =>
  withVapidKeys(await resolveConfigWithDatabase(parseEnv({ DATA_DIR: dir, JWT_SECRET: 'env-secret-of-sixteen-chars', ...extra }), t.database), t.database);

describe('withVapidKeys()', () => {
  it('should make no keys while push is off', async () => {
    expect((await configOf()).vapid).toBeUndefined();
    expect(await t.db.select().from(appSecrets)).toEqual([]);
  });

  it('should generate a P-256 pair once and keep it where this database kind keeps secrets', async () => {
    const first = await configOf({ VAPID_SUBJECT: 'mailto:admin@contoh.id' });
    const second = await configOf({ VAPID_SUBJECT: 'mailto:admin@contoh.id' });
    expect(first.vapid?.subject).toBe('mailto:admin@contoh.id');
    expect(second.vapid).toEqual(first.vapid);
    // The private key's public point is the public key.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(first.vapid?.privateKey ?? '', 'base64url'));
    expect(ecdh.getPublicKey('base64url', 'uncompressed')).toBe(first.vapid?.publicKey);
    if (testDbKind() === 'postgres') {
      expect((await t.db.select().from(appSecrets)).map((row) => row.name)).toEqual([VAPID_KEYS_NAME]);
    } else {
      const file = path.join(dir, 'vapid-keys.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.vapid?.publicKey, privateKey: first.vapid?.privateKey });
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it('should always give a 32-byte private key', () => {
    for (let i = 0; i < 50; i += 1) expect(Buffer.from(generateVapidKeys().privateKey, 'base64url')).toHaveLength(32);
  });
});
