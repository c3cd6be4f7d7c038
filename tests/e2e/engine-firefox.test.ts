// The offline journey in Firefox (Debian's firefox-esr over WebDriver BiDi): no Background
// Sync there, so the page's own triggers (start, `online`, visibility, the reachability timer)
// carry the whole replay.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken } from './helpers/master-data';
import { type EnginePage, JOURNEY_SERVER_ENV, certificateOfflineJourney, mentorOfflineJourney } from './helpers/engine-journey';
import { FIREFOX_PATH, firefoxAvailable, launchFirefox } from './helpers/firefox';
import { listPeserta } from './helpers/peserta';
import { type RunningServer, startServer } from './helpers/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!firefoxAvailable()) throw new Error(`Firefox not found at ${FIREFOX_PATH}: apt-get install -y firefox-esr`);
  [server, browser] = await Promise.all([startServer({ env: JOURNEY_SERVER_ENV }), launchFirefox()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A tab of its own browser context (own storage and service worker) at 1280 × 900. */
async function newTab(): Promise<EnginePage> {
  const context = await browser.createBrowserContext();
  const page: Page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    run: <T>(fn: string, ...args: unknown[]) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`) as Promise<T>,
    type: async (css, text) => {
      await page.waitForSelector(css);
      await page.focus(css);
      await page.evaluate((selector: string) => (document.querySelector(selector) as HTMLInputElement | null)?.select(), css);
      await page.keyboard.type(text);
    },
  };
}

describe('Firefox', () => {
  it('should keep the mentor scores offline over a reload and replay each once when the server returns', { timeout: 180_000 }, async () => {
    await mentorOfflineJourney(await newTab(), server);
  });

  it('should download a certificate PDF made on the device while the server is down', { timeout: 120_000 }, async () => {
    const rizky = (await listPeserta(server.url, await apiToken(server.url, 'hr'), 'SMK')).find((p) => p.nama === 'Rizky Pratama')!;
    await certificateOfflineJourney(await newTab(), server, rizky);
  });
});
