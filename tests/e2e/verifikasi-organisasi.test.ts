// The public verification page carries the organisation: its name and logo in the header (not
// the app's icon and 'Magang'), the contact line of ORGANISASI_KONTAK; 'Kode tidak ditemukan'
// with its icon and the code's format; no drag-and-drop text on a touch screen; and opened from
// a QR code's link, the result comes before the code field. At 390 px (touch) and 1280 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './helpers/browser';
import { apiToken } from './helpers/master-data';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { makePng } from '../helpers/png';

const KONTAK = 'sertifikat@sinar-retail.co.id · (021) 555-0123';
const ORGANISASI = 'PT Sinar Retail Nusantara';
const UNKNOWN = '0000000000000000000000000Z';
let server: RunningServer;
let browser: Browser;
let kode = '';
const contexts: BrowserContext[] = [];

useServerAndBrowser(
  async (started, launched) => {
    [server, browser] = [started, launched];
    const token = await apiToken(server.url, 'hr');
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(makePng(240, 80, 3))], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${server.url}/api/organisasi/logo`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(200);
    for (const jenjang of ['SMK', 'Mahasiswa']) {
      const answer = await fetch(`${server.url}/api/sertifikat/peserta?jenjang=${jenjang}`, { headers: { Authorization: `Bearer ${token}` } });
      const rows = ((await answer.json()) as { data: { sertifikat: { kode: string } | null }[] }).data;
      kode ||= rows.find((row) => row.sertifikat)?.sertifikat?.kode ?? '';
    }
    expect(kode).not.toBe('');
  },
  { env: { ORGANISASI_KONTAK: KONTAK } },
);
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A page at 390 px as a phone (touch, no hover) or at 1280 px with a mouse. */
async function pageAt(width: number): Promise<Page> {
  const touch = width === PHONE.width;
  const context = await browser.newContext({ viewport: touch ? PHONE : DESKTOP, locale: 'id-ID', hasTouch: touch, isMobile: touch });
  contexts.push(context);
  return context.newPage();
}

describe('the verification page of the organisation', () => {
  it.each([PHONE.width, DESKTOP.width])('should show the organisation, its logo and contact, and the result first from a link (%i px)', async (width) => {
    const page = await pageAt(width);
    await page.goto(`${server.url}/verifikasi/${kode}`);
    const result = page.getByRole('heading', { level: 2, name: 'Sertifikat valid' });
    await result.waitFor();
    const header = page.locator('header');
    await header.getByText(ORGANISASI, { exact: true }).waitFor();
    expect(await header.innerText()).not.toContain('Magang');
    const logo = header.getByRole('img', { name: `Logo ${ORGANISASI}` });
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(240);
    await page.getByText(`Pertanyaan tentang sertifikat: ${KONTAK}`).waitFor();
    expect(await page.title()).toBe(`Verifikasi Sertifikat · ${ORGANISASI}`);
    // From a link the answer comes first, the code field after it.
    const resultTop = (await result.boundingBox())?.y ?? Infinity;
    const fieldTop = (await page.getByLabel('Kode verifikasi').boundingBox())?.y ?? -1;
    expect(resultTop).toBeLessThan(fieldTop);
    // Dragging a file is offered only where there is a mouse.
    expect(await page.getByText('tarik dan lepas', { exact: false }).isVisible()).toBe(width !== PHONE.width);
  });

  it.each([PHONE.width, DESKTOP.width])("should show 'Kode tidak ditemukan' with an icon and the code's format (%i px)", async (width) => {
    const page = await pageAt(width);
    await page.goto(`${server.url}/verifikasi/${UNKNOWN}`);
    const heading = page.getByRole('heading', { level: 2, name: 'Kode tidak ditemukan' });
    await heading.waitFor();
    expect(await heading.locator('.verifikasi-mark').isVisible()).toBe(true);
    await page.getByText('Kode verifikasi terdiri dari 26 huruf dan angka, tercetak di bawah kode QR sertifikat').waitFor();
  });

  it('should put the code field first on /verifikasi without a code', async () => {
    const page = await pageAt(PHONE.width);
    await page.goto(`${server.url}/verifikasi`);
    await page.locator('header').getByText(ORGANISASI, { exact: true }).waitFor();
    const field = page.getByLabel('Kode verifikasi');
    await field.waitFor();
    const introTop = (await page.getByText('Periksa keaslian sertifikat magang').boundingBox())?.y ?? Infinity;
    expect(introTop).toBeLessThan((await field.boundingBox())?.y ?? -1);
  });
});
