import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

// The route table of the app (who may open which screen), written out here on purpose (not imported from
// src/domain): the browser must show exactly this, whatever the code's table says.
const ACCESS: Record<string, string[] | 'all'> = {
  '/dashboard': 'all',
  '/profile': 'all',
  '/notifikasi': 'all',
  '/approval': ['pembimbing', 'hr', 'bushead'],
  '/certificates/mahasiswa': ['pembimbing', 'hr', 'bushead'],
  '/certificates/siswa': ['pembimbing', 'hr', 'bushead'],
  '/peserta/mahasiswa': ['pembimbing', 'hr'],
  '/peserta/siswa': ['pembimbing', 'hr'],
  '/penilaian': ['mentor'],
  '/rekap-presensi': ['hr'],
  '/presensi': ['mentor'],
  '/users': ['hr'],
  '/kompetensi': ['hr'],
  '/divisi': ['hr'],
  '/instansi': ['hr'],
  '/grade': ['hr'],
};
const UNAUTHORIZED_TEXT = 'Unauthorized - You do not have permission to access this page.';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

/**
 * The path once the screen awaited before it has rendered: the guards redirect before any screen
 * renders, so the address is final by then (no need to wait for the network to go quiet).
 */
function settledPath(page: Page): string {
  return new URL(page.url()).pathname;
}

describe('route guards', () => {
  it('should send a logged-out visitor of every guarded path to /', async () => {
    const page = await (await newContext(browser)).newPage();
    for (const path of Object.keys(ACCESS)) {
      await page.goto(`${server.url}${path}`);
      await page.getByLabel('Username', { exact: true }).waitFor();
      expect(settledPath(page), path).toBe('/');
    }
  });

  it('should show the unauthorized page with its exact text inside the layout, and send a logged-out visitor to /', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.url}/unauthorized`);
    await page.getByLabel('Username', { exact: true }).waitFor();
    expect(settledPath(page)).toBe('/');
    await login(page, server.url, 'mentor');
    await page.goto(`${server.url}/unauthorized`);
    await page.getByText(UNAUTHORIZED_TEXT, { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor({ state: 'attached' });
  });

  it.each(['hr', 'pembimbing', 'mentor', 'bushead'])(
    'should let %s open exactly the paths of its role and send it to /unauthorized elsewhere',
    async (username) => {
      const page = await (await newContext(browser)).newPage();
      await login(page, server.url, username);
      for (const [path, allowed] of Object.entries(ACCESS)) {
        await page.goto(`${server.url}${path}`);
        const mayOpen = allowed === 'all' || allowed.includes(username);
        if (mayOpen) {
          await page.getByRole('navigation', { name: 'Menu utama' }).waitFor({ state: 'attached' });
          expect(settledPath(page), `${username} ${path}`).toBe(path);
        } else {
          await page.getByText(UNAUTHORIZED_TEXT, { exact: true }).waitFor();
          expect(settledPath(page), `${username} ${path}`).toBe('/unauthorized');
        }
      }
      await page.goto(`${server.url}/no/such/page`);
      await page.waitForURL(`${server.url}/dashboard`);
      await page.goto(`${server.url}/`);
      await page.waitForURL(`${server.url}/dashboard`);
    },
  );
});
