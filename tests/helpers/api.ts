// Helpers of the master-data API suites: tokens for the demo accounts without a login (a
// login costs a scrypt verification), one-line requests, and a recursive key search.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/domain/roles';
import { signToken } from '../../server/auth/jwt';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';
import { users } from '../../server/db/schema';
import type { TestApp } from './build-app';

/** The demo accounts by username, with their roles. */
export const DEMO_ROLES = { hr: 'HR', pembimbing: 'Pembimbing', mentor: 'Mentor', bushead: 'BusHead' } as const satisfies Record<
  string,
  Role
>;
export type DemoUsername = keyof typeof DEMO_ROLES;

/** A demo account's full name and job title as the demo seed stores them. */
export function demoNames(username: DemoUsername): { nama_lengkap: string | null; jabatan: string | null } {
  const account = DEMO_ACCOUNTS.find((row) => row.username === username);
  return { nama_lengkap: account?.nama_lengkap ?? null, jabatan: account?.jabatan ?? null };
}

/** The three demo accounts that are not HR: every HR-only mutation must refuse each of them. */
export const NON_HR: readonly DemoUsername[] = ['pembimbing', 'mentor', 'bushead'];

/** A valid token of a stored user, signed like the login route signs it. */
export async function tokenOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user '${username}'`);
  return signToken(
    { userId: row.id, role: row.role, username: row.username, tokenVersion: row.token_version },
    t.config.jwtSecret,
    t.config.jwtTtlSeconds,
  );
}

/** Tokens of the four demo accounts. */
export async function demoTokens(t: TestApp): Promise<Record<DemoUsername, string>> {
  const entries = await Promise.all(
    (Object.keys(DEMO_ROLES) as DemoUsername[]).map(async (username) => [username, await tokenOf(t, username)] as const),
  );
  return Object.fromEntries(entries) as Record<DemoUsername, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request: a bearer token when given, a JSON payload when given (a string is sent as raw JSON text). */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  token?: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The paths of every key named one of `keys`, at any depth of `value`. */
export function findKeys(value: unknown, keys: readonly string[], path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => findKeys(item, keys, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(keys.includes(key) ? [`${path}.${key}`] : []),
    ...findKeys(inner, keys, `${path}.${key}`),
  ]);
}

/** Path ids that are not positive integers: each must answer 400. */
export const BAD_IDS = ['abc', '0', '-1', '1.5', '1e3', '01', '%20'] as const;
