import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { databaseAnswers } from '../../server/routes/health';
import { type TestApp, buildTestApp } from '../helpers/build-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  it('should answer 200 {"status":"ok"} without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('GET /api/health when the database does not answer', () => {
  it('should answer 503 in the error envelope once the database is closed under the app', async () => {
    const t = await buildTestApp({ seed: 'none' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await t.database.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: SERVER_MSG.databaseUnavailable });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      await t.close();
    }
  });

  it('should count a database that does not answer in time as down', async () => {
    const hanging = { execute: () => new Promise<never>(() => {}) } as never;
    const started = Date.now();
    expect(await databaseAnswers(hanging, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('should count a failing query as down and an answering one as up', async () => {
    const failing = { execute: () => Promise.reject(new Error('connection refused')) } as never;
    const answering = { execute: () => Promise.resolve({ rows: [{ '?column?': 1 }] }) } as never;
    expect(await databaseAnswers(failing, 1000)).toBe(false);
    expect(await databaseAnswers(answering, 1000)).toBe(true);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('should answer live without the database, and ready while the database answers with every migration', async () => {
    const t = await buildTestApp({ seed: 'none' });
    try {
      for (const url of ['/api/health/live', '/api/health/ready']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
      }
      await t.database.close();
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: SERVER_MSG.databaseUnavailable });
    } finally {
      await t.close();
    }
  });

  it('should not be ready while a migration this build knows is missing from the database', async () => {
    const t = await buildTestApp({ seed: 'none' });
    try {
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: SERVER_MSG.migrationsPending });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('should answer 503 to ready while the stop drains (from the moment app.close() begins), live still 200', async () => {
    const t = await buildTestApp({ seed: 'none' });
    try {
      expect(t.app.readiness.draining).toBe(false);
      // What the stop's first hook sets: asked here, as a request on a busy connection would be.
      t.app.readiness.draining = true;
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: SERVER_MSG.draining });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      t.app.readiness.draining = false;
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await t.app.close();
      expect(t.app.readiness.draining).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('request ids', () => {
  it('should give every answer an X-Request-Id: the client’s plain token kept, anything else replaced by a uuid', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as { reqId?: string }) };
    const t = await buildTestApp({ seed: 'none', logger: { level: 'info', stream } });
    try {
      const own = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(own.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const given = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'proxy-7f3a.1:9' } });
      expect(given.headers['x-request-id']).toBe('proxy-7f3a.1:9');
      for (const bad of ['a b', 'x'.repeat(129), 'line\\nbreak', '']) {
        const answer = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': bad } });
        expect(answer.headers['x-request-id'], bad).not.toBe(bad);
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      // Every log line of a request carries its id.
      const ofGiven = lines.filter((line) => line.reqId === 'proxy-7f3a.1:9');
      expect(ofGiven.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines.filter((line) => line.msg === 'incoming request').every((line) => typeof line.reqId === 'string')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
