// Route-level code splitting (issue P6): each screen is its own chunk, fetched on first open.
// The service worker precaches every chunk, so a screen never opened online still opens offline.
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import { waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every built JS file the page loaded, with whether the service worker answered it. */
const loaded: { file: string; fromServiceWorker: boolean }[] = [];

function chunksNamed(prefix: string) {
  return loaded.filter(({ file }) => file.startsWith(`${prefix}-`));
}

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  context = await newContext(browser);
  page = await context.newPage();
  page.on('response', (response: Response) => {
    const match = /\/assets\/([^/?]+\.js)$/.exec(new URL(response.url()).pathname);
    if (match) loaded.push({ file: match[1]!, fromServiceWorker: response.fromServiceWorker() });
  });
  await login(page, server.url, 'hr');
  // The first visit installs the service worker (and its precache); it must control the page
  // before the browser goes offline.
  await waitForServiceWorker(page);
});

describe('screens split into chunks', () => {
  it('should load only the dashboard screen chunk after login', async () => {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(chunksNamed('dashboard-page')).toHaveLength(1);
    expect(chunksNamed('grade-page')).toEqual([]);
    expect(chunksNamed('sertifikat-page')).toEqual([]);
  });

  it('should open screens never opened online from the precache while offline', async () => {
    await context.setOffline(true);
    try {
      // In-app navigation: the grade chunk is fetched now, for the first time.
      const nav = page.getByRole('navigation', { name: 'Menu utama' });
      await nav.getByRole('button', { name: 'Management' }).click();
      await nav.getByRole('link', { name: 'Grade', exact: true }).click();
      await page.waitForURL(`${server.url}/grade`);
      await page.getByRole('heading', { name: 'Management Grade Template' }).waitFor();
      expect(chunksNamed('grade-page')).toEqual([{ file: expect.any(String), fromServiceWorker: true }]);

      // A cold start offline on a deep link: the shell, then a chunk never loaded before.
      await page.goto(`${server.url}/certificates/siswa`);
      await page.getByRole('heading', { name: 'Sertifikat Siswa', level: 1 }).waitFor();
      expect(chunksNamed('sertifikat-page')).toEqual([{ file: expect.any(String), fromServiceWorker: true }]);
    } finally {
      await context.setOffline(false);
    }
  });
});
