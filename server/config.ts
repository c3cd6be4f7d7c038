/**
 * Server configuration from the environment (CONTRACT.md "Environment"), parsed with zod.
 * Owns the generated JWT secret file DATA_DIR/jwt-secret (mode 0600): created once, then
 * reused so tokens survive restarts. Bad values throw ConfigError with a readable text;
 * server/main.ts prints it and exits without a stack trace.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Organisasi } from '../src/domain/sertifikat';

/** Accepted token lifetimes: a number of seconds, or a number with s, m, h, d or w. */
const TTL_RE = /^(\d+)\s*([smhdw]?)$/;
const TTL_UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const JWT_SECRET_MIN_CHARS = 16;
const JWT_SECRET_FILE = 'jwt-secret';
const SECRET_VARS = new Set(['JWT_SECRET', 'DATABASE_URL']);

/** The organisation printed on certificates and transcripts when ORGANISASI_NAMA / ORGANISASI_KOTA are unset. */
export const DEFAULT_ORGANISASI: Organisasi = { nama: 'PT Sinar Retail Nusantara', kota: 'Jakarta' };
const ORGANISASI_MAX_CHARS = 200;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'harus berupa angka' })
      .int('harus bilangan bulat')
      .min(0, 'harus 0-65535')
      .max(65_535, 'harus 0-65535')
      .default(3000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'harus diawali postgres:// atau postgresql://')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(JWT_SECRET_MIN_CHARS, `minimal ${JWT_SECRET_MIN_CHARS} karakter`).optional(),
  ),
  JWT_TTL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(TTL_RE, "harus berupa angka detik atau angka dengan s, m, h, d atau w (misalnya '7d')")
      .default('7d'),
  ),
  SEED: z.preprocess(
    blankToUndefined,
    z.enum(['demo', 'none'], { message: "harus 'demo' atau 'none'" }).default('demo'),
  ),
  WEB_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  ORGANISASI_NAMA: z.preprocess(
    blankToUndefined,
    z.string().trim().max(ORGANISASI_MAX_CHARS, `maksimal ${ORGANISASI_MAX_CHARS} karakter`).default(DEFAULT_ORGANISASI.nama),
  ),
  ORGANISASI_KOTA: z.preprocess(
    blankToUndefined,
    z.string().trim().max(ORGANISASI_MAX_CHARS, `maksimal ${ORGANISASI_MAX_CHARS} karakter`).default(DEFAULT_ORGANISASI.kota),
  ),
});

/** Which data an empty database gets (CONTRACT: demo data, or only the first HR account). */
export type SeedMode = 'demo' | 'none';

/** The parsed environment; `jwtSecret` is set only when JWT_SECRET was given. */
export interface EnvConfig {
  port: number;
  host: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** Token lifetime in seconds (JWT_TTL). */
  jwtTtlSeconds: number;
  seed: SeedMode;
  /** Absolute path of the built web app (WEB_DIR, default dist/web). */
  webDir: string;
  /** Printed on certificates and transcripts (ORGANISASI_NAMA, ORGANISASI_KOTA). */
  organisasi: Organisasi;
}

/** Everything the server needs, with the JWT secret resolved. */
export interface Config extends EnvConfig {
  jwtSecret: string;
}

/** A configuration problem an operator can fix; `message` says which variable and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Seconds of a JWT_TTL value such as '7d', '12h' or '3600'. */
export function parseTtlSeconds(value: string): number {
  const match = TTL_RE.exec(value.trim());
  if (!match) throw new ConfigError(`JWT_TTL tidak valid: '${value}'`);
  return Number(match[1]) * (TTL_UNIT_SECONDS[match[2] ?? ''] ?? 1);
}

/** Parses the environment (no file access); throws ConfigError naming each bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'env');
      // Never echo a secret or a URL that may hold a password.
      const shown = SECRET_VARS.has(name) ? '' : ` (diberikan: '${String(env[name] ?? '')}')`;
      return `- ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const value = result.data;
  const ttl = parseTtlSeconds(value.JWT_TTL);
  if (ttl <= 0) throw new ConfigError(`Konfigurasi tidak valid:\n- JWT_TTL harus lebih dari 0 (diberikan: '${value.JWT_TTL}')`);
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    jwtSecret: value.JWT_SECRET,
    jwtTtlSeconds: ttl,
    seed: value.SEED,
    webDir: path.resolve(value.WEB_DIR ?? 'dist/web'),
    organisasi: { nama: value.ORGANISASI_NAMA, kota: value.ORGANISASI_KOTA },
  };
}

/**
 * The JWT secret kept in DATA_DIR/jwt-secret: read it, or create it (random, mode 0600) on
 * first start. Creation uses the exclusive flag, so two starts never overwrite each other.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < JWT_SECRET_MIN_CHARS) {
    throw new ConfigError(`${file} berisi secret yang terlalu pendek: hapus file itu agar dibuat ulang.`);
  }
  return secret;
}

/** The configuration with its JWT secret: JWT_SECRET, else the one kept in DATA_DIR. */
export function resolveConfig(parsed: EnvConfig): Config {
  return { ...parsed, jwtSecret: parsed.jwtSecret ?? loadOrCreateJwtSecret(parsed.dataDir) };
}

/** parseEnv() then resolveConfig(): the full configuration of a server process. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return resolveConfig(parseEnv(env));
}
