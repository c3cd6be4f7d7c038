// Chromium for the browser suite. Every launch carries the flags below, including
// --host-resolver-rules (Chromium looks up Google hosts even with background networking off),
// so nothing the browser does can reach the internet.
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
];

/** Launches Debian's Chromium (or CHROMIUM_PATH). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A browser whose profile lives in `userDataDir` (IndexedDB, service worker and caches survive
 * closing it): close the context and call again with the same folder to "reopen the browser".
 */
export function launchPersistent(userDataDir: string, viewport = DESKTOP): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport,
    locale: 'id-ID',
  });
}

/** A fresh context (own storage, own service worker) with the given viewport. */
export function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'id-ID' });
}

/** Passwords of the demo accounts (SEED=demo; README "Demo accounts"). */
export const DEMO_PASSWORDS: Record<string, string> = {
  hr: 'hr1234',
  pembimbing: 'pembimbing1234',
  mentor: 'mentor1234',
  bushead: 'bushead1234',
};

/** Logs in through the login form and waits for the dashboard. */
export async function login(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS[username] ?? '');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}
