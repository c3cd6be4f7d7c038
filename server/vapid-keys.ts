/**
 * The VAPID key pair of Web Push, generated on first start and kept like the JWT secret: on
 * PostgreSQL in app_secrets (row vapid_keys), so every instance signs with the same key and a
 * device's subscription stays valid whichever instance sends; on the embedded PGlite in
 * DATA_DIR/vapid-keys.json (mode 0600). Push is off without VAPID_SUBJECT: no keys are made and
 * the server says so once at start-up.
 */
import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, type VapidKeys, loadOrCreateSharedSecret } from './config';
import type { Database } from './db/client';

/** The name of the key pair in `app_secrets`. */
export const VAPID_KEYS_NAME = 'vapid_keys';
const VAPID_KEYS_FILE = 'vapid-keys.json';

/** The line printed at start-up when push is off. */
export const PUSH_DISABLED_LINE = 'Notifikasi push nonaktif: VAPID_SUBJECT belum diisi (lihat docs/operations.md).';

/** A new P-256 key pair, as web-push and PushManager.subscribe take it. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A scalar with leading zero bytes comes back shorter: padded to the 32 bytes web-push expects.
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey('base64url', 'uncompressed'), privateKey: privateKey.toString('base64url') };
}

function parseKeys(text: string, where: string): VapidKeys {
  try {
    const value = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof value.publicKey === 'string' && typeof value.privateKey === 'string') return { publicKey: value.publicKey, privateKey: value.privateKey };
  } catch {
    // Reported below.
  }
  throw new ConfigError(`${where} tidak berisi kunci VAPID yang valid: hapus agar dibuat ulang (langganan notifikasi lama harus diaktifkan ulang).`);
}

/** The pair in DATA_DIR/vapid-keys.json, created with the exclusive flag (two starts never overwrite each other). */
function loadOrCreateKeysFile(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(generateVapidKeys())}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKeys(readFileSync(file, 'utf8'), file);
}

/** `config` with its VAPID keys when push is on (VAPID_SUBJECT set), else as it is. */
export async function withVapidKeys(config: Config, database: Database): Promise<Config> {
  if (!config.vapidSubject) return config;
  const keys =
    database.kind === 'postgres'
      ? parseKeys(await loadOrCreateSharedSecret(database.db, VAPID_KEYS_NAME, JSON.stringify(generateVapidKeys())), `app_secrets.${VAPID_KEYS_NAME}`)
      : loadOrCreateKeysFile(config.dataDir);
  return { ...config, vapid: { ...keys, subject: config.vapidSubject } };
}
