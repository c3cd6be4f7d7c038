import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MSG } from '../../src/domain/sertifikat';
import { userSignatures, users } from '../../server/db/schema';
import { BAD_IDS, type DemoUsername, call, demoTokens, demoNames } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { multipart, signatureForm } from '../helpers/multipart';
import { PNG_MAGIC, makePng, pngOfSize, pngWithBrokenIhdr } from '../helpers/png';
import { userIdOf } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let ids: Record<DemoUsername, number>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  ids = {
    hr: await userIdOf(t, 'hr'),
    pembimbing: await userIdOf(t, 'pembimbing'),
    mentor: await userIdOf(t, 'mentor'),
    bushead: await userIdOf(t, 'bushead'),
  };
});
afterAll(() => t.close());

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const urlOf = (id: number, bytes: Uint8Array) => `/api/users/signature/${id}?v=${sha(bytes).slice(0, 12)}`;

function upload(token: string | null, form: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/signature',
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
}

function fetchSignature(userId: number | string, token: string | null, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/users/signature/${userId}`,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function storedRow(userId: number) {
  const [row] = await t.db.select().from(userSignatures).where(eq(userSignatures.user_id, userId));
  return row;
}

async function clearSignatures() {
  await t.db.delete(userSignatures);
}

describe('POST /api/users/signature', () => {
  beforeEach(clearSignatures);

  it.each(['pembimbing', 'bushead'] as const)('should store the PNG of %s in the database and answer the user', async (who) => {
    const png = makePng(40, 12, who === 'pembimbing' ? 7 : 9);
    const response = await upload(tokens[who], signatureForm(png));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: ids[who],
        employee_id: expect.any(String),
        employeeId: expect.any(String),
        username: who,
        role: who === 'pembimbing' ? 'Pembimbing' : 'BusHead',
        signature_url: urlOf(ids[who], png),
        ...demoNames(who),
      },
      message: MSG.signatureUploaded,
    });
    const row = await storedRow(ids[who]);
    expect(row?.sha256).toBe(sha(png));
    expect(Buffer.from(row?.png ?? []).equals(png)).toBe(true);
    // Stored in the database, not as a file.
    expect(existsSync(t.config.dataDir)).toBe(false);
  });

  it('should replace an earlier signature', async () => {
    const first = makePng(10, 10, 1);
    const second = makePng(10, 10, 2);
    await upload(tokens.pembimbing, signatureForm(first));
    const response = await upload(tokens.pembimbing, signatureForm(second));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.signature_url).toBe(urlOf(ids.pembimbing, second));
    expect((await storedRow(ids.pembimbing))?.sha256).toBe(sha(second));
    expect(await t.db.select({ id: userSignatures.user_id }).from(userSignatures)).toHaveLength(1);
  });

  it('should accept a PNG of exactly 1 MB', async () => {
    const png = pngOfSize(SIGNATURE_MAX_BYTES);
    const response = await upload(tokens.bushead, signatureForm(png));
    expect(response.statusCode).toBe(200);
    expect((await storedRow(ids.bushead))?.sha256).toBe(sha(png));
  });

  it('should answer 401 without a token', async () => {
    const response = await upload(null, signatureForm(makePng()));
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(userSignatures)).toEqual([]);
  });

  it.each(['hr', 'mentor'] as const)('should answer 403 to %s and store nothing', async (who) => {
    const response = await upload(tokens[who], signatureForm(makePng()));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
    expect(await t.db.select().from(userSignatures)).toEqual([]);
  });

  describe('a refused upload changes nothing', () => {
    const original = makePng(16, 6, 42);
    beforeEach(async () => {
      expect((await upload(tokens.pembimbing, signatureForm(original))).statusCode).toBe(200);
    });

    async function expectUnchanged() {
      const row = await storedRow(ids.pembimbing);
      expect(row?.sha256).toBe(sha(original));
      expect(Buffer.from(row?.png ?? []).equals(original)).toBe(true);
      const profile = await call(t, 'GET', '/api/auth/profile', tokens.pembimbing);
      expect(profile.json().data.signature_url).toBe(urlOf(ids.pembimbing, original));
    }

    it.each([
      ['a text file named .png with type image/png', Buffer.from('bukan gambar, hanya teks'), 'ttd.png', 'image/png'],
      ['a JPEG named .png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, ...new Array(60).fill(0)]), 'ttd.png', 'image/png'],
      ['the PNG magic with a broken IHDR', pngWithBrokenIhdr(), 'ttd.png', 'image/png'],
      ['the PNG magic alone', PNG_MAGIC, 'ttd.png', 'image/png'],
      ['a PNG with a corrupted CRC', (() => { const b = Buffer.from(makePng()); b.writeUInt8(b.readUInt8(30) ^ 0xff, 30); return b; })(), 'ttd.png', 'image/png'],
      ['a truncated PNG', makePng().subarray(0, 50), 'ttd.png', 'image/png'],
      ['a PNG wider than 4000 px', (() => { const b = Buffer.from(makePng()); b.writeUInt32BE(4001, 16); return b; })(), 'ttd.png', 'image/png'],
      ['an empty file', Buffer.alloc(0), 'ttd.png', 'image/png'],
    ])('should answer 415 for %s', async (_name, bytes, filename, type) => {
      const response = await upload(tokens.pembimbing, signatureForm(bytes, filename, type));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: SIGNATURE_MSG.notPng });
      await expectUnchanged();
    });

    it('should accept a real PNG whatever its file name and declared type', async () => {
      const png = makePng(3, 3, 5);
      const response = await upload(tokens.pembimbing, signatureForm(png, 'scan.jpg', 'application/octet-stream'));
      expect(response.statusCode).toBe(200);
      expect((await storedRow(ids.pembimbing))?.sha256).toBe(sha(png));
    });

    it('should answer 413 for a PNG over 1 MB', async () => {
      const response = await upload(tokens.pembimbing, signatureForm(pngOfSize(SIGNATURE_MAX_BYTES + 1)));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: SIGNATURE_MSG.tooLarge });
      await expectUnchanged();
    });

    it('should answer 400 without a signature file', async () => {
      for (const form of [
        multipart([{ name: 'file', filename: 'ttd.png', type: 'image/png', content: makePng() }]),
        multipart([{ name: 'signature', content: 'teks biasa' }]),
        multipart([]),
      ]) {
        const response = await upload(tokens.pembimbing, form);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: SIGNATURE_MSG.missingFile });
      }
      await expectUnchanged();
    });

    it('should answer 400 for a second file and for a malformed body', async () => {
      const two = multipart([
        { name: 'signature', filename: 'a.png', type: 'image/png', content: makePng(2, 2, 3) },
        { name: 'signature', filename: 'b.png', type: 'image/png', content: makePng(2, 2, 4) },
      ]);
      const many = await upload(tokens.pembimbing, two);
      expect(many.statusCode).toBe(400);
      expect(many.json()).toEqual({ message: SIGNATURE_MSG.tooManyFiles });

      const truncated = signatureForm(makePng());
      const response = await upload(tokens.pembimbing, { ...truncated, payload: truncated.payload.subarray(0, 120) });
      expect(response.statusCode).toBe(400);
      const noBoundary = await upload(tokens.pembimbing, { payload: truncated.payload, headers: { 'content-type': 'multipart/form-data' } });
      expect(noBoundary.statusCode).toBe(400);
      await expectUnchanged();
    });

    it('should answer 415 for a body that is not multipart', async () => {
      const json = await call(t, 'POST', '/api/users/signature', tokens.pembimbing, { signature: 'x' });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ message: SIGNATURE_MSG.notMultipart });
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/users/signature',
        headers: { authorization: `Bearer ${tokens.pembimbing}`, 'content-type': 'image/png' },
        payload: makePng(),
      });
      expect(raw.statusCode).toBe(415);
      const none = await t.app.inject({ method: 'POST', url: '/api/users/signature', headers: { authorization: `Bearer ${tokens.pembimbing}` } });
      expect(none.statusCode).toBe(415);
      await expectUnchanged();
    });
  });
});

describe('DELETE /api/users/signature', () => {
  beforeEach(clearSignatures);

  it('should remove the signature and answer the user without one', async () => {
    await upload(tokens.bushead, signatureForm(makePng()));
    const response = await call(t, 'DELETE', '/api/users/signature', tokens.bushead);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: expect.objectContaining({ id: ids.bushead, username: 'bushead', signature_url: null }),
      message: MSG.signatureDeleted,
    });
    expect(await storedRow(ids.bushead)).toBeUndefined();
    expect((await fetchSignature(ids.bushead, tokens.bushead)).statusCode).toBe(404);
    // Again, without one: the same answer.
    expect((await call(t, 'DELETE', '/api/users/signature', tokens.bushead)).statusCode).toBe(200);
  });

  it('should answer 401 without a token and 403 to HR and Mentor (not DELETE /:id)', async () => {
    await upload(tokens.pembimbing, signatureForm(makePng()));
    expect((await call(t, 'DELETE', '/api/users/signature', null)).statusCode).toBe(401);
    for (const who of ['hr', 'mentor'] as const) {
      const response = await call(t, 'DELETE', '/api/users/signature', tokens[who]);
      expect(response.statusCode).toBe(403);
    }
    expect(await storedRow(ids.pembimbing)).toBeDefined();
  });

  it('should go with the account when HR deletes it', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ employee_id: 'EMP-TTD', username: 'bushead-ttd', password_hash: 'x', role: 'BusHead' })
      .returning({ id: users.id });
    const id = (row as { id: number }).id;
    await t.db.insert(userSignatures).values({ user_id: id, png: makePng(), sha256: sha(makePng()) });
    expect((await call(t, 'DELETE', `/api/users/${id}`, tokens.hr)).statusCode).toBe(200);
    expect(await storedRow(id)).toBeUndefined();
  });
});

describe('GET /api/users/signature/:id', () => {
  const png = makePng(24, 8, 77);
  beforeAll(async () => {
    await clearSignatures();
    expect((await upload(tokens.pembimbing, signatureForm(png))).statusCode).toBe(200);
  });

  it.each(['pembimbing', 'hr', 'bushead'] as const)('should serve the PNG byte for byte to %s', async (who) => {
    const response = await fetchSignature(ids.pembimbing, tokens[who]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers.etag).toBe(`"${sha(png)}"`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('should be served at the signature_url of the user answers', async () => {
    const list = await call(t, 'GET', '/api/users?role=Pembimbing', tokens.hr);
    const user = list.json().data.find((u: { id: number }) => u.id === ids.pembimbing);
    expect(user.signature_url).toBe(urlOf(ids.pembimbing, png));
    const others = list.json().data.filter((u: { id: number }) => u.id !== ids.pembimbing);
    for (const other of others) expect(other.signature_url).toBeNull();
    const profile = await call(t, 'GET', '/api/auth/profile', tokens.pembimbing);
    expect(profile.json().data.signature_url).toBe(user.signature_url);
    const response = await t.app.inject({ method: 'GET', url: user.signature_url, headers: { authorization: `Bearer ${tokens.hr}` } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('should answer 304 for a matching If-None-Match, 200 for another', async () => {
    const etag = `"${sha(png)}"`;
    for (const header of [etag, `W/${etag}`, `"abc", ${etag}`, '*']) {
      const response = await fetchSignature(ids.pembimbing, tokens.hr, { 'if-none-match': header });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
    }
    const stale = await fetchSignature(ids.pembimbing, tokens.hr, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(png)).toBe(true);
  });

  it("should let a user read their own, and refuse a Mentor another's", async () => {
    expect((await fetchSignature(ids.mentor, tokens.mentor)).statusCode).toBe(404);
    const response = await fetchSignature(ids.pembimbing, tokens.mentor);
    expect(response.statusCode).toBe(403);
  });

  it('should answer 404 without a signature or user, 400 for a bad id, 401 without a token', async () => {
    expect((await fetchSignature(ids.bushead, tokens.hr)).json()).toEqual({ message: SERVER_MSG.notFound });
    expect((await fetchSignature(999999, tokens.hr)).statusCode).toBe(404);
    for (const bad of BAD_IDS) expect((await fetchSignature(bad, tokens.hr)).statusCode).toBe(400);
    expect((await fetchSignature(ids.pembimbing, null)).statusCode).toBe(401);
  });
});
