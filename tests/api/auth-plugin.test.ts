import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { signToken } from '../../server/auth/jwt';
import { currentUser, requireRole } from '../../server/auth/plugin';
import { users } from '../../server/db/schema';
import { bearer, tokenFor } from '../helpers/auth';
import { TEST_JWT_SECRET, type TestApp, buildTestApp } from '../helpers/build-app';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

describe('requireRole() and app.authenticate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // Test-only routes, registered before the app is ready (documented: every /api route must be).
    const config = { openapi: { summary: 'Test route', response: { description: 'Test answer' } } };
    t.app.get('/api/test/hr-only', { preHandler: requireRole('HR'), config }, async (request) => ({
      data: { username: currentUser(request).username },
    }));
    t.app.get('/api/test/approvers', { preHandler: requireRole('Pembimbing', 'HR', 'BusHead'), config }, async () => ({
      data: 'ok',
    }));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('should let an allowed role through and expose the user', async () => {
    const response = await get('/api/test/hr-only', bearer(await tokenFor(t.app, 'hr')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { username: 'hr' } });
  });

  it.each(['mentor', 'pembimbing', 'bushead'])('should answer 403 to %s on an HR-only route', async (username) => {
    const response = await get('/api/test/hr-only', bearer(await tokenFor(t.app, username)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
  });

  it('should accept any of several roles and refuse the others', async () => {
    for (const username of ['pembimbing', 'hr', 'bushead']) {
      expect((await get('/api/test/approvers', bearer(await tokenFor(t.app, username)))).statusCode).toBe(200);
    }
    expect((await get('/api/test/approvers', bearer(await tokenFor(t.app, 'mentor')))).statusCode).toBe(403);
  });

  it.each([
    ['no Authorization header', {}],
    ['a non-Bearer scheme', { authorization: 'Basic aHI6aHIxMjM0' }],
    ['a garbage token', { authorization: 'Bearer not.a.jwt' }],
    ['an empty Bearer', { authorization: 'Bearer ' }],
  ])('should answer 401 with %s', async (_case, headers) => {
    for (const url of ['/api/auth/profile', '/api/test/hr-only']) {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
    }
  });

  it('should answer 401 for a token signed with another secret', async () => {
    const token = await signToken({ userId: 1, role: 'HR', username: 'hr', tokenVersion: 0 }, 'another-secret-of-sixteen+', 3600);
    expect((await get('/api/auth/profile', bearer(token))).statusCode).toBe(401);
  });

  it('should answer 401 for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const token = await new SignJWT({ role: 'HR', username: 'hr' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(past)
      .setExpirationTime(past + 60)
      .sign(key);
    const response = await get('/api/auth/profile', bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
  });

  it('should answer 401 for an unsigned (alg none) token', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: '1', role: 'HR', exp })}.`;
    expect((await get('/api/auth/profile', bearer(token))).statusCode).toBe(401);
  });

  it('should take the role from the database, not from the token', async () => {
    const token = await tokenFor(t.app, 'mentor');
    await t.writePastApp((db) => db.update(users).set({ role: 'HR' }).where(eq(users.username, 'mentor')));
    try {
      expect((await get('/api/test/hr-only', bearer(token))).statusCode).toBe(200);
    } finally {
      await t.writePastApp((db) => db.update(users).set({ role: 'Mentor' }).where(eq(users.username, 'mentor')));
    }
    expect((await get('/api/test/hr-only', bearer(token))).statusCode).toBe(403);
  });

  it('should answer 401 once the user is deleted', async () => {
    const token = await tokenFor(t.app, 'bushead');
    expect((await get('/api/auth/profile', bearer(token))).statusCode).toBe(200);
    await t.writePastApp((db) => db.delete(users).where(eq(users.username, 'bushead')));
    const response = await get('/api/auth/profile', bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
  });
});
