// Bad input, generated (fast-check, fixed seeds): every mutation endpoint gets junk bodies —
// any JSON, near-valid bodies with one field bent or dropped, huge and odd strings, broken
// JSON text — and every route with a path parameter gets odd parameters ('%00', '../',
// very long, negative, floats, unicode). The server must never answer 5xx, and whenever it
// answers 4xx the database must be exactly as before (every table of server/db/schema.ts
// but the ones named in SNAPSHOT_EXCLUDED). Runs on PGlite and on PostgreSQL.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/roles';
import * as schema from '../../server/db/schema';
import * as serverState from '../../server/db/schema-server-state';
import { type DemoUsername, DEMO_ROLES, demoTokens } from '../helpers/api';
import { generateVapidKeys } from '../../server/vapid-keys';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { MATRIX } from './authorization-matrix.table';
import { type Target, mutationTargets, targetIds } from './bad-input.targets';
import { rowsOf } from '../../server/db/client';

/**
 * Tables a refused request may legitimately write:
 * - login_attempts: a failed login (401) is counted in the database, so the limit holds
 *   across restarts and instances (server/auth/login-rate-limit.ts); that is the point of it.
 * idempotency_keys is NOT excluded: no request here sends an Idempotency-Key, and without
 * one nothing may be stored.
 */
const SNAPSHOT_EXCLUDED = new Set(['login_attempts']);

const SEED = 20_260_611;
const BODY_RUNS = 30;
const PARAM_RUNS = 25;

const tableNames = ([...Object.values(schema), ...Object.values(serverState)] as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !SNAPSHOT_EXCLUDED.has(name))
  .sort();

/** Every row of every snapshotted table, in one query (rows ordered by their text form). */
async function snapshot(t: TestApp): Promise<string> {
  const parts = tableNames.map((name) => `'${name}', (select coalesce(json_agg(r order by r::text), '[]'::json) from "${name}" r)`);
  const result = await t.db.execute(sql.raw(`select json_build_object(${parts.join(', ')})::text as s`));
  const rows = rowsOf<{ s: string }>(result);
  return rows[0]?.s ?? '';
}

const USERNAME_OF = Object.fromEntries(Object.entries(DEMO_ROLES).map(([username, role]) => [role, username])) as Record<Role, DemoUsername>;

/** The roles that pass a route's role check (an object-level refusal is still a fine 4xx). */
function callersOf(key: string): Role[] {
  const roles = MATRIX[key]?.roles;
  if (roles === undefined) throw new Error(`no matrix row ${key}`);
  return roles === 'public' || roles === 'any' ? [...ROLES] : [...roles];
}

// ---- arbitraries -------------------------------------------------------------------------

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '../../etc/passwd',
  '%00',
  "'; drop table users; --",
  '\u202eRTL',
  '😀👩‍👩‍👧',
  'ﷺ',
  '\uD800', // a lone surrogate
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '0x10',
  '9'.repeat(40),
  'x'.repeat(201), // over the short-text limit
  'x'.repeat(2001), // over the catatan / deskripsi limit
  '2026-02-30',
  '30/02/2026',
];

/** Leaves: wrong types, odd strings, extreme numbers. */
const junkLeaf = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, [], {}),
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double(),
);
/** Any JSON-ish value, nested. */
const junk: fc.Arbitrary<unknown> = fc.oneof({ depthSize: 'small' }, junkLeaf, fc.jsonValue({ maxDepth: 3 }), fc.anything({ maxDepth: 2 }));

/** `base` with one field bent (recursively), dropped, or a junk field added. */
function nearValid(base: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(base) && base.length > 0 && depth < 3) {
    return fc.oneof(
      nearValid(base[0], depth + 1).map((item) => [item, ...base.slice(1)]),
      fc.constant([]),
      fc.constant(Array.from({ length: 600 }, () => base[0])), // over the list limits
      junk.map((item) => [...base, item]),
    );
  }
  if (base !== null && typeof base === 'object' && !Array.isArray(base) && depth < 3) {
    const record = base as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 0) return junk.map((value) => ({ extra: value }));
    return fc.oneof(
      fc.constantFrom(...keys).chain((key) => fc.oneof(junk, nearValid(record[key], depth + 1)).map((value) => ({ ...record, [key]: value }))),
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
      fc.tuple(fc.string({ maxLength: 10 }), junk).map(([key, value]) => ({ ...record, [key]: value })),
    );
  }
  return junk;
}

/** A request body: near-valid JSON, any JSON, or raw text that may not be JSON at all. */
type Body = { json: unknown } | { raw: string };
const bodyOf = (target: Target): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 4, arbitrary: nearValid(target.body).map((json) => ({ json })) },
    { weight: 2, arbitrary: junk.map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.string({ maxLength: 50 }), fc.constantFrom('{', '{"a":', '[1,]', 'null', '"x"', '{"__proto__":{"admin":true}}', '\u0000'))
        .map((raw) => ({ raw })),
    },
  );

/** A path parameter as it appears in a URL (encoded or raw). */
const param = fc.oneof(
  fc.constantFrom('%00', '..', '..%2F..', '%2e%2e', '-1', '0', '00', '1.5', '1e3', '+1', ' 1', '%20', '0x1F', '%', '%zz', '%E0%A4%A'),
  fc.constantFrom('9'.repeat(17), '9'.repeat(400), '2147483648', '2147483647', '4294967296', '1'.repeat(2000)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }).map(String),
  fc.double({ noNaN: true }).map(String),
);

// ---- the properties ----------------------------------------------------------------------

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let targets: Record<string, Target>;
beforeAll(async () => {
  // Push on, so its routes take their bodies.
  t = await buildTestApp({ config: { vapid: { ...generateVapidKeys(), subject: 'mailto:admin@magang.example' } } });
  tokens = await demoTokens(t);
  targets = mutationTargets(await targetIds(t));
});
afterAll(() => t.close());

/** Sends one request and checks the invariant: no 5xx; on 4xx the database is unchanged. */
function checker() {
  let before: string | null = null;
  return async (method: string, url: string, role: Role | null, body?: Body) => {
    before ??= await snapshot(t);
    const response = await t.app.inject({
      method: method as 'POST',
      url,
      headers: {
        ...(role ? { authorization: `Bearer ${tokens[USERNAME_OF[role]]}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { payload: 'raw' in body ? body.raw : JSON.stringify(body.json) }),
    });
    const status = response.statusCode;
    const context = `${method} ${url} as ${role ?? 'nobody'} → ${status} ${response.body.slice(0, 200)}`;
    expect(status, context).toBeLessThan(500);
    const after = await snapshot(t);
    if (status >= 400) expect(after, `database changed on ${context}`).toBe(before);
    before = after;
  };
}

const mutationKeys = Object.keys(MATRIX).filter((key) => !key.startsWith('GET '));
const paramKeys = Object.keys(MATRIX).filter((key) => key.includes('/:'));

describe(`bad input never answers 5xx nor changes the database on 4xx (${testDbKind()})`, () => {
  it('should snapshot every table, and see a change', async () => {
    expect(tableNames).toEqual(expect.arrayContaining(['users', 'peserta', 'nilai', 'reviews', 'deletions', 'idempotency_keys']));
    const before = await snapshot(t);
    await t.db.update(schema.gradeTemplates).set({ deskripsi: 'berubah' });
    expect(await snapshot(t)).not.toBe(before);
  });

  it('should have a target for every mutation endpoint of the matrix', () => {
    expect(mutationKeys.sort()).toEqual(Object.keys(targets).sort());
  });

  it.each(mutationKeys.map((key, index) => [key, index] as const))('bodies of %s', async (key, index) => {
    const target = targets[key] as Target;
    const [method] = key.split(' ') as [string];
    const check = checker();
    const callers: (Role | null)[] = key === 'POST /api/auth/login' ? [null] : callersOf(key);
    await fc.assert(
      fc.asyncProperty(bodyOf(target), fc.constantFrom(...callers), (body, role) => check(method, target.url, role, body)),
      { seed: SEED + index, numRuns: BODY_RUNS },
    );
  });

  it.each(paramKeys.map((key, index) => [key, index] as const))('path parameters of %s', async (key, index) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const check = checker();
    const callers = callersOf(key);
    // Every parameter of the pattern gets its own odd value; the query of the matrix row stays.
    const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].length;
    await fc.assert(
      fc.asyncProperty(fc.array(param, { minLength: names, maxLength: names }), fc.constantFrom(...callers), (values, role) => {
        let at = 0;
        const url = pattern.replace(/:[A-Za-z]+/g, () => values[at++] ?? '');
        return check(method, url, role, method === 'GET' || method === 'DELETE' ? undefined : { json: {} });
      }),
      { seed: SEED + 1000 + index, numRuns: PARAM_RUNS },
    );
  });
});
