import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peserta } from '../../server/db/schema';
import { pesertaListResponseSchema } from '../../src/domain/peserta';
import { acceptedEncodings, matchesEtag } from '../../server/services/kept-list-body';
import { createPesertaListCache } from '../../server/services/peserta-list-cache';
import { selectPeserta } from '../../server/services/peserta-read';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

describe('GET /api/peserta full list by version (ETag, 304, kept bytes)', () => {
  let t: TestApp;
  let tokens: Record<DemoUsername, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    tokens = await demoTokens(t);
  });
  afterAll(() => t.close());

  const list = (query = '', headers: Record<string, string> = {}, who: DemoUsername = 'hr') =>
    t.app.inject({ method: 'GET', url: `/api/peserta${query}`, headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });

  it('should answer a client holding the current version with 304 and no body', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"pl-[A-Za-z0-9_-]{22}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await list('', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('should give every role that reads the list the same version and the same bytes', async () => {
    const hr = await list('', {}, 'hr');
    const bushead = await list('', {}, 'bushead');
    expect(bushead.headers.etag).toBe(hr.headers.etag);
    expect(bushead.body).toBe(hr.body);
    expect(pesertaListResponseSchema.parse(hr.json()).data.length).toBeGreaterThan(0);
  });

  it('should answer 200 with the change and a new ETag after a participant changed', async () => {
    const before = await list();
    const etag = before.headers.etag as string;
    const row = pesertaListResponseSchema.parse(before.json()).data[0];
    expect((await call(t, 'PUT', `/api/peserta/${row?.id}`, tokens.hr, { nama: 'Nama Baru Sekali' })).statusCode).toBe(200);
    const after = await list('', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(pesertaListResponseSchema.parse(after.json()).data.find((p) => p.id === row?.id)?.nama).toBe('Nama Baru Sekali');
  });

  it('should keep one version per level', async () => {
    const smk = await list('?jenjang=SMK');
    const mahasiswa = await list('?jenjang=Mahasiswa');
    expect(smk.headers.etag).not.toBe(mahasiswa.headers.etag);
    expect(pesertaListResponseSchema.parse(smk.json()).data.every((p) => p.jenjang === 'SMK')).toBe(true);
    expect((await list('?jenjang=Mahasiswa', { 'if-none-match': smk.headers.etag as string })).statusCode).toBe(200);
  });

  it('should read the whole list in slices that together are the one-query read, in its order', async () => {
    // Slices of 3 rows: the demo data crosses many slice boundaries (10,000 rows would in production).
    const cache = createPesertaListCache(t.db, t.app.changes, { sliceRows: 3, blockRows: 2 });
    for (const jenjang of [undefined, 'SMK', 'Mahasiswa'] as const) {
      const answer = await cache.answer(jenjang, undefined);
      if (answer.notModified) throw new Error('a fresh cache has no version to match');
      const sliced = pesertaListResponseSchema.parse(JSON.parse(answer.list.json.toString())).data;
      const whole = await selectPeserta(t.db, jenjang ? eq(peserta.jenjang, jenjang) : undefined);
      expect(whole.length).toBeGreaterThan(3);
      expect(sliced).toEqual(pesertaListResponseSchema.parse({ data: whole, cursor: '0' }).data);
    }
  });

  it('should still refuse a Mentor and a missing token before any version is read', async () => {
    expect((await list('', {}, 'mentor')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/peserta' })).statusCode).toBe(401);
  });
});

describe('matchesEtag', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['"a"', true],
    ['W/"a"', true],
    ['"b", "a"', true],
    ['*', true],
    ['"b"', false],
  ])('should read If-None-Match %j against "a" as %s', (header, expected) => {
    expect(matchesEtag(header, '"a"')).toBe(expected);
  });
});

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['identity', []],
    ['gzip', ['gzip']],
    ['br', ['br']],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0', []],
    ['deflate', []],
  ])('should read Accept-Encoding %j as %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
