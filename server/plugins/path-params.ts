/**
 * Path parameters are checked before anything else runs for the request (an `onRequest`
 * hook of the whole app, ahead of every route's token and role check): a malformed one
 * answers 400 whatever the caller's role, so `/api/sertifikat/generate/%00` is a 400 for a
 * Mentor too, never a 403 — the path names no resource at all, like an unknown route.
 *
 * Each parameter name has one rule (`PATH_PARAM_RULES`): `id` and every `…Id` is a positive
 * decimal id (`parseId`: 400 `ID tidak valid`, 404 beyond any stored id), `role` a role
 * name (400 `Role tidak valid`), `sha256` 64 lowercase hex digits, `kode` (a verification code as
 * typed) at most KODE_INPUT_MAX characters. A route whose path has a parameter without a rule fails at
 * registration, so no new route can skip the check. Routes still parse their params with
 * the same functions; this hook only makes the order right.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MSG } from '../../src/domain/messages';
import { roleSchema } from '../../src/domain/roles';
import { SHA256_HEX } from '../../src/domain/sha256';
import { KODE_INPUT_MAX, TERBIT_MSG } from '../../src/domain/sertifikat-terbit';
import { HttpError } from '../http-error';
import { parseId } from '../validation';

type ParamRule = (value: string) => void;

function checkRole(value: string): void {
  if (!roleSchema.safeParse(value).success) throw new HttpError(400, SERVER_MSG.invalidRole);
}

function checkSha256(value: string): void {
  if (!SHA256_HEX.test(value)) throw new HttpError(400, TERBIT_MSG.invalidSha256);
}

/** A verification code as typed: any text up to KODE_INPUT_MAX characters (a wrong one is a 404, not a 400). */
function checkKode(value: string): void {
  if (value.length === 0 || value.length > KODE_INPUT_MAX) throw new HttpError(400, TERBIT_MSG.invalidKode);
}

/** The rule of a path parameter by its name, or null when it has none. */
function pathParamRule(name: string): ParamRule | null {
  if (name === 'id' || /^[a-z][A-Za-z0-9]*Id$/.test(name)) return (value) => void parseId(value);
  if (name === 'role') return checkRole;
  if (name === 'sha256') return checkSha256;
  if (name === 'kode') return checkKode;
  return null;
}

/** The `:name` parameters of a route path (`/a/:id/b/:divisiId` -> ['id', 'divisiId']). */
export function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

async function pathParams(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    for (const name of pathParamNames(route.url)) {
      if (!pathParamRule(name)) {
        throw new Error(`Route ${route.method} ${route.url}: path parameter ':${name}' has no rule in server/plugins/path-params.ts`);
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const params = request.params as Record<string, string | undefined> | undefined;
    if (!params) return;
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined || name === '*') continue;
      pathParamRule(name)?.(value);
    }
  });
}

/** Checks every route's path parameters before its hooks run (unencapsulated). */
export default fp(pathParams, { name: 'path-params', fastify: '5.x' });
