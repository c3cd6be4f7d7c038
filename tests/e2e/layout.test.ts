import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, login, newContext } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

// The sidebar per role: group buttons and the links each role sees.
const SIDEBAR: Record<string, { groups: string[]; links: string[] }> = {
  mentor: { groups: [], links: ['/dashboard', '/penilaian', '/presensi'] },
  pembimbing: {
    groups: ['Peserta', 'Certificate'],
    links: ['/dashboard', '/peserta/mahasiswa', '/peserta/siswa', '/approval', '/certificates/mahasiswa', '/certificates/siswa'],
  },
  hr: {
    groups: ['Peserta', 'Certificate', 'Management'],
    links: [
      '/dashboard', '/peserta/mahasiswa', '/peserta/siswa', '/approval', '/rekap-presensi', '/certificates/mahasiswa',
      '/certificates/siswa', '/users', '/kompetensi', '/divisi', '/instansi', '/grade',
    ],
  },
  bushead: {
    groups: ['Certificate'],
    links: ['/dashboard', '/approval', '/certificates/mahasiswa', '/certificates/siswa'],
  },
};

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

async function expandAllGroups(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu utama' });
  // The layout is a lazy chunk (start-up time, docs/performance.md): the URL can change before the sidebar has rendered.
  await nav.waitFor();
  const groups = nav.locator('button[aria-expanded]');
  const names: string[] = [];
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    names.push(((await group.textContent()) ?? '').trim());
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  }
  return names;
}

describe('layout', () => {
  it.each(Object.keys(SIDEBAR))('should show %s exactly the sidebar of its role', async (username) => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, username);
    const expected = SIDEBAR[username]!;
    const groupNames = await expandAllGroups(page);
    expect(groupNames).toEqual(expected.groups);
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    const hrefs = await nav.locator('a').evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
    expect(hrefs).toEqual(expected.links);
    await expect(page.getByRole('banner').textContent()).resolves.toContain(username);
  });

  it('should collapse and expand a group', async () => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, 'hr');
    const group = page.getByRole('button', { name: 'Management' });
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await page.getByRole('link', { name: 'Kompetensi' }).waitFor();
    await group.click();
    await expect(group.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.getByRole('link', { name: 'Kompetensi' }).waitFor({ state: 'hidden' });
  });

  it('should open Profile and Logout from the user menu', async () => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, 'pembimbing');
    // The layout is a lazy chunk: open the menu once the whole shell is there.
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
    await page.getByRole('button', { name: 'Menu pengguna' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'Detail Profil' }).waitFor();
    await page.getByRole('button', { name: 'Menu pengguna' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/`);
  });

  it('should hide the sidebar behind a drawer toggle at 390 px', async () => {
    const page = await (await newContext(browser, PHONE)).newPage();
    await login(page, server.url, 'hr');
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    const toggle = page.getByRole('button', { name: 'Buka menu' });
    // The layout is rendered once the toggle shows; only then does "hidden" mean something.
    await toggle.waitFor();
    // Closed, the drawer is in the DOM but hidden (so also out of the accessibility tree).
    const drawer = page.locator('nav[aria-label="Menu utama"]');
    await drawer.waitFor({ state: 'attached' });
    await expect(drawer.isVisible()).resolves.toBe(false);
    await expect(toggle.getAttribute('title')).resolves.toBe('Buka menu');
    await toggle.click();
    await nav.waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: 'Approval', exact: true }).click();
    await page.waitForURL(`${server.url}/approval`);
    await nav.waitFor({ state: 'hidden' });
    await toggle.click();
    await nav.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
  });

  it('should show the sidebar without a drawer toggle at 1280 px', async () => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, 'bushead');
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
    await page.getByRole('button', { name: 'Menu pengguna' }).waitFor();
    await expect(page.getByRole('button', { name: 'Buka menu' }).isVisible()).resolves.toBe(false);
  });
});

// Before the app's JS has run (held here), a logged-in page paints the frame (top bar; sidebar
// on wide screens) with 'Memuat...' in the content area, where the real frame will be.
describe('start-up frame', () => {
  for (const [width, viewport] of [['390', PHONE], ['1280', { width: 1280, height: 800 }]] as const) {
    it(`should paint the frame before the app loads at ${width} px`, async () => {
      const context = await newContext(browser, viewport);
      try {
        const page = await context.newPage();
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(`${server.url}/dashboard`);
        const box = async (selector: string) => page.locator(selector).boundingBox();
        const topbar = await box('.boot-topbar');
        expect(topbar?.height).toBe(60);
        const loading = page.getByRole('status').getByText('Memuat...', { exact: true });
        await loading.waitFor();
        const spinnerAt = await loading.boundingBox();
        expect(spinnerAt!.y).toBeGreaterThan(60);
        if (viewport.width >= 768) {
          const sidebar = await box('.boot-sidebar');
          expect(sidebar).toMatchObject({ x: 0, width: 256 });
          expect(topbar?.x).toBe(256);
          expect(spinnerAt!.x).toBeGreaterThan(256);
        } else {
          await expect(page.locator('.boot-sidebar').isVisible()).resolves.toBe(false);
        }
      } finally {
        await context.close();
      }
    });
  }
});
