// A tapped mark is kept, on a 390 px phone: marks tapped online and offline survive leaving the
// screen (sidebar → Dashboard), changing the date and a reload; each row says where its mark is;
// the offline taps of the day travel as ONE request once the device is back online; and the
// server (read as HR) holds each mark exactly once. The server counts every weekday as a working
// day (HARI_KERJA=1-7), so the test does not depend on the weekday it runs on.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaDate } from '../../src/domain/dates';
import { addDays } from '../../src/domain/presensi';
import { PRESENSI_SCREEN_MSG as T } from '../../src/domain/presensi-screen';
import { waitForScreen } from './helpers/a11y';
import { PHONE, launchBrowser, login, newContext } from './helpers/browser';
import { waitForServiceWorker } from './helpers/nilai';
import { readOutbox } from './helpers/outbox';
import { addMentorPeserta, marksOnServer } from './helpers/presensi';
import { type RunningServer, startServer } from './helpers/server';

const TODAY = jakartaDate(new Date());
const NAMES = ['Simpan Satu', 'Simpan Dua', 'Simpan Tiga'] as const;
type Name = (typeof NAMES)[number];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ids: Map<string, number>;
/** Every PUT /api/presensi the browser sends (page and service worker). */
const puts: string[] = [];

const rowOf = (nama: Name): Locator => page.locator('.presensi-row').filter({ hasText: nama });
const button = (nama: Name, status: string): Locator => rowOf(nama).getByRole('button', { name: status, exact: true });

async function expectPressed(nama: Name, status: string): Promise<void> {
  await expect.poll(() => button(nama, status).getAttribute('aria-pressed')).toBe('true');
}

/** Through the drawer menu (390 px) to `link`. */
async function openFromMenu(link: string): Promise<void> {
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: link, exact: true }).click();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HARI_KERJA: '1-7' } }), launchBrowser()]);
  ({ ids } = await addMentorPeserta(server.url, NAMES, { from: addDays(TODAY, -14), to: addDays(TODAY, 30) }, 'SMP'));
  context = await newContext(browser, PHONE);
  context.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/presensi') puts.push(request.url());
  });
  page = await context.newPage();
  await login(page, server.url, 'mentor');
  await waitForServiceWorker(page);
  await openFromMenu('Presensi');
  await waitForScreen(page, T.title);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('A tapped mark is kept (390 px)', () => {
  it('should keep every tap through leaving the screen, another date, a reload and being offline, and store each once on the server', async () => {
    for (const nama of NAMES) await rowOf(nama).getByText(T.notMarked).waitFor();
    // Online: the tap is sent at once.
    await button('Simpan Satu', 'Hadir').click();
    await rowOf('Simpan Satu').getByText(T.sent, { exact: true }).waitFor();
    expect(puts).toHaveLength(1);

    // Offline: kept on the device, said on the row.
    await context.setOffline(true);
    await button('Simpan Dua', 'Sakit').click();
    await rowOf('Simpan Dua').getByText(T.onDevice).waitFor();
    // Leaving the screen and coming back.
    await openFromMenu('Dashboard');
    await page.waitForURL(`${server.url}/dashboard`);
    await openFromMenu('Presensi');
    await waitForScreen(page, T.title);
    await expectPressed('Simpan Dua', 'Sakit');
    await rowOf('Simpan Dua').getByText(T.onDevice).waitFor();
    await button('Simpan Tiga', 'Alpa').click();
    await rowOf('Simpan Tiga').getByText(T.onDevice).waitFor();
    // Another date and back.
    await page.getByRole('button', { name: T.prevDay }).click();
    await expect.poll(() => page.getByLabel('Tanggal', { exact: true }).inputValue()).toBe(addDays(TODAY, -1));
    await rowOf('Simpan Dua').getByText(T.notMarked).waitFor();
    await page.getByRole('button', { name: T.nextDay }).click();
    await expectPressed('Simpan Dua', 'Sakit');
    await expectPressed('Simpan Tiga', 'Alpa');
    // A reload (the service worker serves the app offline).
    await page.reload();
    await waitForScreen(page, T.title);
    await expectPressed('Simpan Satu', 'Hadir');
    await expectPressed('Simpan Dua', 'Sakit');
    await expectPressed('Simpan Tiga', 'Alpa');
    await rowOf('Simpan Tiga').getByText(T.onDevice).waitFor();
    // The day's two offline taps are ONE waiting change; nothing was sent meanwhile.
    expect(await readOutbox(page)).toHaveLength(1);
    expect(puts).toHaveLength(1);

    // Back online: sent once, and every row says so.
    await context.setOffline(false);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 30_000 }).toBe(0);
    for (const nama of NAMES) await rowOf(nama).getByText(T.sent, { exact: true }).waitFor({ timeout: 30_000 });
    expect(puts).toHaveLength(2);
    expect(await marksOnServer(server.url, ids.get('Simpan Satu')!)).toEqual([{ tanggal: TODAY, status: 'Hadir', catatan: null }]);
    expect(await marksOnServer(server.url, ids.get('Simpan Dua')!)).toEqual([{ tanggal: TODAY, status: 'Sakit', catatan: null }]);
    expect(await marksOnServer(server.url, ids.get('Simpan Tiga')!)).toEqual([{ tanggal: TODAY, status: 'Alpa', catatan: null }]);
  });
});
