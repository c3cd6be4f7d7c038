/**
 * Authentication and role checks: the server is the authorization boundary (the device's checks are a courtesy).
 *
 * `app.authenticate` reads `Authorization: Bearer <token>`, verifies the JWT, then loads
 * the user from the database on every request, so a deleted user or a changed role takes
 * effect at once (the token's own role claim is never trusted), and a token whose `tv` claim
 * is not the user's `token_version` (signed before a password change) is refused. On success
 * `request.user` holds the user without its password hash and
 * `request.sessionStartedAt` when its token was signed (`iat`: the bound of a replayed change's device time); otherwise it throws 401.
 *
 * Routes use `requireRole(...)` as their preHandler:
 *   app.get('/x', { preHandler: requireRole('HR', 'Pembimbing') }, handler)
 *   app.get('/y', { preHandler: requireRole() }, handler)   // any logged-in user
 * and read the caller with `currentUser(request)`.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Role } from '../../src/domain/roles';
import { HttpError } from '../http-error';
import type { UserRow } from '../services/users';
import { verifyToken } from './jwt';

/** The logged-in user as routes see it: the stored row minus the password hash. */
export type AuthUser = Omit<UserRow, 'password_hash'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies the bearer token and loads `request.user`; throws 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without authentication. */
    user: AuthUser | null;
    /** When the caller's session began (its token's `iat`); set with `user`. */
    sessionStartedAt: Date | null;
  }
}

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

function unauthenticated(): HttpError {
  return new HttpError(401, SERVER_MSG.unauthenticated);
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionStartedAt', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = BEARER_RE.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthenticated();
    const claims = await verifyToken(match[1], app.config.jwtSecret);
    if (!claims) throw unauthenticated();
    const row = await app.users.byId(claims.userId);
    if (!row) throw unauthenticated();
    // A password change bumps token_version: the user's older tokens end here.
    if (row.token_version !== claims.tokenVersion) throw unauthenticated();
    const { password_hash: _hash, ...user } = row;
    request.user = user;
    request.sessionStartedAt = new Date(claims.issuedAt * 1000);
  });
}

/** Decorates `app.authenticate` and `request.user`; needs app-context (db, config). */
export default fp(authPlugin, { name: 'auth', fastify: '5.x', dependencies: ['app-context'] });

/** A role check made by requireRole(); `allowedRoles` is empty when any logged-in user passes. */
type RoleCheck = preHandlerAsyncHookHandler & { readonly allowedRoles: readonly Role[] };

/**
 * A preHandler that lets only logged-in users with one of `roles` through (any role when
 * none is given): 401 without a valid token or user, 403 for another role. The roles ride on
 * the function (`allowedRoles`) so the OpenAPI document (server/openapi) reads them from the
 * route itself.
 */
export function requireRole(...roles: Role[]): RoleCheck {
  const checkRole: preHandlerAsyncHookHandler = async function checkRole(request, reply) {
    await request.server.authenticate(request, reply);
    const user = currentUser(request);
    if (roles.length > 0 && !roles.includes(user.role)) throw new HttpError(403, SERVER_MSG.forbidden);
  };
  return Object.assign(checkRole, { allowedRoles: Object.freeze([...roles]) });
}

/** The role check among a route's hooks (preHandler or onRequest), or null when it has none. */
export function roleCheckOf(...hooks: unknown[]): RoleCheck | null {
  for (const hook of hooks.flat()) {
    if (typeof hook === 'function' && Array.isArray((hook as Partial<RoleCheck>).allowedRoles)) return hook as RoleCheck;
  }
  return null;
}

/** The authenticated user of a request behind requireRole(); 401 if there is none. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
