import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  context = await newContext(browser);
  page = await context.newPage();
  await login(page, server.url, 'mentor');
  // The first visit installs the service worker; clientsClaim makes it control this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
});

async function expectShell(target: Page): Promise<void> {
  await target.getByRole('navigation', { name: 'Menu utama' }).waitFor();
  await target.getByText('Role: Mentor').waitFor();
  await expect(target.getByRole('banner').textContent()).resolves.toContain('mentor');
}

describe('app shell offline', () => {
  it('should render the shell after a reload with the browser offline', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await expectShell(page);
      await page.getByText('Offline', { exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Penilaian', exact: true }).click();
      await page.waitForURL(`${server.url}/penilaian`);
    } finally {
      await context.setOffline(false);
    }
    await page.getByText('Offline', { exact: true }).waitFor({ state: 'hidden' });
  });

  it('should render the shell after a reload with the server stopped', async () => {
    await server.stop();
    try {
      await page.goto(`${server.url}/dashboard`);
      await expectShell(page);
      // A deep link is answered by the navigation fallback too.
      await page.goto(`${server.url}/profile`);
      await page.getByRole('heading', { name: 'Detail Profil' }).waitFor();
    } finally {
      await server.start();
    }
  });

  // A link that answers nothing (a phone on a weak signal): the start used to wait for the
  // profile up to its 6 s timeout. The device's session and cached profile open the screens at
  // once; the profile request, held here, is still in flight when they show (not yet timed out).
  it('should open the screens at once while the profile check gets no answer', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let failed = 0;
    const onFailed = (request: { url(): string }) => void (request.url().endsWith('/api/auth/profile') && (failed += 1));
    page.on('requestfailed', onFailed);
    await context.route('**/api/auth/profile', async (route) => {
      asked += 1;
      await held;
      await route.continue().catch(() => undefined);
    });
    try {
      await page.goto(`${server.url}/dashboard`);
      await expectShell(page);
      expect(asked).toBe(1);
      expect(failed).toBe(0);
    } finally {
      release();
      page.off('requestfailed', onFailed);
      await context.unroute('**/api/auth/profile');
    }
  });

  it('should reopen in a new tab with the last session while the server is down', async () => {
    await server.stop();
    try {
      const reopened = await context.newPage();
      await reopened.goto(`${server.url}/dashboard`);
      await expectShell(reopened);
      await reopened.close();
    } finally {
      await server.start();
    }
  });
});
