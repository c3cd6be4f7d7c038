/**
 * Server configuration from the environment (the table in README.md "Environment"), parsed with zod.
 * Owns the generated JWT secret: the file DATA_DIR/jwt-secret (mode 0600) on the embedded
 * database, the row app_secrets.jwt_secret on PostgreSQL; created once, then reused so tokens
 * survive restarts. Bad values throw ConfigError with a readable text;
 * server/main.ts prints it and exits without a stack trace.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PENGINGAT_DEFAULTS, type PengingatSettings } from '../src/domain/pengingat';
import { DEFAULT_HARI_KERJA, type Weekday, parseHariKerja } from '../src/domain/presensi';
import { type JamTenang, parseJamTenang } from '../src/domain/push';
import type { Organisasi } from '../src/domain/sertifikat';
import { DEFAULT_WORKING_SET_WINDOW, WORKING_SET_DAYS_MAX, type WorkingSetWindow } from '../src/domain/working-set';
import type { Database, Db } from './db/client';
import { appSecrets } from './db/schema-server-state';

/**
 * True for a bind address only this machine reaches: `localhost`, 127.0.0.0/8, `::1` (also as
 * an IPv4-mapped address). Anything else — a wildcard, a LAN address, a host name — is reached by
 * others, so PUBLIC_URL must say how.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** The refusal of a non-loopback HOST without PUBLIC_URL. */
export function publicUrlRequiredMessage(host: string): string {
  return `wajib diisi bila HOST bukan alamat loopback (HOST='${host}'): isi alamat yang dibuka orang, misalnya PUBLIC_URL=https://magang.contoh.co.id — alamat itu tercetak permanen di kode QR setiap sertifikat`;
}

/** Accepted token lifetimes: a number of seconds, or a number with s, m, h, d or w. */
const TTL_RE = /^(\d+)\s*([smhdw]?)$/;
const TTL_UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const JWT_SECRET_MIN_CHARS = 16;
const JWT_SECRET_FILE = 'jwt-secret';
const SECRET_VARS = new Set(['JWT_SECRET', 'DATABASE_URL']);

/** The organisation printed on certificates and transcripts when ORGANISASI_NAMA / ORGANISASI_KOTA are unset. */
export const DEFAULT_ORGANISASI: Organisasi = { nama: 'PT Sinar Retail Nusantara', kota: 'Jakarta' };
const ORGANISASI_MAX_CHARS = 200;

/**
 * Fastify's `trustProxy` from the environment: trust every proxy / none, or the proxies at these
 * addresses / CIDRs. Not a hop count: Fastify 5 treats one as "trust nothing", because a client
 * reaching the server directly could then pick its own address (and dodge the login limit).
 */
type TrustProxy = boolean | string[];
/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, `address/prefix`, IPv4 `address/netmask`, or one of TRUST_PROXY_NAMES. */
function isTrustedAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

const HOP_COUNT_RE = /^\s*\d+\s*$/;

/**
 * TRUST_PROXY as Fastify's `trustProxy`: true / false, or comma-separated addresses / CIDRs of
 * the proxies to trust; null for anything else (a hop count included, see TrustProxy).
 */
function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isTrustedAddress) ? entries : null;
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A whole number in [min, max] from the environment, `fallback` when unset or blank. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'harus berupa angka' })
      .int('harus bilangan bulat')
      .min(min, `harus ${min}-${max}`)
      .max(max, `harus ${min}-${max}`)
      .default(fallback),
  );

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
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .refine((value) => value === undefined || !HOP_COUNT_RE.test(value), {
        message: 'tidak boleh berupa jumlah hop (tidak aman): isi alamat IP / CIDR proxy, atau true',
        abort: true,
      })
      .refine((value) => parseTrustProxy(value) !== null, 'harus true, false, atau alamat IP / CIDR proxy dipisah koma'),
  ),
  PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'harus alamat http:// atau https:// tanpa ? atau #')
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().trim().min(16, 'minimal 16 karakter (token rahasia untuk GET /metrics)').optional()),
  HARI_KERJA: z
    .string()
    .optional()
    .refine((value) => parseHariKerja(value) !== null, "harus nomor hari ISO (1 = Senin … 7 = Minggu) dan rentang dipisah koma, misalnya '1-6' atau '1-5'"),
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/?#]+(\/\S*)?)$/, "harus alamat mailto: (misalnya 'mailto:admin@contoh.id') atau https://")
      .optional(),
  ),
  PUSH_JAM_TENANG: z
    .string()
    .optional()
    .refine((value) => parseJamTenang(value) !== null, "harus dua jam dipisah '-' (misalnya '21-6': 21.00 sampai 06.00 WIB), atau 'mati'"),
  PENGINGAT_JAM: wholeNumber(0, 23, PENGINGAT_DEFAULTS.jam),
  PENGINGAT_HARI_SEBELUM_SELESAI: wholeNumber(0, 365, PENGINGAT_DEFAULTS.hariSebelumSelesai),
  PENGINGAT_HARI_MENUNGGU: wholeNumber(0, 365, PENGINGAT_DEFAULTS.hariMenunggu),
  JENDELA_KERJA_MENTOR_HARI: wholeNumber(1, WORKING_SET_DAYS_MAX, DEFAULT_WORKING_SET_WINDOW.mentorDays),
  JENDELA_KERJA_HARI: wholeNumber(1, WORKING_SET_DAYS_MAX, DEFAULT_WORKING_SET_WINDOW.approverDays),
  ORGANISASI_NAMA: z.preprocess(
    blankToUndefined,
    z.string().trim().max(ORGANISASI_MAX_CHARS, `maksimal ${ORGANISASI_MAX_CHARS} karakter`).default(DEFAULT_ORGANISASI.nama),
  ),
  ORGANISASI_KOTA: z.preprocess(
    blankToUndefined,
    z.string().trim().max(ORGANISASI_MAX_CHARS, `maksimal ${ORGANISASI_MAX_CHARS} karakter`).default(DEFAULT_ORGANISASI.kota),
  ),
  ORGANISASI_KONTAK: z.preprocess(
    blankToUndefined,
    z.string().trim().max(ORGANISASI_MAX_CHARS, `maksimal ${ORGANISASI_MAX_CHARS} karakter`).optional(),
  ),
}).superRefine((value, context) => {
  // A server others reach must say where: its own address would be frozen into every QR code.
  if (value.PUBLIC_URL === undefined && !isLoopbackHost(value.HOST)) {
    context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: publicUrlRequiredMessage(value.HOST) });
  }
});

/** Which data an empty database gets: the demo data, or only the first HR account. */
export type SeedMode = 'demo' | 'none';

/** The parsed environment; `jwtSecret` is set only when JWT_SECRET was given. */
interface EnvConfig {
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
  /**
   * ORGANISASI_KONTAK: the contact line of the public verification page (e.g. an e-mail address
   * or phone number for questions about a certificate); absent, the page shows none.
   */
  organisasiKontak?: string;
  /**
   * The address people reach the app at, without a trailing slash (PUBLIC_URL; required when
   * HOST is not a loopback address, else defaulting to the server's own address): the base of
   * the verification URL printed on certificates. Never taken from a request's Host header,
   * which a client chooses and a certificate keeps forever.
   */
  publicUrl: string;
  /** The working days of attendance (HARI_KERJA, ISO weekdays; default Monday to Saturday). */
  hariKerja: Weekday[];
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; absent, /metrics answers 404. */
  metricsToken?: string;
  /**
   * The daily reminders (PENGINGAT_JAM, PENGINGAT_HARI_SEBELUM_SELESAI, PENGINGAT_HARI_MENUNGGU).
   * parseEnv always sets it; absent means PENGINGAT_DEFAULTS.
   */
  pengingat?: PengingatSettings;
  /**
   * The working set's windows (JENDELA_KERJA_MENTOR_HARI, JENDELA_KERJA_HARI): days after an
   * internship's end during which devices still mirror it. parseEnv always sets it; absent means
   * DEFAULT_WORKING_SET_WINDOW.
   */
  workingSet?: WorkingSetWindow;
  /**
   * Whether score and approval writes write notifications; absent means true. Only a benchmark
   * turns it off, to measure their cost against the same server without them.
   */
  notifikasi?: boolean;
  /** Whether GET /metrics and its recording exist; absent means true. Only a benchmark turns it off (the baseline of its cost). */
  metrics?: boolean;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): whose X-Forwarded-For makes `request.ip`, which the
   * login limit counts by. parseEnv always sets it; absent means false.
   */
  trustProxy?: TrustProxy;
  /** Web Push is on when VAPID_SUBJECT (the operator's mailto: or https: contact) is set. */
  vapidSubject?: string;
  /** No push between these hours, Jakarta time (PUSH_JAM_TENANG, default 21-6); absent: none. */
  jamTenang?: JamTenang | 'mati';
}

/** The VAPID key pair (base64url): the public key is an uncompressed P-256 point, the private key its 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Everything the server needs, with the JWT secret resolved (and the VAPID keys when push is on). */
export interface Config extends EnvConfig {
  jwtSecret: string;
  vapid?: VapidKeys & { subject: string };
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

/** The server's own address as a URL (a loopback HOST: PUBLIC_URL is required for any other). */
function ownAddress(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** Parses the environment (no file access); throws ConfigError naming each bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'env');
      // Never echo a secret or a URL that may hold a password; nothing to echo for a missing one.
      const given = env[name];
      const shown = SECRET_VARS.has(name) || given === undefined || given.trim() === '' ? '' : ` (diberikan: '${given}')`;
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
    ...(value.ORGANISASI_KONTAK ? { organisasiKontak: value.ORGANISASI_KONTAK } : {}),
    publicUrl: (value.PUBLIC_URL ?? ownAddress(value.HOST, value.PORT)).replace(/\/+$/, ''),
    hariKerja: parseHariKerja(value.HARI_KERJA) ?? [...DEFAULT_HARI_KERJA],
    trustProxy: parseTrustProxy(value.TRUST_PROXY) ?? false,
    ...(value.METRICS_TOKEN ? { metricsToken: value.METRICS_TOKEN } : {}),
    ...(value.VAPID_SUBJECT ? { vapidSubject: value.VAPID_SUBJECT } : {}),
    jamTenang: parseJamTenang(value.PUSH_JAM_TENANG) ?? 'mati',
    workingSet: { mentorDays: value.JENDELA_KERJA_MENTOR_HARI, approverDays: value.JENDELA_KERJA_HARI },
    pengingat: { jam: value.PENGINGAT_JAM, hariSebelumSelesai: value.PENGINGAT_HARI_SEBELUM_SELESAI, hariMenunggu: value.PENGINGAT_HARI_MENUNGGU },
  };
}

/**
 * The JWT secret kept in DATA_DIR/jwt-secret: read it, or create it (random, mode 0600) on
 * first start. Creation uses the exclusive flag, so two starts never overwrite each other.
 */
function loadOrCreateJwtSecret(dataDir: string): string {
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
function resolveConfig(parsed: EnvConfig): Config {
  return { ...parsed, jwtSecret: parsed.jwtSecret ?? loadOrCreateJwtSecret(parsed.dataDir) };
}

/** The name of the generated JWT secret in `app_secrets`. */
export const JWT_SECRET_NAME = 'jwt_secret';

/**
 * The secret `name` kept in the database: `candidate` is stored unless a value is there already,
 * then the stored value is read. Insert-or-nothing then select: instances starting together
 * on one PostgreSQL all end up with the value of the first insert.
 */
export async function loadOrCreateSharedSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app_secrets.${name} tidak dapat dibaca`);
  return row.value;
}

/** The secret in DATA_DIR/jwt-secret when that file exists and holds a usable one, else null. */
function existingJwtSecretFile(dataDir: string): string | null {
  try {
    const secret = readFileSync(path.join(dataDir, JWT_SECRET_FILE), 'utf8').trim();
    return secret.length >= JWT_SECRET_MIN_CHARS ? secret : null;
  } catch {
    return null;
  }
}

/**
 * The configuration of a server process once its database is migrated. JWT_SECRET wins.
 * Without it: on PostgreSQL the secret lives in the database (table app_secrets), so every
 * instance on it accepts every token; the first start stores the DATA_DIR/jwt-secret of an
 * older version when there is one (its tokens stay valid), else a random one. On the embedded
 * PGlite it stays in DATA_DIR/jwt-secret.
 */
export async function resolveConfigWithDatabase(parsed: EnvConfig, database: Database): Promise<Config> {
  if (parsed.jwtSecret || database.kind !== 'postgres') return resolveConfig(parsed);
  const candidate = existingJwtSecretFile(parsed.dataDir) ?? randomBytes(48).toString('base64url');
  return { ...parsed, jwtSecret: await loadOrCreateSharedSecret(database.db, JWT_SECRET_NAME, candidate) };
}

/** parseEnv() then resolveConfig(): the full configuration of a server process. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return resolveConfig(parseEnv(env));
}
