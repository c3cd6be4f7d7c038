// The public verification page in Chromium, with no session: a valid, a revoked and an unknown
// code at 390 and 1280 px (axe clean), a code typed with the keyboard, 'Periksa file PDF' for
// the PDF the API sends (cocok) and a changed copy (tidak cocok), the texts when the server is
// unreachable or refuses more checks, and the service worker serving the page offline. The page
// loads none of the logged-in app's chunks. Screenshots go to VERIFIKASI_SHOTS when it is set.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newContext } from './helpers/browser';
import { errorWiringProblems, expectAccessible } from './helpers/a11y';
import { apiBytes, approveApi } from './helpers/certificates';
import { apiToken } from './helpers/master-data';
import { waitForServiceWorker } from './helpers/nilai';
import { listPeserta } from './helpers/peserta';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pesertaId = 0;
/** The certificate's URL as printed in its QR code, its code, and the code it replaced. */
let url = '';
let kode = '';
let oldKode = '';
let pdf: Buffer;
const UNKNOWN = '0000000000000000000000000Z';
const SITI = 'Siti Nurhaliza';
const shots = process.env.VERIFIKASI_SHOTS;
/** Every built JS file the page loaded. */
const loaded: string[] = [];

interface Issued {
  id: number;
  sertifikat: { kode: string; url: string } | null;
}

async function issuedOf(id: number): Promise<Issued['sertifikat']> {
  const token = await apiToken(server.url, 'hr');
  const response = await fetch(`${server.url}/api/sertifikat/peserta?jenjang=SMK`, { headers: { Authorization: `Bearer ${token}` } });
  const rows = ((await response.json()) as { data: Issued[] }).data;
  return rows.find((row) => row.id === id)?.sertifikat ?? null;
}

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  const hrToken = await apiToken(server.url, 'hr');
  pesertaId = (await listPeserta(server.url, hrToken, 'SMK')).find((p) => p.nama === SITI)?.id ?? 0;
  // BusHead's approval completes the chain and issues the certificate; HR's 'Terbitkan ulang'
  // then revokes it and issues a new one.
  await approveApi(server.url, 'bushead', pesertaId);
  oldKode = (await issuedOf(pesertaId))?.kode ?? '';
  const reissued = await fetch(`${server.url}/api/sertifikat/terbitkan-ulang/${pesertaId}`, { method: 'POST', headers: { Authorization: `Bearer ${hrToken}` } });
  expect(reissued.status).toBe(200);
  const issued = await issuedOf(pesertaId);
  kode = issued?.kode ?? '';
  url = issued?.url ?? '';
  pdf = await apiBytes(server.url, 'hr', `/api/sertifikat/generate/${pesertaId}`);
  context = await newContext(browser);
  page = await context.newPage();
  page.on('response', (response) => {
    const match = /\/assets\/([^/?]+\.js)$/.exec(new URL(response.url()).pathname);
    if (match) loaded.push(match[1]!);
  });
  if (shots) mkdirSync(shots, { recursive: true });
});

async function open(path: string, heading: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
}

async function atBothWidths(name: string, check: () => Promise<void>): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await check();
    await expectAccessible(page, `${name} @${size.width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} @${size.width}: no sideways scrolling`).toBeLessThanOrEqual(0);
    if (shots) await page.screenshot({ path: `${shots}/verifikasi-${name}-${size.width}.png`, fullPage: true });
  }
}

describe('the verification page of a code', () => {
  it("should show 'Sertifikat valid' with the certificate's facts for the URL of its QR code", async () => {
    expect(url).toBe(`${server.url}/verifikasi/${kode}`);
    await page.goto(url);
    await page.getByRole('heading', { level: 2, name: 'Sertifikat valid' }).waitFor();
    await atBothWidths('valid', async () => {
      const text = await page.locator('main').innerText();
      for (const shown of [SITI, 'Siswa SMK', 'Sekolah', 'Divisi', 'Periode magang', '/MAGANG/SMK/', 'Tanggal terbit', 'PT Sinar Retail Nusantara']) {
        expect(text).toContain(shown);
      }
      // Indonesian dates: '1 Juli 2026', never '2026-07-01'.
      expect(text).toMatch(/\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}/);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(text).not.toContain('Dicabut pada');
    });
    // Public: the page of a code loads none of the logged-in app (layout, device database, outbox).
    expect(loaded.filter((file) => /^(app|dexie|dashboard-page|sertifikat-page)-/.test(file))).toEqual([]);
  });

  it("should show 'Sertifikat dicabut' with the revocation date for the code a re-issue replaced", async () => {
    await open(`/verifikasi/${oldKode}`, 'Sertifikat dicabut');
    await atBothWidths('dicabut', async () => {
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/Sertifikat ini dicabut pada \d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(text).toContain('Dicabut pada');
      expect(text).toContain(SITI);
    });
  });

  it("should show 'Kode tidak ditemukan' for an unknown code", async () => {
    await open(`/verifikasi/${UNKNOWN}`, 'Kode tidak ditemukan');
    await atBothWidths('tidak-ditemukan', async () => {
      expect(await page.locator('main').innerText()).toContain('Periksa kembali kode');
      expect(await page.getByRole('heading', { name: 'Periksa file PDF' }).count()).toBe(0);
    });
  });

  it('should check a code typed with the keyboard (lower case, with hyphens) and refuse one that is no code', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/verifikasi`);
    const field = page.getByLabel('Kode verifikasi');
    await field.waitFor();
    await expectAccessible(page, 'form @390');
    for (let i = 0; i < 3 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('bukan kode');
    await page.keyboard.press('Enter');
    await page.getByText('Kode verifikasi harus 26 huruf dan angka').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await errorWiringProblems(page.locator('form'))).toEqual([]);
    await expectAccessible(page, 'form error @390');
    await field.fill(kode.toLowerCase().match(/.{1,4}/g)!.join('-'));
    await page.keyboard.press('Enter');
    const answer = page.getByRole('heading', { level: 2, name: 'Sertifikat valid' });
    await answer.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/verifikasi/${kode}`);
    // The answer takes the focus: a screen reader reads it at once.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
    expect(await answer.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("'Periksa file PDF'", () => {
  it('should say cocok for the PDF the API sends and tidak cocok for a changed copy, with the keyboard', async () => {
    await page.goto(url);
    const input = page.getByLabel('Pilih file PDF');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'sertifikat.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText('File PDF cocok dengan sertifikat yang diterbitkan.').waitFor();
    await atBothWidths('pdf-cocok', async () => {});

    const changed = Buffer.from(pdf);
    changed[changed.length - 10] = (changed[changed.length - 10]! + 1) % 256;
    await input.setInputFiles({ name: 'sertifikat-diubah.pdf', mimeType: 'application/pdf', buffer: changed });
    await page.getByText(/File PDF tidak cocok/).waitFor();
    expect(await page.getByText('File PDF cocok dengan sertifikat yang diterbitkan.').count()).toBe(0);
    await atBothWidths('pdf-tidak-cocok', async () => {});

    // The file field is reached with Tab, and its label names it.
    await page.getByLabel('Kode verifikasi').focus();
    for (let i = 0; i < 6 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("should say tidak cocok for the re-issued certificate's PDF on the page of the code it replaced", async () => {
    await open(`/verifikasi/${oldKode}`, 'Sertifikat dicabut');
    await page.getByLabel('Pilih file PDF').setInputFiles({ name: 'lama.pdf', mimeType: 'application/pdf', buffer: pdf });
    // The re-issued PDF is another file: it is not the revoked certificate's.
    await page.getByText(/File PDF tidak cocok/).waitFor();
  });
});

describe('when the server cannot answer', () => {
  it('should say the server is unreachable, and that there were too many checks', async () => {
    await page.route('**/api/verifikasi/**', (route) => route.abort('internetdisconnected'));
    await page.goto(url);
    await page.getByRole('heading', { level: 2, name: /Server tidak dapat dihubungi/ }).waitFor();
    await expectAccessible(page, 'offline');
    await page.unroute('**/api/verifikasi/**');
    await page.route('**/api/verifikasi/**', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '30' }, body: JSON.stringify({ message: 'Terlalu banyak pemeriksaan. Coba lagi nanti.' }) }),
    );
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await page.getByRole('heading', { level: 2, name: 'Terlalu banyak pemeriksaan. Coba lagi nanti.' }).waitFor();
    await expectAccessible(page, 'rate limited');
    await page.unroute('**/api/verifikasi/**');
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await page.getByRole('heading', { level: 2, name: 'Sertifikat valid' }).waitFor();
  });

  it('should open the page offline from the service worker, saying the server is unreachable', async () => {
    await page.goto(url);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/verifikasi/${oldKode}`);
      await page.getByRole('heading', { level: 1, name: 'Verifikasi Sertifikat' }).waitFor();
      await page.getByRole('heading', { level: 2, name: /Server tidak dapat dihubungi/ }).waitFor();
      if (shots) await page.screenshot({ path: `${shots}/verifikasi-offline-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
    } finally {
      await context.setOffline(false);
    }
  });
});
