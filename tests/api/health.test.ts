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
