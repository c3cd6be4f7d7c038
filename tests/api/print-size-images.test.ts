// Logos and signatures are stored at print size: an upload larger than 1,200 px on its long side
// is scaled down once (still a PNG, aspect ratio and transparency kept) and answered and served
// with the stored bytes' SHA-256; a smaller one is stored byte for byte. An oversized logo or
// signature stored before that rule is scaled down by the start-up step, while the images frozen
// into issued certificates stay as they are.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userSignatures } from '../../server/db/schema';
import { dokumenGambar, pengaturan } from '../../server/db/schema-sertifikat';
import { scaleStoredImagesToPrintSize } from '../../server/services/print-size-images';
import { type DemoUsername, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { logoForm, signatureForm } from '../helpers/multipart';
import { makePng } from '../helpers/png';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** 4,000 × 4,000 px, ~62 KB: a transparent square with a thin diagonal stroke. */
const HUGE = makePng(4000, 4000, 4);
const post = (url: string, token: string, form: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url, headers: { ...form.headers, authorization: `Bearer ${token}` }, payload: form.payload });
const storedLogo = async () => {
  const [setting] = await t.db.select().from(pengaturan).where(eq(pengaturan.nama, 'logo_sha256'));
  const [image] = await t.db.select().from(dokumenGambar).where(eq(dokumenGambar.sha256, setting?.nilai ?? ''));
  return image;
};
const signatureOf = async (username: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const [row] = await t.db.select().from(userSignatures).where(eq(userSignatures.user_id, user?.id ?? 0));
  return { id: user?.id ?? 0, row };
};

async function expectPrintSize(png: Uint8Array | undefined, width = 1200, height = 1200): Promise<void> {
  const meta = await sharp(png).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({ format: 'png', width, height, hasAlpha: true });
}

describe(`images at print size (${testDbKind()})`, () => {
  it('should store a 4,000 × 4,000 px logo at 1,200 px, answering the stored bytes’ hash', async () => {
    expect(HUGE.length).toBeLessThan(100_000);
    const response = await post('/api/organisasi/logo', tokens.hr, logoForm(HUGE));
    expect(response.statusCode).toBe(200);
    const image = await storedLogo();
    await expectPrintSize(image?.png);
    expect(response.json().data.logo).toBe(sha(image?.png ?? new Uint8Array()));
    expect(await t.db.select().from(dokumenGambar).where(eq(dokumenGambar.sha256, sha(HUGE)))).toEqual([]);
  });

  it('should store a 4,000 × 1,000 px signature at 1,200 × 300 px, and a small one byte for byte', async () => {
    const wide = makePng(4000, 1000, 2);
    expect((await post('/api/users/signature', tokens.pembimbing, signatureForm(wide))).statusCode).toBe(200);
    const { row } = await signatureOf('pembimbing');
    await expectPrintSize(row?.png, 1200, 300);
    expect(row?.sha256).toBe(sha(row?.png ?? new Uint8Array()));

    const small = makePng(1200, 400, 3);
    expect((await post('/api/users/signature', tokens.bushead, signatureForm(small))).statusCode).toBe(200);
    expect(Buffer.from((await signatureOf('bushead')).row?.png ?? []).equals(small)).toBe(true);
  });

  it('should refuse with 415 a PNG whose header is sound but whose pixels cannot be read', async () => {
    const broken = Buffer.from(makePng(2000, 2000, 5));
    // Keep the chunk CRCs valid: rebuild the IDAT with bytes that are not a deflate stream.
    const { crc32 } = await import('node:zlib');
    const idatAt = broken.indexOf('IDAT', 8, 'latin1') - 4;
    const length = broken.readUInt32BE(idatAt);
    broken.fill(0x55, idatAt + 8, idatAt + 8 + length);
    broken.writeUInt32BE(crc32(broken.subarray(idatAt + 4, idatAt + 8 + length)), idatAt + 8 + length);
    const response = await post('/api/organisasi/logo', tokens.hr, logoForm(broken));
    expect(response.statusCode).toBe(415);
  });

  it('should scale an oversized logo and signature stored earlier once at start-up, leaving frozen images alone', async () => {
    const oldLogo = makePng(3000, 2000, 6);
    await t.db.insert(dokumenGambar).values({ sha256: sha(oldLogo), png: oldLogo }).onConflictDoNothing();
    await t.db.insert(pengaturan).values({ nama: 'logo_sha256', nilai: sha(oldLogo) }).onConflictDoUpdate({ target: pengaturan.nama, set: { nilai: sha(oldLogo) } });
    const oldSignature = makePng(2400, 1200, 1);
    const { id } = await signatureOf('bushead');
    await t.db.update(userSignatures).set({ png: oldSignature, sha256: sha(oldSignature) }).where(eq(userSignatures.user_id, id));

    expect(await scaleStoredImagesToPrintSize(t.db)).toBe(2);
    await expectPrintSize((await storedLogo())?.png, 1200, 800);
    await expectPrintSize((await signatureOf('bushead')).row?.png, 1200, 600);
    // The old logo's bytes stay in the image store: certificates that froze it still print it.
    const [frozen] = await t.db.select().from(dokumenGambar).where(eq(dokumenGambar.sha256, sha(oldLogo)));
    expect(Buffer.from(frozen?.png ?? []).equals(oldLogo)).toBe(true);
    expect(await scaleStoredImagesToPrintSize(t.db)).toBe(0);
  });
});
