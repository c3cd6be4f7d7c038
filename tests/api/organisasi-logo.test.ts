import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_ITEMS, type GradeItem } from '../../src/domain/grade';
import { SERVER_MSG } from '../../src/domain/messages';
import { LOGO_MAX_BYTES, LOGO_MSG } from '../../src/domain/organisasi';
import { DOCUMENT_MIME } from '../../src/domain/sertifikat';
import { type SertifikatRow, type SertifikatTerbit, snapshotImageHashes } from '../../src/domain/sertifikat-terbit';
import { type DocumentInput, buildDocumentInput, snapshotDocumentRequest } from '../../src/documents/input';
import { certificatePdf, daftarNilaiPdf } from '../../src/documents/make';
import { DEFAULT_ORGANISASI } from '../../server/config';
import { dokumenGambar, pengaturan } from '../../server/db/schema-sertifikat';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { logoForm, multipart, signatureForm } from '../helpers/multipart';
import { makePeserta } from '../helpers/nilai';
import { makePng, pngOfSize, pngWithBrokenIhdr } from '../helpers/png';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const LOGO_A = makePng(120, 48, 3);
const LOGO_B = makePng(64, 64, 5);

function upload(token: string | null, form: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/organisasi/logo',
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
}

async function uploaded(png: Uint8Array): Promise<void> {
  const response = await upload(tokens.hr, logoForm(png));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ data: { logo: sha(png) }, message: LOGO_MSG.uploaded });
}

async function currentSetting(): Promise<string | null> {
  const [row] = await t.db.select().from(pengaturan).where(eq(pengaturan.nama, 'logo_sha256'));
  return row?.nilai ?? null;
}

async function clearLogo(): Promise<void> {
  expect((await call(t, 'DELETE', '/api/organisasi/logo', tokens.hr)).statusCode).toBe(200);
}

describe('POST /api/organisasi/logo', () => {
  beforeEach(clearLogo);

  it('should store the PNG by its hash and name it as the logo, then replace it', async () => {
    await uploaded(LOGO_A);
    expect(await currentSetting()).toBe(sha(LOGO_A));
    const [stored] = await t.db.select().from(dokumenGambar).where(eq(dokumenGambar.sha256, sha(LOGO_A)));
    expect(Buffer.from(stored?.png ?? []).equals(LOGO_A)).toBe(true);

    await uploaded(LOGO_B);
    expect(await currentSetting()).toBe(sha(LOGO_B));
    // The image store is insert-only: the first logo stays for the certificates that print it.
    const kept = await t.db.select({ sha256: dokumenGambar.sha256 }).from(dokumenGambar);
    expect(kept.map((row) => row.sha256)).toEqual(expect.arrayContaining([sha(LOGO_A), sha(LOGO_B)]));
  });

  it('should accept a PNG of exactly 1 MB, whatever its file name and declared type', async () => {
    const png = pngOfSize(LOGO_MAX_BYTES);
    const response = await upload(tokens.hr, logoForm(png, 'logo.jpg', 'application/octet-stream'));
    expect(response.statusCode).toBe(200);
    expect(await currentSetting()).toBe(sha(png));
  });

  it.each(['pembimbing', 'mentor', 'bushead'] as const)('should answer 403 to %s and store nothing', async (who) => {
    const response = await upload(tokens[who], logoForm(LOGO_A));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
    expect(await currentSetting()).toBeNull();
  });

  it('should answer 401 without a token', async () => {
    expect((await upload(null, logoForm(LOGO_A))).statusCode).toBe(401);
    expect(await currentSetting()).toBeNull();
  });

  describe('a refused upload changes nothing', () => {
    beforeEach(() => uploaded(LOGO_A));
    const expectUnchanged = async () => expect(await currentSetting()).toBe(sha(LOGO_A));

    it.each([
      ['a text file named .png', Buffer.from('bukan gambar, hanya teks')],
      ['the PNG magic with a broken IHDR', pngWithBrokenIhdr()],
      ['a truncated PNG', makePng().subarray(0, 50)],
      ['an empty file', Buffer.alloc(0)],
    ])('should answer 415 for %s', async (_name, bytes) => {
      const response = await upload(tokens.hr, logoForm(bytes));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: LOGO_MSG.notPng });
      await expectUnchanged();
    });

    it('should answer 413 for a PNG over 1 MB', async () => {
      const response = await upload(tokens.hr, logoForm(pngOfSize(LOGO_MAX_BYTES + 1)));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: LOGO_MSG.tooLarge });
      await expectUnchanged();
    });

    it('should answer 400 without a logo file, for a second file and for a malformed body', async () => {
      for (const form of [signatureForm(LOGO_B), multipart([{ name: 'logo', content: 'teks biasa' }]), multipart([])]) {
        const response = await upload(tokens.hr, form);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: LOGO_MSG.missingFile });
      }
      const two = multipart([
        { name: 'logo', filename: 'a.png', type: 'image/png', content: makePng(2, 2, 3) },
        { name: 'logo', filename: 'b.png', type: 'image/png', content: makePng(2, 2, 4) },
      ]);
      const many = await upload(tokens.hr, two);
      expect(many.statusCode).toBe(400);
      expect(many.json()).toEqual({ message: LOGO_MSG.tooManyFiles });
      const truncated = logoForm(LOGO_B);
      const cut = await upload(tokens.hr, { ...truncated, payload: truncated.payload.subarray(0, 120) });
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toEqual({ message: LOGO_MSG.badUpload });
      await expectUnchanged();
    });

    it('should answer 415 for a body that is not multipart', async () => {
      const json = await call(t, 'POST', '/api/organisasi/logo', tokens.hr, { logo: 'x' });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ message: LOGO_MSG.notMultipart });
      await expectUnchanged();
    });
  });
});

describe('GET and DELETE /api/organisasi/logo', () => {
  beforeEach(clearLogo);

  it('should answer 404 without a logo, and the PNG with its hash as ETag to any logged-in user', async () => {
    const none = await call(t, 'GET', '/api/organisasi/logo', tokens.mentor);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: SERVER_MSG.notFound });

    await uploaded(LOGO_A);
    for (const who of ['hr', 'pembimbing', 'mentor', 'bushead'] as const) {
      const response = await call(t, 'GET', '/api/organisasi/logo', tokens[who]);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(DOCUMENT_MIME.png);
      expect(response.headers.etag).toBe(`"${sha(LOGO_A)}"`);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.rawPayload.equals(LOGO_A)).toBe(true);
    }
    expect((await call(t, 'GET', '/api/organisasi/logo', null)).statusCode).toBe(401);

    const held = await t.app.inject({
      method: 'GET',
      url: '/api/organisasi/logo',
      headers: { authorization: `Bearer ${tokens.mentor}`, 'if-none-match': `"${sha(LOGO_A)}"` },
    });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);
  });

  it('should delete the logo for HR only, also when there is none', async () => {
    await uploaded(LOGO_A);
    for (const who of ['pembimbing', 'mentor', 'bushead'] as const) {
      expect((await call(t, 'DELETE', '/api/organisasi/logo', tokens[who])).statusCode).toBe(403);
    }
    expect(await currentSetting()).toBe(sha(LOGO_A));
    for (let i = 0; i < 2; i += 1) {
      const response = await call(t, 'DELETE', '/api/organisasi/logo', tokens.hr);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { logo: null }, message: LOGO_MSG.deleted });
    }
    expect((await call(t, 'GET', '/api/organisasi/logo', tokens.hr)).statusCode).toBe(404);
  });

  it("should tell the certificate screens the current logo's hash", async () => {
    const organisasi = async () => (await call(t, 'GET', '/api/sertifikat/peserta?jenjang=SMK', tokens.hr)).json().organisasi;
    expect(await organisasi()).toEqual({ ...DEFAULT_ORGANISASI, logo: null });
    await uploaded(LOGO_B);
    expect(await organisasi()).toEqual({ ...DEFAULT_ORGANISASI, logo: sha(LOGO_B) });
  });
});

describe('issued certificates and the logo', () => {
  beforeEach(clearLogo);

  async function approvedRow(): Promise<SertifikatRow> {
    const made = await makePeserta(t);
    for (const token of [tokens.pembimbing, tokens.hr, tokens.bushead]) {
      expect((await call(t, 'POST', `/api/review/approve/${made.id}`, token, {})).statusCode).toBe(200);
    }
    return rowOf(made.id);
  }

  async function rowOf(id: number): Promise<SertifikatRow> {
    const rows: SertifikatRow[] = (await call(t, 'GET', '/api/sertifikat/peserta?jenjang=SMK', tokens.hr)).json().data;
    const row = rows.find((r) => r.id === id);
    if (!row?.sertifikat) throw new Error(`peserta ${id} has no issued certificate`);
    return row;
  }

  /** What a device prints: the snapshot and every image it names, fetched by hash from the API. */
  async function deviceInput(terbit: SertifikatTerbit, thresholds?: readonly GradeItem[]): Promise<DocumentInput> {
    const images = new Map<string, Uint8Array>();
    for (const hash of snapshotImageHashes(terbit.snapshot)) {
      const response = await call(t, 'GET', `/api/sertifikat/gambar/${hash}`, tokens.pembimbing);
      expect(response.statusCode).toBe(200);
      images.set(hash, new Uint8Array(response.rawPayload));
    }
    const request = snapshotDocumentRequest(terbit, images, thresholds);
    return buildDocumentInput(request.row, request.sources);
  }

  async function certificateOf(id: number): Promise<Buffer> {
    const response = await call(t, 'GET', `/api/sertifikat/generate/${id}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  it('should freeze the logo in the snapshot and keep printing it after the logo is replaced; a re-issue takes the new one', async () => {
    await uploaded(LOGO_A);
    const row = await approvedRow();
    const issued = row.sertifikat as SertifikatTerbit;
    expect(issued.snapshot.organisasi).toEqual({ ...DEFAULT_ORGANISASI, logo: sha(LOGO_A) });
    expect(snapshotImageHashes(issued.snapshot)).toContain(sha(LOGO_A));

    const input = await deviceInput(issued);
    expect(Buffer.from(input.logo ?? []).equals(LOGO_A)).toBe(true);
    const printed = await certificateOf(row.id);
    // Server and device make the same bytes, the ones whose hash was recorded at issue.
    expect(printed.equals(Buffer.from(certificatePdf([input])))).toBe(true);
    expect(sha(printed)).toBe(issued.pdf_sha256);
    const daftar = await call(t, 'GET', `/api/nilai/cetak/${row.id}`, tokens.hr);
    expect(daftar.statusCode).toBe(200);
    expect(daftar.rawPayload.equals(Buffer.from(daftarNilaiPdf(await deviceInput(issued, DEFAULT_GRADE_ITEMS))))).toBe(true);

    // A new logo, then none: the issued certificate prints the same bytes.
    await uploaded(LOGO_B);
    expect((await certificateOf(row.id)).equals(printed)).toBe(true);
    expect((await rowOf(row.id)).sertifikat?.kode).toBe(issued.kode);
    await clearLogo();
    expect((await certificateOf(row.id)).equals(printed)).toBe(true);

    // A re-issue freezes the logo of the day.
    await uploaded(LOGO_B);
    const again = await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${row.id}`, tokens.hr, {});
    expect(again.statusCode).toBe(200);
    const reissued: SertifikatTerbit = again.json().data;
    expect(reissued.snapshot.organisasi.logo).toBe(sha(LOGO_B));
    const newInput = await deviceInput(reissued);
    expect(Buffer.from(newInput.logo ?? []).equals(LOGO_B)).toBe(true);
    const reprinted = await certificateOf(row.id);
    expect(reprinted.equals(Buffer.from(certificatePdf([newInput])))).toBe(true);
    expect(reprinted.equals(printed)).toBe(false);
  });

  it('should issue without a logo as before: no logo in the snapshot, none printed', async () => {
    const row = await approvedRow();
    const issued = row.sertifikat as SertifikatTerbit;
    expect(issued.snapshot.organisasi).toEqual(DEFAULT_ORGANISASI);
    const input = await deviceInput(issued);
    expect(input).not.toHaveProperty('logo');
    const printed = await certificateOf(row.id);
    expect(printed.equals(Buffer.from(certificatePdf([input])))).toBe(true);
    expect(sha(printed)).toBe(issued.pdf_sha256);

    // Uploading a logo later leaves it as it was; its re-issue prints the logo.
    await uploaded(LOGO_A);
    expect((await certificateOf(row.id)).equals(printed)).toBe(true);
    const again = await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${row.id}`, tokens.hr, {});
    expect((again.json().data as SertifikatTerbit).snapshot.organisasi.logo).toBe(sha(LOGO_A));
  });
});
