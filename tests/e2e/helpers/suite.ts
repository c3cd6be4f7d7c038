// The setup most browser-test files share: their own server (a fresh copy of the seeded data)
// and browser, started together before the file's tests and stopped after them.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, login, newContext } from './browser';
import { type RunningServer, startServer } from './server';

/**
 * Registers the file's beforeAll/afterAll; `ready` receives the server and browser once started
 * and may go on with the file's own setup (logins, data): both are stopped after the file even
 * when that setup fails. `options` go to startServer (e.g. the working set's windows in `env`).
 */
export function useServerAndBrowser(
  ready: (server: RunningServer, browser: Browser) => void | Promise<void>,
  options: Parameters<typeof startServer>[0] = {},
): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
    await ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** What useLoggedInPage hands over: the file's server and browser, and one desktop page logged in. */
export interface LoggedInPage {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * useServerAndBrowser plus the page most files drive: a desktop context and page logged in as
 * `username` (HR unless told). `seed` runs first, to add the file's own rows through the API
 * before the page's first pull; `ready` receives everything and may go on (open a screen).
 */
export function useLoggedInPage(
  ready: (started: LoggedInPage) => void | Promise<void>,
  options: { username?: string; seed?: (server: RunningServer) => Promise<void> } = {},
): void {
  useServerAndBrowser(async (server, browser) => {
    await options.seed?.(server);
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, server.url, options.username ?? 'hr');
    await ready({ server, browser, context, page });
  });
}
