// The setup most browser-test files share: their own server (a fresh copy of the seeded data)
// and browser, started together before the file's tests and stopped after them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

/**
 * Registers the file's beforeAll/afterAll; `ready` receives the server and browser once started
 * and may go on with the file's own setup (logins, data): both are stopped after the file even
 * when that setup fails.
 */
export function useServerAndBrowser(ready: (server: RunningServer, browser: Browser) => void | Promise<void>): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
