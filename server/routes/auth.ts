// /api/auth: login (public, rate limited), profile and password of the logged-in user.
import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, loginRequestSchema, updateProfileSchema } from '../../src/domain/auth';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { createLoginRateLimiter, loginKey } from '../auth/login-rate-limit';
import { signToken } from '../auth/jwt';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { currentUser, requireRole } from '../auth/plugin';
import { HttpError } from '../http-error';
import {
  findUserById,
  findUserByUsername,
  toApiUser,
  updatePasswordHash,
  updateUsername,
} from '../services/users';
import { parseInput } from '../validation';

/** Registers POST /login, GET+PUT /profile and PUT /password (mounted at /api/auth). */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // One limiter per app instance (tests get a fresh one with each app).
  const limiter = createLoginRateLimiter();

  app.post('/login', async (request, reply) => {
    const body = parseInput(loginRequestSchema, request.body);
    const key = loginKey(body.username, request.ip);
    const retryAfter = limiter.retryAfterSeconds(key);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new HttpError(429, SERVER_MSG.tooManyLogins);
    }
    const user = await findUserByUsername(app.db, body.username);
    // An unknown username costs one hash verification too: no probing by timing.
    const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDummy(body.password);
    if (!user || !valid) {
      limiter.fail(key);
      throw new HttpError(401, MSG.wrongCredentials);
    }
    limiter.reset(key);
    const token = await signToken(
      { userId: user.id, role: user.role, username: user.username },
      app.config.jwtSecret,
      app.config.jwtTtlSeconds,
    );
    return { token, user: toApiUser(user) };
  });

  app.get('/profile', { preHandler: requireRole() }, async (request) => ({
    data: toApiUser(currentUser(request)),
  }));

  app.put('/profile', { preHandler: requireRole() }, async (request) => {
    const body = parseInput(updateProfileSchema, request.body);
    const row = await updateUsername(app.db, currentUser(request).id, body.username);
    return { data: toApiUser(row) };
  });

  app.put('/password', { preHandler: requireRole() }, async (request) => {
    const body = parseInput(changePasswordSchema, request.body);
    const row = await findUserById(app.db, currentUser(request).id);
    if (!row) throw new HttpError(401, SERVER_MSG.unauthenticated);
    // 400, not 401: a wrong current password must not end the client's session (CONTRACT).
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) {
      throw new HttpError(400, SERVER_MSG.wrongCurrentPassword);
    }
    await updatePasswordHash(app.db, row.id, await hashPassword(body.newPassword));
    return { message: MSG.passwordUpdated };
  });
}
