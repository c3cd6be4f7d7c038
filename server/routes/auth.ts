// /api/auth: login (public, rate limited), profile and password of the logged-in user.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  profileAnswerUserSchema,
  profileUpdateAnswerUserSchema,
  updateProfileSchema,
} from '../../src/domain/auth';
import { itemResponseSchema } from '../../src/domain/master-records';
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
  updateProfile,
} from '../services/users';
import { parseInput } from '../validation';

/** Registers POST /login, GET+PUT /profile and PUT /password (mounted at /api/auth). */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // Counts in the database: shared by every instance on one PostgreSQL.
  const limiter = createLoginRateLimiter(app.db);

  const loginDoc = {
    summary: 'Log in: a token for the user',
    public: true,
    body: loginRequestSchema,
    response: { description: 'A token (JWT, HS256) and the user', schema: loginResponseSchema },
    errors: {
      401: 'Wrong username or password (`Username atau password salah`)',
      429: 'Too many failed attempts for this username and address in 15 minutes; `Retry-After` gives the seconds',
    },
  } as const;
  app.post('/login', { config: { openapi: loginDoc } }, async (request, reply) => {
    const body = parseInput(loginRequestSchema, request.body);
    // request.ip: the proxy's X-Forwarded-For only when TRUST_PROXY trusts that proxy.
    const key = loginKey(body.username, request.ip);
    const retryAfter = await limiter.attempt(key);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new HttpError(429, SERVER_MSG.tooManyLogins);
    }
    const user = await findUserByUsername(app.db, body.username);
    // An unknown username costs one hash verification too: no probing by timing.
    const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDummy(body.password);
    if (!user || !valid) throw new HttpError(401, MSG.wrongCredentials);
    await limiter.reset(key);
    const token = await signToken(
      { userId: user.id, role: user.role, username: user.username, tokenVersion: user.token_version },
      app.config.jwtSecret,
      app.config.jwtTtlSeconds,
    );
    return { token, user: toApiUser(user) };
  });

  const profileAnswer = { description: "The logged-in user and its 'Terima pengingat' switch", schema: itemResponseSchema(profileUpdateAnswerUserSchema) };
  const getProfileDoc = {
    summary: 'The logged-in user',
    description:
      "`hari_kerja`: the server's working days of attendance (HARI_KERJA), ISO weekdays (1 = Monday … 7 = Sunday); the device keeps them for its marking screen. `terima_pengingat`: whether the user gets the daily reminders (the profile's 'Terima pengingat' switch).",
    response: { description: 'The logged-in user and the working days', schema: itemResponseSchema(profileAnswerUserSchema) },
  };
  app.get('/profile', { preHandler: requireRole(), config: { openapi: getProfileDoc } }, async (request) => ({
    data: { ...toApiUser(currentUser(request)), hari_kerja: app.config.hariKerja, terima_pengingat: currentUser(request).terima_pengingat },
  }));

  const putProfileDoc = {
    summary: "Change the logged-in user's username, full name, title and 'Terima pengingat' switch",
    description: '`nama_lengkap`, `jabatan` and `terima_pengingat` left out stay as stored; a blank or null name or title clears it.',
    body: updateProfileSchema,
    response: profileAnswer,
    errors: { 409: 'Username taken' },
  };
  app.put('/profile', { preHandler: requireRole(), config: { openapi: putProfileDoc } }, async (request) => {
    const body = parseInput(updateProfileSchema, request.body);
    const row = await updateProfile(app.db, currentUser(request).id, body);
    return { data: { ...toApiUser(row), terima_pengingat: row.terima_pengingat } };
  });

  const passwordDoc = {
    summary: "Change the logged-in user's password",
    description: "Ends every other session of the user (their tokens answer 401); `token` is a fresh one for this session.",
    body: changePasswordSchema,
    response: { description: 'A fresh token and a message', schema: z.object({ token: z.string(), message: z.string() }) },
    errors: { 400: 'Invalid input, or a wrong current password (never 401: the session goes on)' },
  };
  app.put('/password', { preHandler: requireRole(), config: { openapi: passwordDoc } }, async (request) => {
    const body = parseInput(changePasswordSchema, request.body);
    const row = await findUserById(app.db, currentUser(request).id);
    if (!row) throw new HttpError(401, SERVER_MSG.unauthenticated);
    // 400, not 401: a wrong current password must not end the client's session.
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) {
      throw new HttpError(400, SERVER_MSG.wrongCurrentPassword);
    }
    const tokenVersion = await updatePasswordHash(app.db, row.id, await hashPassword(body.newPassword));
    if (tokenVersion === null) throw new HttpError(401, SERVER_MSG.unauthenticated);
    // Every other session of the user ends (token_version + 1); this one goes on with a fresh token.
    const token = await signToken(
      { userId: row.id, role: row.role, username: row.username, tokenVersion },
      app.config.jwtSecret,
      app.config.jwtTtlSeconds,
    );
    return { token, message: MSG.passwordUpdated };
  });
}
