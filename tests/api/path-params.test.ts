// Malformed path parameters answer 400 before any token or role check (server/plugins/path-params.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { pathParamNames } from '../../server/plugins/path-params';
import { BAD_IDS, type DemoUsername, type Method, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

/** One route of each shape with an id in its path; `{id}` is replaced. */
const ID_ROUTES: readonly [Method, string][] = [
  ['GET', '/api/sertifikat/generate/{id}'],
  ['GET', '/api/sertifikat/generate-ppt/{id}'],
  ['GET', '/api/sertifikat/preview/{id}'],
  ['GET', '/api/nilai/cetak/{id}'],
  ['GET', '/api/nilai/divisi/{id}/kompetensi?jenjang=SMK'],
  ['GET', '/api/nilai/peserta/{id}'],
  ['DELETE', '/api/nilai/peserta/{id}'],
  ['GET', '/api/review/peserta/{id}'],
  ['POST', '/api/review/approve/{id}'],
  ['GET', '/api/peserta/{id}'],
  ['PUT', '/api/peserta/{id}'],
  ['DELETE', '/api/peserta/{id}'],
  ['GET', '/api/users/signature/{id}'],
  ['PUT', '/api/users/{id}'],
  ['DELETE', '/api/instansi/{id}'],
  ['GET', '/api/divisi/{id}'],
  ['PUT', '/api/kompetensi/{id}'],
  ['DELETE', '/api/grade/{id}'],
];

const MALFORMED = [...BAD_IDS, '%00', 'abc%0d%0a', '1%00', '1%2F2'];

describe('malformed path parameters', () => {
  it("should answer GET /api/sertifikat/generate/%00 with 400 'ID tidak valid' for every role, a Mentor included", async () => {
    for (const token of [...Object.values(tokens), null]) {
      const response = await call(t, 'GET', '/api/sertifikat/generate/%00', token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
  });

  it('should answer 400 on every id route before the role check, whoever asks', async () => {
    for (const [method, path] of ID_ROUTES) {
      for (const bad of MALFORMED) {
        for (const token of [tokens.mentor, tokens.bushead, null]) {
          const url = path.replace('{id}', bad);
          const response = await call(t, method, url, token, method === 'GET' || method === 'DELETE' ? undefined : {});
          expect(response.statusCode, `${method} ${url}`).toBe(400);
          expect(response.json(), `${method} ${url}`).toEqual({ message: SERVER_MSG.invalidId });
        }
      }
    }
  });

  it('should still answer 401 without a token and 403 to a role not allowed when the id is well-formed', async () => {
    expect((await call(t, 'GET', '/api/sertifikat/generate/1', null)).statusCode).toBe(401);
    const forbidden = await call(t, 'GET', '/api/sertifikat/generate/1', tokens.mentor);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: SERVER_MSG.forbidden });
  });

  it('should answer 404 for an id beyond any stored one, also to a role not allowed', async () => {
    const response = await call(t, 'GET', '/api/sertifikat/generate/9999999999999999', tokens.mentor);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SERVER_MSG.notFound });
  });

  it("should answer GET /api/users/role/{bad} with 400 'Role tidak valid' for any caller", async () => {
    for (const token of [tokens.mentor, null]) {
      for (const bad of ['Admin', '%00', 'hr']) {
        const response = await call(t, 'GET', `/api/users/role/${bad}`, token);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json()).toEqual({ message: SERVER_MSG.invalidRole });
      }
    }
    expect((await call(t, 'GET', '/api/users/role/Mentor', tokens.mentor)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/users/role/Mentor', tokens.hr)).statusCode).toBe(200);
  });
});

describe('path parameter rules', () => {
  it('should list the parameters of a route path', () => {
    expect(pathParamNames('/api/nilai/divisi/:divisiId/kompetensi')).toEqual(['divisiId']);
    expect(pathParamNames('/api/users/signature/:id')).toEqual(['id']);
    expect(pathParamNames('/*')).toEqual([]);
  });

  it('should refuse to register a route whose parameter has no rule', async () => {
    const other = await buildTestApp({ seed: 'none' });
    try {
      expect(() => other.app.get('/api/test/:slug', async () => ({ data: null }))).toThrow(/':slug' has no rule/);
    } finally {
      await other.close();
    }
  });
});
