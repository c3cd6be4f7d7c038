import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { type TestApp, buildTestApp } from '../helpers/build-app';

const INDEX_HTML = '<!doctype html><title>Magang</title><div id="root"></div>';
const LOGIN_HTML = '<!doctype html><title>Login</title><div id="root"><main class="login" data-login-shell=""></main></div>';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('static web app and SPA fallback', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'magang-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webRoot, 'login.html'), LOGIN_HTML);
    writeFileSync(path.join(webRoot, 'assets', 'x.js'), 'console.log(1);');
    writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Magang"}');
    writeFileSync(path.join(webRoot, 'registerSW.js'), '');
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{"index.html":{}}');
    // A built file with its pre-compressed copies (scripts/compress-web.mjs), marked so the
    // test can tell which copy was served.
    writeFileSync(path.join(webRoot, 'assets', 'big.js'), BIG_JS);
    writeFileSync(path.join(webRoot, 'assets', 'big.js.br'), brotliCompressSync(`${BIG_JS}//br`));
    writeFileSync(path.join(webRoot, 'assets', 'big.js.gz'), gzipSync(`${BIG_JS}//gz`));
    t = await buildTestApp({ seed: 'none', webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('should serve the login shell (login.html) at / with no-cache and the CSP', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(LOGIN_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('should serve hashed assets as immutable for a year', async () => {
    const response = await get('/assets/x.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/registerSW.js', '/index.html'])(
    'should serve %s with no-cache',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/dashboard', '/peserta/siswa', '/penilaian?status=ditolak', '/unknown/deep/path'])(
    'should answer the client route %s with index.html (200, no-cache)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('should answer a missing asset with 404, not with index.html', async () => {
    const response = await get('/assets/missing-abc123.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<!doctype html>');
  });

  it('should answer an unknown /api path with 404 JSON, not index.html', async () => {
    for (const url of ['/api/unknown', '/api/auth/unknown', '/api']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SERVER_MSG.routeNotFound });
    }
  });

  it('should answer a non-GET request to a client route with 404 JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SERVER_MSG.routeNotFound });
  });

  it('should keep the API working next to the static files', async () => {
    const response = await get('/api/health');
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['br', 'br', '//br'],
    ['gzip', 'gzip', '//gz'],
    ['br, gzip', 'br', '//br'],
  ])('should serve the pre-compressed copy for Accept-Encoding %s', async (accept, encoding, mark) => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
    expect(body.toString()).toBe(`${BIG_JS}${mark}`);
  });

  it('should serve the file as it is without Accept-Encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_JS);
  });

  it('should not serve the build manifest or any other dot-path', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/manifest.json.br']) {
      const response = await get(url);
      expect(response.body).not.toContain('index.html":{}');
    }
  });
});
