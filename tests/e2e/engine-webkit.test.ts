// The offline journey in WebKit, Safari's engine (WebKitGTK's MiniBrowser over WebDriver under
// Xvfb): no Background Sync, its own IndexedDB and service-worker rules.
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { apiToken } from './helpers/master-data';
import { type EnginePage, JOURNEY_SERVER_ENV, certificateOfflineJourney, mentorOfflineJourney, loginAs, step, waitUntil } from './helpers/engine-journey';
import { listPeserta } from './helpers/peserta';
import { type RunningServer, startServer } from './helpers/server';
import { MINIBROWSER, type WebKitSession, type WebKitWindow, openWebKitWindow, webkitAvailable } from './helpers/webkit';

let server: RunningServer;
/** The window of the running test, stopped after it with everything it started. */
let webkit: WebKitWindow | null = null;

beforeAll(async () => {
  if (!webkitAvailable()) throw new Error(`WebKitGTK not found (${MINIBROWSER}): apt-get install -y webkit2gtk-driver xvfb`);
  server = await startServer({ env: JOURNEY_SERVER_ENV });
}, 120_000);

afterEach(async () => {
  await webkit?.stop();
  webkit = null;
});

afterAll(async () => {
  await server?.stop();
});

/** A WebKit of its own (display, driver, profile, storage and service worker) with a window at 1280 × 900. */
async function newTab(): Promise<{ page: EnginePage; session: WebKitSession }> {
  webkit = await openWebKitWindow();
  const { session } = webkit;
  await session.command('POST', '/window/rect', { width: 1280, height: 900 });
  const page: EnginePage = {
    goto: async (url) => void (await session.goto(url)),
    reload: async () => void (await session.reload()),
    run: (fn, ...args) => session.evaluateAsync(fn, ...args),
    type: (css, text) => session.type(css, text),
  };
  return { page, session };
}

describe('WebKit', () => {
  // A page left while a transaction was under way kept the database for itself: every later page
  // of the app waited for it and stayed on 'Memuat...'.
  it('should start every page load, also one that left the previous page mid-way', { timeout: 300_000 }, async () => {
    const { page } = await newTab();
    step('window open');
    await loginAs(page, server.url, 'hr');
    step('logged in');
    for (let i = 0; i < 6; i += 1) {
      await page.goto(`${server.url}/${i % 2 === 0 ? 'dashboard' : 'peserta/siswa'}`);
      step(`page load ${i + 1} navigated`);
      await waitUntil(page, `() => !!document.querySelector('nav[aria-label="Menu utama"]') && !document.body.innerText.includes('Memuat...')`, `page load ${i + 1}`, 15_000);
    }
  });

  it('should keep the mentor scores offline over a reload and replay each once when the server returns', { timeout: 360_000 }, async () => {
    const { page } = await newTab();
    await mentorOfflineJourney(page, server);
  });

  it('should download a certificate PDF made on the device while the server is down', { timeout: 300_000 }, async () => {
    const rizky = (await listPeserta(server.url, await apiToken(server.url, 'hr'), 'SMK')).find((p) => p.nama === 'Rizky Pratama')!;
    const { page } = await newTab();
    await certificateOfflineJourney(page, server, rizky);
  });
});
