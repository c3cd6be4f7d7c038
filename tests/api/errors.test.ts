import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { users } from '../../server/db/schema';
import { type TestApp, buildTestApp } from '../helpers/build-app';

describe('error envelope and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'none' });
    // Test-only routes, documented with the error each provokes (every /api route and answer must be).
    const config = (errors: Record<number, string>) => ({
      openapi: { summary: 'Test route', public: true as const, response: { description: 'Test answer' }, errors },
    });
    t.app.get('/api/test/boom', { config: config({ 500: 'The unexpected error this route throws' }) }, async () => {
      throw new Error('secret internals');
    });
    t.app.post('/api/test/duplicate-user', { config: config({ 409: 'The unique violation this route causes' }) }, async () => {
      const row = { employee_id: 'EMP001', username: 'dup', password_hash: 'x', role: 'HR' as const };
      await t.db.insert(users).values(row);
      return { data: 'unreachable' };
    });
  });
  afterAll(() => t.close());

  const postLogin = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

  it('should answer an unknown /api path with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: SERVER_MSG.routeNotFound });
    }
  });

  it('should answer 404 JSON for any path when no web app is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SERVER_MSG.routeNotFound });
  });

  it('should answer malformed JSON with 400', async () => {
    const response = await postLogin('{"username": "hr", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidJson });
  });

  it('should answer an empty JSON body with 400', async () => {
    const response = await postLogin('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidJson });
  });

  it('should answer JSON that is not an object with 400', async () => {
    for (const payload of ['null', '"hr"', '[1,2]', '42']) {
      const response = await postLogin(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidInput });
    }
  });

  it('should answer a content type without a parser with 415', async () => {
    const response = await postLogin('<login/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: SERVER_MSG.unsupportedMediaType });
  });

  it('should answer a text/plain body with 400, not 500', async () => {
    const response = await postLogin('username=hr&password=hr1234', 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidInput });
  });

  it('should answer a body over 1 MB with 413', async () => {
    const payload = JSON.stringify({ username: 'hr', password: 'x'.repeat(1024 * 1024) });
    const response = await postLogin(payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: SERVER_MSG.bodyTooLarge });
  });

  it('should accept a body just under 1 MB (then validate it)', async () => {
    const payload = JSON.stringify({ username: 'hr', password: 'x'.repeat(1000 * 1000) });
    const response = await postLogin(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Password maksimal 200 karakter' });
  });

  it('should answer wrong field types with 400', async () => {
    const response = await postLogin(JSON.stringify({ username: ['hr'], password: { x: 1 } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Username tidak valid' });
  });

  it('should answer a NUL character in a text (PostgreSQL cannot store it) with 400', async () => {
    const response = await postLogin(JSON.stringify({ username: 'h\u0000r', password: 'hr1234' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidInput });
  });

  it('should answer a malformed URL with 400 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidInput });
  });

  it('should answer an unexpected error with 500 and a generic message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: SERVER_MSG.internal });
    expect(response.body).not.toContain('secret internals');
  });

  it('should answer a unique violation from the database with 409', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-user' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.duplicate });
  });

  it('should set security headers and the CSP on API answers and errors', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "font-src 'self' data:",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('should still log in after all of the above', async () => {
    const response = await postLogin(JSON.stringify({ username: 'hr', password: 'wrong' }));
    expect(response.json()).toEqual({ message: MSG.wrongCredentials });
  });
});
