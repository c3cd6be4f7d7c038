// GET /api/openapi.json and GET /api/docs (server/openapi): the document is valid OpenAPI 3.1,
// names every registered /api route (collected like the authorization matrix), carries roles,
// security and Idempotency-Key from the routes themselves, and real answers match the schemas
// it documents. A route registered without documentation stops the app from starting.
//
// Validators: @seriousme/openapi-schema-validator checks the document against the official
// OpenAPI 3.1 JSON Schema (it ships the OAS schemas and runs them with ajv's 2020-12 mode; it
// is maintained and used by fastify-openapi-glue). Answers are checked by the same check every
// API test runs on every answer (tests/helpers/openapi-answers.ts); here it is asked explicitly
// for answers that must have a JSON schema.
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type LightMyRequestResponse, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { CSP_DIRECTIVES } from '../../server/app';
import { requireRole } from '../../server/auth/plugin';
import { openApiPath } from '../../server/openapi/document';
import openApi from '../../server/openapi/plugin';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { answerProblems } from '../helpers/openapi-answers';

/** A parsed JSON value read loosely (the document and answers are checked by the validators). */
type Json = Record<string, any>;

const registered = new Set<string>();
/** `METHOD /path` of each /api route as OpenAPI writes it (HEAD mirrors GET). */
function collect(route: RouteOptions): void {
  if (!route.url.startsWith('/api')) return;
  for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${openApiPath(route.url)}`);
}

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let doc: Json;

beforeAll(async () => {
  t = await buildTestApp({ onRoute: collect });
  tokens = await demoTokens(t);
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t.close());

/** Asserts `status` of `method path` (OpenAPI path) is documented with a JSON schema. */
function expectJsonSchema(method: string, path: string, status: number): void {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} documented`).toBeDefined();
  const response = operation.responses[String(status)];
  expect(response, `${method} ${path} documents ${status}`).toBeDefined();
  const schema = response.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} ${status} has a JSON schema`).toBeDefined();
}

/** Asserts the answer's status is documented and its body matches the documented schema. */
function expectDocumented(method: string, path: string, response: LightMyRequestResponse): void {
  expectJsonSchema(method, path, response.statusCode);
  expect(answerProblems(doc, method, path, response), `${method} ${path} ${response.statusCode}`).toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('should be a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('should document exactly the registered /api routes', () => {
    const documented = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.size).toBeGreaterThan(50);
    expect(documented.sort()).toEqual([...registered].sort());
  });

  it('should carry security and roles from the routes: Bearer JWT, none for login, health and the docs', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const publicRoutes: Array<[string, string]> = [['post', '/api/auth/login'], ['get', '/api/health'], ['get', '/api/openapi.json'], ['get', '/api/docs']];
    for (const [method, path] of publicRoutes) {
      expect(doc.paths[path][method].security, path).toEqual([]);
      expect(doc.paths[path][method]['x-roles'], path).toBeUndefined();
    }
    expect(doc.paths['/api/health'].get.responses['401']).toBeUndefined();
    // Login's 401 is the wrong password, not a token check.
    expect(doc.paths['/api/auth/login'].post.responses['401'].description).toContain('Wrong username or password');
    const createDivisi = doc.paths['/api/divisi'].post;
    expect(createDivisi.security).toEqual([{ bearerAuth: [] }]);
    expect(createDivisi['x-roles']).toEqual(['HR']);
    expect(createDivisi.description).toContain('Roles: HR.');
    expect(Object.keys(createDivisi.responses).sort()).toEqual(['201', '400', '401', '403', '409', '413', '415', '431', '503']);
    expect(doc.paths['/api/nilai/bulk'].post['x-roles']).toEqual(['Mentor', 'Pembimbing', 'HR']);
    expect(doc.paths['/api/divisi'].get['x-roles']).toEqual(['HR', 'Pembimbing', 'Mentor', 'BusHead']);
    expect(doc.paths['/api/divisi'].get.responses['403']).toBeUndefined();
    expect(doc.paths['/api/auth/login'].post.responses['429']).toBeDefined();
  });

  it('should describe every tag, carry a license and document a 4xx and a 2xx of every operation but the old docs address', () => {
    expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
    expect(doc.tags.length).toBeGreaterThan(10);
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\w/);
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses.some((status) => status.startsWith('4')), `${method} ${path}`).toBe(true);
        if (path !== '/api/docs/static/index.html') expect(statuses.some((status) => status.startsWith('2')), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('should give the Idempotency-Key header to exactly the mutations the outbox replays', () => {
    const withKey = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([, op]) => (op.parameters ?? []).some((p: Json) => p.name === 'Idempotency-Key' && p.in === 'header'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withKey.sort()).toEqual(
      [
        'POST /api/nilai/bulk',
        'DELETE /api/nilai/peserta/{id}',
        'PUT /api/presensi',
        'POST /api/review/approve/{id}',
        'POST /api/review/reject/{id}',
        'POST /api/review/cancel/{id}',
      ].sort(),
    );
    expect(doc.paths['/api/nilai/bulk'].post.responses['422']).toBeDefined();
  });

  it('should describe path, query and body from the zod schemas the routes validate with', () => {
    const update = doc.paths['/api/peserta/{id}'].put;
    expect(update.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(Object.keys(update.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['nama', 'tanggal_masuk', 'nis', 'nim']),
    );
    // The add body is documented by its real shape (one per level), not the loose first read.
    const create = doc.paths['/api/peserta'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(create)).toContain('"jurusan_mahasiswa"');
    const list = doc.paths['/api/peserta'].get.parameters.map((p: Json) => `${p.in}:${p.name}`);
    expect(list).toEqual(expect.arrayContaining(['query:jenjang', 'query:since', 'query:limit', 'query:after', 'header:If-None-Match']));
    const kompetensi = doc.paths['/api/nilai/divisi/{divisiId}/kompetensi'].get.parameters;
    expect(kompetensi).toContainEqual(expect.objectContaining({ name: 'jenjang', in: 'query', required: true }));
    expect(doc.paths['/api/users/signature'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });
});

describe('real answers match their documented schemas', () => {
  it('should match a list, a detail, a create and the login', async () => {
    const divisi = await call(t, 'GET', '/api/divisi', tokens.mentor);
    expect(divisi.statusCode).toBe(200);
    expectDocumented('GET', '/api/divisi', divisi);

    const peserta = await call(t, 'GET', '/api/peserta', tokens.hr);
    expect(peserta.statusCode).toBe(200);
    expectDocumented('GET', '/api/peserta', peserta);
    const first = peserta.json().data[0];
    expect(first).toBeDefined();

    const detail = await call(t, 'GET', `/api/peserta/${first.id}`, tokens.pembimbing);
    expect(detail.statusCode).toBe(200);
    expectDocumented('GET', '/api/peserta/{id}', detail);

    const created = await call(t, 'POST', '/api/instansi', tokens.hr, { nama: 'SMK OpenAPI', jenis: 'Sekolah' });
    expect(created.statusCode).toBe(201);
    expectDocumented('POST', '/api/instansi', created);

    const login = await call(t, 'POST', '/api/auth/login', null, { username: 'hr', password: 'hr1234' });
    expect(login.statusCode).toBe(200);
    expectDocumented('POST', '/api/auth/login', login);
    expectDocumented('GET', '/api/health', await call(t, 'GET', '/api/health'));
  });

  it('should match every other read whose answer has a schema', async () => {
    const divisiId = (await call(t, 'GET', '/api/divisi', tokens.hr)).json().data[0].id;
    const reads: Array<[string, string]> = [
      ['/api/auth/profile', '/api/auth/profile'],
      ['/api/users', '/api/users'],
      ['/api/users/role/Mentor', '/api/users/role/{role}'],
      ['/api/instansi?jenis=Sekolah', '/api/instansi'],
      ['/api/kompetensi', '/api/kompetensi'],
      ['/api/grade', '/api/grade'],
      [`/api/divisi/${divisiId}`, '/api/divisi/{id}'],
      [`/api/nilai/divisi/${divisiId}/kompetensi?jenjang=SMK`, '/api/nilai/divisi/{divisiId}/kompetensi'],
      ['/api/peserta?limit=2', '/api/peserta'],
      ['/api/sertifikat/peserta?jenjang=SMK', '/api/sertifikat/peserta'],
    ];
    for (const [url, path] of reads) {
      const response = await call(t, 'GET', url, tokens.hr);
      expect(response.statusCode, url).toBe(200);
      expectDocumented('GET', path, response);
    }
  });

  it('should match the {message} errors 400, 401, 403, 404 and 409', async () => {
    const cases: Array<[string, string, LightMyRequestResponse, number]> = [
      ['POST', '/api/divisi', await call(t, 'POST', '/api/divisi', tokens.hr, {}), 400],
      ['GET', '/api/divisi', await call(t, 'GET', '/api/divisi'), 401],
      ['POST', '/api/divisi', await call(t, 'POST', '/api/divisi', tokens.mentor, { nama: 'X' }), 403],
      ['GET', '/api/divisi/{id}', await call(t, 'GET', '/api/divisi/999999', tokens.hr), 404],
      ['POST', '/api/instansi', await call(t, 'POST', '/api/instansi', tokens.hr, { nama: 'SMK OpenAPI', jenis: 'Sekolah' }), 409],
    ];
    for (const [method, path, response, status] of cases) {
      expect(response.statusCode, `${method} ${path}`).toBe(status);
      expectDocumented(method, path, response);
    }
    expect(cases[1]?.[2].json()).toEqual({ message: SERVER_MSG.unauthenticated });
  });
});

describe('a route without documentation', () => {
  async function readyWith(register: (app: ReturnType<typeof Fastify>) => void): Promise<void> {
    const app = Fastify({ logger: false });
    await app.register(openApi);
    register(app);
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('should stop the app from starting, naming the route', async () => {
    await expect(readyWith((app) => app.get('/api/undocumented', { preHandler: requireRole() }, async () => ({})))).rejects.toThrow(
      'GET /api/undocumented has no config.openapi',
    );
  });

  it('should refuse a documented route without a role check unless it is public', async () => {
    const openapi = { summary: 'x', response: { description: 'x' } };
    await expect(readyWith((app) => app.get('/api/open', { config: { openapi } }, async () => ({})))).rejects.toThrow(
      'GET /api/open has no requireRole() check',
    );
    await expect(readyWith((app) => app.get('/api/open', { config: { openapi: { ...openapi, public: true } } }, async () => ({})))).resolves.toBeUndefined();
    // Routes outside /api (the web app) are not part of the API document.
    await expect(readyWith((app) => app.get('/elsewhere', async () => ({})))).resolves.toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  /** The URLs a page references in src= and href= attributes. */
  const referenced = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');

  it('should answer the Swagger UI page under the app CSP, referencing only same-origin assets that answer', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`script-src ${CSP_DIRECTIVES.scriptSrc.join(' ')}`);
      expect(csp).toContain("default-src 'self'");
      expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script: CSP forbids it
      const assets = referenced(page.body);
      expect(assets.length).toBeGreaterThanOrEqual(5);
      for (const asset of assets) {
        expect(asset, 'same origin').not.toMatch(/^(?:[a-z]+:)?\/\//i);
        const resolved = new URL(asset, `http://localhost${url}`);
        const answer = await t.app.inject({ method: 'GET', url: resolved.pathname });
        expect(answer.statusCode, resolved.pathname).toBe(200);
      }
    }
  });

  it('should feed the UI the same document, with no outside address in its start script', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).not.toMatch(/["'`]https?:\/\//); // (a comment in it names a web page; no string does)
    expect(script.body).toContain('validatorUrl: null');
    const missing = await t.app.inject({ method: 'GET', url: '/api/docs/static/nothing-here.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.routeNotFound });
  });
});
