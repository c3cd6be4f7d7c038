import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REKAP_MSG } from '../../src/domain/rekap-presensi';
import { DESKTOP, PHONE, login, newContext } from './helpers/browser';
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
      '/dashboard', '/peserta/mahasiswa', '/peserta/siswa', '/approval', '/certificates/mahasiswa',
      '/certificates/siswa', '/users', '/kompetensi', '/divisi', '/instansi', '/grade', '/rekap-presensi',
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

/** The sidebar, shown: behind the drawer toggle at 390 px, always there at 1280 px. */
async function shownNav(page: Page, viewport: { width: number }): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Menu utama' });
  if (viewport.width < 768) await page.getByRole('button', { name: 'Buka menu' }).click();
  await nav.waitFor();
  return nav;
}

// 'Rekap Presensi' (HR only) is a link of the Management group, not a top-level item; its route
// and guard are unchanged.
describe('Rekap Presensi in the sidebar', () => {
  for (const [width, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    it(`should list it for hr inside Management, hidden while the group is closed, at ${width} px`, async () => {
      const page = await (await newContext(browser, viewport)).newPage();
      await login(page, server.url, 'hr');
      const nav = await shownNav(page, viewport);
      const group = nav.getByRole('button', { name: 'Management', exact: true });
      const sublist = nav.locator('#nav-group-management');
      // The one link to it anywhere in the sidebar is the group's.
      await expect(nav.locator('a[href="/rekap-presensi"]').count()).resolves.toBe(1);
      await expect(sublist.locator('a[href="/rekap-presensi"]').count()).resolves.toBe(1);
      const link = sublist.getByRole('link', { name: 'Rekap Presensi', exact: true });
      await expect(group.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(link.isVisible()).resolves.toBe(false);
      await group.click();
      await link.click();
      await page.waitForURL(`${server.url}/rekap-presensi`);
      await page.getByRole('heading', { level: 1, name: REKAP_MSG.title, exact: true }).waitFor();
      // On the screen, its group is open and marked as holding the current page.
      await shownNav(page, viewport);
      await expect(group.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(group.getAttribute('class')).resolves.toContain('has-active');
      await expect(link.getAttribute('class')).resolves.toContain('active');
    });

    it.each(['mentor', 'pembimbing', 'bushead'])(`should not show it to %s at ${width} px`, async (username) => {
      const page = await (await newContext(browser, viewport)).newPage();
      await login(page, server.url, username);
      const nav = await shownNav(page, viewport);
      await expandAllGroups(page);
      // The role's own links are there (so the sidebar has rendered), this one is not.
      await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      await expect(nav.locator('a[href="/rekap-presensi"]').count()).resolves.toBe(0);
      await expect(nav.getByText('Rekap Presensi').count()).resolves.toBe(0);
    });
  }
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
