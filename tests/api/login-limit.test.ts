// The login limit (10 failed attempts per username and address in 15 minutes, then 429)
// counted in the database table login_attempts, on PGlite and on PostgreSQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, createLoginRateLimiter, loginKey } from '../../server/auth/login-rate-limit';
import { buildApp } from '../../server/app';
import { loginAttempts } from '../../server/db/schema-server-state';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { checkAnswersAgainstDocument } from '../helpers/openapi-answers';

describe('createLoginRateLimiter() on the database', () => {
  let t: TestApp;
  let time: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'empty' });
  });
  beforeEach(async () => {
    time = Date.parse('2030-01-01T00:00:00Z');
    await t.db.delete(loginAttempts);
  });
  afterAll(() => t.close());

  const limiter = () => createLoginRateLimiter(t.db, { now: () => time });

  it('should let 10 attempts through, then block for the rest of the window and say how long', async () => {
    const limit = limiter();
    const key = loginKey('HR', '1.2.3.4');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect(await limit.attempt(key)).toBe(0);
    expect(await limit.attempt(key)).toBe(LOGIN_WINDOW_MS / 1000);
    time += 60_000;
    expect(await limit.attempt(key)).toBe(LOGIN_WINDOW_MS / 1000 - 60);
    // Attempts while blocked neither extend the window nor grow without bound.
    for (let i = 0; i < 5; i += 1) await limit.attempt(key);
    const [row] = await t.db.select().from(loginAttempts);
    expect(row).toMatchObject({ username: 'hr', address: '1.2.3.4', failures: LOGIN_MAX_FAILURES + 1 });
    expect(row?.window_start.toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('should start a new window once the old one has passed', async () => {
    const limit = limiter();
    const key = loginKey('hr', '1.2.3.4');
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i += 1) await limit.attempt(key);
    time += LOGIN_WINDOW_MS;
    expect(await limit.attempt(key)).toBe(0);
    const [row] = await t.db.select().from(loginAttempts);
    expect(row?.failures).toBe(1);
  });

  it('should count per lowercased username and address, and forget a key on reset', async () => {
    const limit = limiter();
    const key = loginKey(' HR ', '1.2.3.4');
    expect(key).toEqual(loginKey('hr', '1.2.3.4'));
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i += 1) await limit.attempt(key);
    expect(await limit.attempt(loginKey('hr', '5.6.7.8'))).toBe(0);
    expect(await limit.attempt(loginKey('mentor', '1.2.3.4'))).toBe(0);
    await limit.reset(key);
    expect(await limit.attempt(key)).toBe(0);
  });

  it('should delete expired rows when new ones are written', async () => {
    const limit = limiter();
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await limit.attempt(loginKey('hr', address));
    time += LOGIN_WINDOW_MS + 1000;
    await limit.attempt(loginKey('mentor', '10.0.0.9'));
    const rows = await t.db.select().from(loginAttempts);
    expect(rows.map((row) => `${row.username}@${row.address}`)).toEqual(['mentor@10.0.0.9']);
  });

  it('should let no more than 10 of many concurrent attempts through', async () => {
    const limit = limiter();
    const key = loginKey('hr', '1.2.3.4');
    const answers = await Promise.all(Array.from({ length: 25 }, () => limit.attempt(key)));
    expect(answers.filter((seconds) => seconds === 0)).toHaveLength(LOGIN_MAX_FAILURES);
  });
});

describe('POST /api/auth/login rate limit by address', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ seed: 'none' });
  });
  afterEach(() => t.close());

  const attempt = (app: TestApp['app'], password: string, headers: Record<string, string>, remoteAddress = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'hr', password }, remoteAddress, headers });

  it('should ignore X-Forwarded-For without TRUST_PROXY', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await attempt(t.app, 'wrong', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    }
    const blocked = await attempt(t.app, 'hr1234', { 'x-forwarded-for': '203.0.113.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: SERVER_MSG.tooManyLogins });
    // Seconds until the window (started by the first attempt) ends.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
  });

  it('should count by the forwarded client address behind a trusted proxy', async () => {
    // A second app on the same database, trusting the proxy at 10.0.0.1.
    const app = await buildApp({ db: t.db, config: { ...t.config, trustProxy: ['10.0.0.1'] }, webRoot: null, logger: false });
    checkAnswersAgainstDocument(app);
    try {
      const client = { 'x-forwarded-for': '203.0.113.7' };
      for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect((await attempt(app, 'wrong', client)).statusCode).toBe(401);
      expect((await attempt(app, 'hr1234', client)).statusCode).toBe(429);
      // Another client behind the same proxy is not blocked.
      expect((await attempt(app, 'hr1234', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
      // An untrusted peer cannot pick its address: its own is counted.
      expect((await attempt(app, 'hr1234', client, '10.9.9.9')).statusCode).toBe(200);
      const rows = await t.db.select().from(loginAttempts);
      expect(rows.map((row) => row.address)).toEqual(['203.0.113.7']);
    } finally {
      await app.close();
    }
  });
});
