import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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
afterAll(async () => {
  await browser?.close();
  await server?.stop();
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
