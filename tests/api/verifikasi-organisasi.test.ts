// GET /api/verifikasi/organisasi and /organisasi/logo: the public verification page's header —
// the organisation's name, the contact line of ORGANISASI_KONTAK (null unset), the current
// logo's hash and its PNG — for anyone, no token.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifikasiOrganisasiResponseSchema } from '../../src/domain/sertifikat-terbit';
import { parseEnv } from '../../server/config';
import { demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { logoForm } from '../helpers/multipart';
import { makePng } from '../helpers/png';

const KONTAK = 'sertifikat@contoh.co.id';
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [t, plain] = await Promise.all([buildTestApp({ config: { organisasiKontak: KONTAK } }), buildTestApp()]);
});
afterAll(() => Promise.all([t?.close(), plain?.close()]));

describe(`the verification page's organisation (${testDbKind()})`, () => {
  it('should answer the name, contact and logo without a token, and serve the logo', async () => {
    const none = await plain.app.inject({ method: 'GET', url: '/api/verifikasi/organisasi' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: { nama: plain.config.organisasi.nama, kontak: null, logo: null } });
    expect((await plain.app.inject({ method: 'GET', url: '/api/verifikasi/organisasi/logo' })).statusCode).toBe(404);

    const png = makePng(60, 20, 2);
    const { hr } = await demoTokens(t);
    const form = logoForm(png);
    expect((await t.app.inject({ method: 'POST', url: '/api/organisasi/logo', headers: { ...form.headers, authorization: `Bearer ${hr}` }, payload: form.payload })).statusCode).toBe(200);
    const answer = await t.app.inject({ method: 'GET', url: '/api/verifikasi/organisasi' });
    const sha = createHash('sha256').update(png).digest('hex');
    expect(verifikasiOrganisasiResponseSchema.parse(answer.json())).toEqual({ data: { nama: t.config.organisasi.nama, kontak: KONTAK, logo: sha } });
    const logo = await t.app.inject({ method: 'GET', url: '/api/verifikasi/organisasi/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
  });

  it('should read ORGANISASI_KONTAK from the environment (trimmed, at most 200 characters)', () => {
    expect(parseEnv({ ORGANISASI_KONTAK: ' hr@contoh.co.id ' }).organisasiKontak).toBe('hr@contoh.co.id');
    expect(parseEnv({}).organisasiKontak).toBeUndefined();
    expect(() => parseEnv({ ORGANISASI_KONTAK: 'x'.repeat(201) })).toThrow(/ORGANISASI_KONTAK maksimal 200 karakter/);
  });
});
