import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../../server/app';
import { tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

describe('compressed JSON answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'demo' });
    token = await tokenOf(t, 'hr');
  });
  afterAll(() => t.close());

  const list = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/peserta',
      headers: { authorization: `Bearer ${token}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
  ] as const)('should compress the participant list for Accept-Encoding %s as %s, same JSON', async (accept, encoding, decode) => {
    const plain = await list('identity');
    const packed = await list(accept);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decode(packed.rawPayload).toString('utf8')).data).toEqual(plain.json().data);
  });

  it('should send the list uncompressed to a client that asks for no encoding', async () => {
    const response = await list('identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(Array.isArray(response.json().data)).toBe(true);
  });

  it('should leave an answer below the threshold uncompressed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
