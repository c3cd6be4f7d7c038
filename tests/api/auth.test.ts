import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { verifyPassword } from '../../server/auth/password';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';
import { bearer, login, tokenFor } from '../helpers/auth';
import { demoNames } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

/** Every response body of these tests, to check that no password hash ever leaves. */
const bodies: string[] = [];
function remember<T extends { body: string }>(response: T): T {
  bodies.push(response.body);
  return response;
}

afterAll(() => {
  expect(bodies.length).toBeGreaterThan(10);
  for (const body of bodies) {
    expect(body).not.toMatch(/scrypt\$|password_hash|passwordHash/);
  }
});

describe('POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(DEMO_ACCOUNTS.map((account) => [account.username, account]))(
    'should log in %s and return a token and the user',
    async (_name, account) => {
      const response = remember(await login(t.app, account.username, account.password));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toEqual({
        id: expect.any(Number),
        employee_id: account.employee_id,
        employeeId: account.employee_id,
        username: account.username,
        role: account.role,
        signature_url: null,
        nama_lengkap: account.nama_lengkap ?? null,
        jabatan: account.jabatan ?? null,
      });
      const claims = decodeJwt(body.token);
      expect(claims).toMatchObject({ sub: String(body.user.id), role: account.role, username: account.username });
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(t.config.jwtTtlSeconds);
    },
  );

  it('should match the username case-insensitively', async () => {
    const response = remember(await login(t.app, ' HR ', 'hr1234'));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.username).toBe('hr');
  });

  it("should answer 401 with 'Username atau password salah' for a wrong password or an unknown user", async () => {
    for (const [username, password] of [
      ['hr', 'wrong-password'],
      ['nobody', 'hr1234'],
    ] as const) {
      const response = remember(await login(t.app, username, password));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MSG.wrongCredentials });
    }
  });

  it.each([
    [{ password: 'hr1234' }, MSG.usernameRequired],
    [{ username: '   ', password: 'hr1234' }, MSG.usernameRequired],
    [{ username: 'hr', password: '' }, MSG.passwordRequired],
    [{ username: 'hr' }, 'Password wajib diisi'],
    [{ username: 42, password: 'hr1234' }, 'Username tidak valid'],
    [{ username: 'x'.repeat(201), password: 'hr1234' }, 'Username maksimal 200 karakter'],
    [[], SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = remember(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('POST /api/auth/login rate limit', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ seed: 'none' });
  });
  afterEach(() => t.close());

  const attempt = (password: string, username = 'hr', remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('should answer 429 after 10 failed attempts, even with the right password', async () => {
    for (let i = 0; i < 10; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = remember(await attempt('hr1234'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: SERVER_MSG.tooManyLogins });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per username (case-insensitive) and address.
    expect((await attempt('hr1234', 'HR')).statusCode).toBe(429);
    expect((await attempt('hr1234', 'hr', '10.0.0.2')).statusCode).toBe(200);
  });

  it('should reset the counter after a successful login', async () => {
    for (let i = 0; i < 9; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('hr1234')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(429);
  });
});

describe('GET /api/auth/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('should return the logged-in user', async () => {
    const token = await tokenFor(t.app, 'mentor');
    const response = remember(await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: 3,
        employee_id: 'EMP003',
        employeeId: 'EMP003',
        username: 'mentor',
        role: 'Mentor',
        signature_url: null,
        ...demoNames('mentor'),
        hari_kerja: [1, 2, 3, 4, 5, 6],
        terima_pengingat: true,
      },
    });
  });

  it("should answer the server's working days (HARI_KERJA) as ISO weekdays", async () => {
    const fiveDays = await buildTestApp({ config: { hariKerja: [1, 2, 3, 4, 5] } });
    try {
      const token = await tokenFor(fiveDays.app, 'hr');
      const response = await fiveDays.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
      expect(response.json().data.hari_kerja).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await fiveDays.close();
    }
  });
});

describe('PUT /api/auth/profile', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const put = (token: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload: payload as object });

  it('should rename the user, store it, and let it log in with the new name', async () => {
    const token = await tokenFor(t.app, 'mentor');
    const response = remember(await put(token, { username: '  mentor.baru ' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ username: 'mentor.baru', role: 'Mentor', employee_id: 'EMP003' });
    const [row] = await t.db.select().from(users).where(eq(users.employee_id, 'EMP003'));
    expect(row?.username).toBe('mentor.baru');
    expect((await login(t.app, 'mentor.baru', 'mentor1234')).statusCode).toBe(200);
    // The old token still names the same user id: it keeps working.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) })).json().data.username).toBe(
      'mentor.baru',
    );
  });

  it('should answer 409 for a username another user has (any case)', async () => {
    const token = await tokenFor(t.app, 'mentor');
    for (const username of ['pembimbing', 'PEMBIMBING']) {
      const response = remember(await put(token, { username }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SERVER_MSG.usernameTaken });
    }
    const [row] = await t.db.select().from(users).where(eq(users.employee_id, 'EMP003'));
    expect(row?.username).toBe('mentor');
  });

  it('should answer 400 for an empty username', async () => {
    const token = await tokenFor(t.app, 'mentor');
    const response = remember(await put(token, { username: ' ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.usernameRequired });
  });
});

describe('PUT /api/auth/password', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: bearer(token), payload });

  it('should answer 400 (not 401) for a wrong current password and keep the old one', async () => {
    const token = await tokenFor(t.app, 'hr');
    const response = remember(await put(token, { currentPassword: 'salah', newPassword: 'baru1234' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.wrongCurrentPassword });
    expect((await login(t.app, 'hr', 'hr1234')).statusCode).toBe(200);
  });

  it('should change the password: the new one logs in, the old one no longer does', async () => {
    const token = await tokenFor(t.app, 'hr');
    const response = remember(await put(token, { currentPassword: 'hr1234', newPassword: 'baru1234' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String), message: MSG.passwordUpdated });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'hr'));
    expect(await verifyPassword('baru1234', row?.password_hash ?? '')).toBe(true);
    expect((await login(t.app, 'hr', 'baru1234')).statusCode).toBe(200);
    expect((await login(t.app, 'hr', 'hr1234')).statusCode).toBe(401);
  });

  it.each([
    [{ currentPassword: 'hr1234', newPassword: 'abc' }, MSG.passwordMin],
    [{ currentPassword: '', newPassword: 'baru1234' }, MSG.passwordBothRequired],
  ])('should answer 400 for %j', async (payload, message) => {
    const token = await tokenFor(t.app, 'hr');
    const response = remember(await put(token, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
