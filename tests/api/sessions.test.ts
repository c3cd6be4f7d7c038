// Sessions end on the server's word: a password change ends every other session of
// the user (token_version), a role change and a deletion take effect on the next request.
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { users } from '../../server/db/schema';
import { call } from '../helpers/api';
import { login, tokenFor } from '../helpers/auth';
import { TEST_JWT_SECRET, type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const profile = (token: string) => call(t, 'GET', '/api/auth/profile', token);
const status = async (token: string) => (await profile(token)).statusCode;
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  call(t, 'PUT', '/api/auth/password', token, { currentPassword, newPassword });
const userId = async (username: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
};

describe('PUT /api/auth/password', () => {
  it('should end every other session and answer a fresh token for this one', async () => {
    const [laptop, phone] = [await tokenFor(t.app, 'mentor'), await tokenFor(t.app, 'mentor')];
    const other = await tokenFor(t.app, 'pembimbing');
    const response = await changePassword(laptop, 'mentor1234', 'baru1234');
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(response.json()).toEqual({ token, message: MSG.passwordUpdated });
    expect(decodeJwt(token)).toMatchObject({ sub: String((await userId('mentor')).id), role: 'Mentor', username: 'mentor', tv: 1 });
    expect((await userId('mentor')).token_version).toBe(1);

    for (const old of [laptop, phone]) {
      const refused = await profile(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: SERVER_MSG.unauthenticated });
    }
    expect(await status(token)).toBe(200);
    expect((await call(t, 'GET', '/api/nilai/mentor/peserta', token)).statusCode).toBe(200);
    // Another user's sessions are not touched; a new login gets the new version.
    expect(await status(other)).toBe(200);
    const relogin = await login(t.app, 'mentor', 'baru1234');
    expect(decodeJwt(relogin.json().token).tv).toBe(1);
    expect(await status(relogin.json().token)).toBe(200);
  });

  it('should end the fresh token of the first change on a second change', async () => {
    const first = (await changePassword(await tokenFor(t.app, 'hr'), 'hr1234', 'dua12345')).json().token as string;
    const second = (await changePassword(first, 'dua12345', 'tiga1234')).json().token as string;
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(200);
    expect((await userId('hr')).token_version).toBe(2);
  });

  it('should keep every session on a wrong current password', async () => {
    const token = await tokenFor(t.app, 'hr');
    expect((await changePassword(token, 'salah', 'baru1234')).statusCode).toBe(400);
    expect(await status(token)).toBe(200);
    expect((await userId('hr')).token_version).toBe(0);
  });
});

describe('tokens and token_version', () => {
  const sign = (claims: Record<string, unknown>, sub: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));

  it('should accept a token without the tv claim (signed before the upgrade) until the password changes', async () => {
    const { id } = await userId('hr');
    const legacy = await sign({ role: 'HR', username: 'hr' }, id);
    expect(await status(legacy)).toBe(200);
    expect((await changePassword(await tokenFor(t.app, 'hr'), 'hr1234', 'baru1234')).statusCode).toBe(200);
    expect(await status(legacy)).toBe(401);
  });

  it.each([['a string', '0'], ['a fraction', 0.5], ['another version', 3]])('should answer 401 for tv as %s', async (_case, tv) => {
    const { id } = await userId('hr');
    expect(await status(await sign({ role: 'HR', username: 'hr', tv }, id))).toBe(401);
  });
});

describe('PUT /api/users/:id by HR', () => {
  it('should end the sessions of a user whose password HR sets, and only then', async () => {
    const hr = await tokenFor(t.app, 'hr');
    const mentor = await tokenFor(t.app, 'mentor');
    const { id } = await userId('mentor');
    const rename = await call(t, 'PUT', `/api/users/${id}`, hr, { username: 'mentor', role: 'Mentor' });
    expect(rename.statusCode).toBe(200);
    expect(await status(mentor)).toBe(200);

    const reset = await call(t, 'PUT', `/api/users/${id}`, hr, { username: 'mentor', role: 'Mentor', password: 'reset1234' });
    expect(reset.statusCode).toBe(200);
    expect(await status(mentor)).toBe(401);
    expect(await status(hr)).toBe(200);
    expect((await login(t.app, 'mentor', 'reset1234')).statusCode).toBe(200);
  });

  it('should apply a role change on the next request of that user', async () => {
    const hr = await tokenFor(t.app, 'hr');
    const mentor = await tokenFor(t.app, 'mentor');
    const { id } = await userId('mentor');
    expect((await call(t, 'GET', '/api/nilai/mentor/peserta', mentor)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/peserta', mentor)).statusCode).toBe(403);

    expect((await call(t, 'PUT', `/api/users/${id}`, hr, { username: 'mentor', role: 'Pembimbing' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/nilai/mentor/peserta', mentor)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/peserta', mentor)).statusCode).toBe(200);
    expect((await profile(mentor)).json().data.role).toBe('Pembimbing');
  });

  it('should answer 401 to the tokens of a deleted user', async () => {
    const hr = await tokenFor(t.app, 'hr');
    const bushead = await tokenFor(t.app, 'bushead');
    const { id } = await userId('bushead');
    expect((await call(t, 'DELETE', `/api/users/${id}`, hr)).statusCode).toBe(200);
    const refused = await profile(bushead);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: SERVER_MSG.unauthenticated });
  });
});
