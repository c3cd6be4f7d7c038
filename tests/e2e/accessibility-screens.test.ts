// Accessibility (docs/accessibility.md): every screen of every role that may open it (the route table of
// src/domain/role-access.ts), the login page logged out, '/unauthorized', the phone drawer and
// the user menu, each at 390 and 1280 px: axe with WCAG 2.0/2.1 A and AA (colour contrast
// included) finds no serious or critical violation. Keyboard checks of the layout: sidebar
// links, the user menu and a list's row actions by Tab and Enter/Space, and a visible focus ring.
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GuardedPath, ROLES, type Role, canAccess, ROUTE_ACCESS } from '../../src/domain/role-access';
import {
  errorWiringProblems,
  expectAccessible,
  focusInside,
  isFocused,
  seriousViolations,
  tabTo,
  violationsAtWidths,
  waitForLoaded,
  waitForScreen,
} from './helpers/a11y';
import { DESKTOP, PHONE, login, newContext } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const USERNAME: Record<Role, string> = { HR: 'hr', Pembimbing: 'pembimbing', Mentor: 'mentor', BusHead: 'bushead' };

/** The h1 each screen shows once it is there. */
const HEADING: Record<GuardedPath, (role: Role) => string> = {
  '/dashboard': (role) => `Dashboard ${role}`,
  '/profile': () => 'Detail Profil',
  '/notifikasi': () => 'Notifikasi',
  '/approval': () => 'Approval Management',
  '/certificates/mahasiswa': () => 'Sertifikat Mahasiswa',
  '/certificates/siswa': () => 'Sertifikat Siswa',
  '/peserta/mahasiswa': () => 'Daftar Peserta Mahasiswa',
  '/peserta/siswa': () => 'Daftar Peserta Siswa',
  '/penilaian': () => 'Penilaian Peserta Magang',
  '/rekap-presensi': () => 'Rekap Presensi',
  '/presensi': () => 'Presensi Peserta Magang',
  '/users': () => 'Daftar Users',
  '/kompetensi': () => 'Kompetensi',
  '/divisi': () => 'Divisi',
  '/instansi': () => 'Instansi',
  '/grade': () => 'Management Grade Template',
};
const UNAUTHORIZED = 'Unauthorized - You do not have permission to access this page.';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

describe('accessibility of the screens (axe, WCAG 2.1 AA)', () => {
  it('should have no serious violation on the login page, also with its errors shown', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Selamat Datang' }).waitFor();
    // '/' is first the HTML form (src/app/login-shell.ts), live until the app replaces it on
    // first use: check both — the HTML one as served, then React's with its errors.
    expect(await page.evaluate(() => document.querySelector('main[data-login-shell]') !== null)).toBe(true);
    await waitForLoaded(page);
    const found = await violationsAtWidths(page, 'login (HTML)');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await errorWiringProblems(page.locator('form'))).toEqual([]);
    found.push(...(await violationsAtWidths(page, 'login with errors')));
    await context.close();
    expect(found, found.join('\n')).toEqual([]);
  });

  it.each(ROLES)('should have no serious violation on any screen %s may open, nor in its drawer and user menu', async (role) => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page, server.url, USERNAME[role]);
    const paths = (Object.keys(ROUTE_ACCESS) as GuardedPath[]).filter((path) => canAccess(path, role));
    const found: string[] = [];
    // Screens are opened from the sidebar, as a user does (no reload, so axe stays injected).
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    await nav.waitFor();
    const collapsed = nav.locator('button[aria-expanded="false"]');
    while ((await collapsed.count()) > 0) await collapsed.first().click();
    for (const path of paths) {
      await page.setViewportSize(DESKTOP);
      if (path === '/profile') {
        await page.getByRole('button', { name: 'Menu pengguna' }).click();
        await page.getByRole('menuitem', { name: 'Profile' }).click();
      } else if (path === '/notifikasi') {
        // The top bar's bell: on a phone it opens the page (on a wide screen, its panel).
        await page.setViewportSize(PHONE);
        await page.getByRole('banner').getByRole('link', { name: /^Notifikasi/ }).click();
      } else {
        await nav.locator(`a[href="${path}"]`).click();
      }
      await waitForScreen(page, HEADING[path](role));
      found.push(...(await violationsAtWidths(page, `${role} ${path}`, () => waitForLoaded(page))));
    }
    await page.goto(`${server.url}/unauthorized`);
    await waitForScreen(page, UNAUTHORIZED);
    found.push(...(await violationsAtWidths(page, `${role} /unauthorized`)));

    // The phone drawer (sidebar under 768 px) and the user menu, open.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.waitForFunction(() => document.getElementById('sidebar')?.getBoundingClientRect().left === 0);
    found.push(...(await seriousViolations(page, `${role} drawer @390`)));
    await page.keyboard.press('Escape');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Menu pengguna' }).click();
      await page.getByRole('menu').waitFor();
      found.push(...(await seriousViolations(page, `${role} user menu @${size.width}`)));
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
    }
    await context.close();
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('keyboard access of the layout', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await newContext(browser, DESKTOP)).newPage();
    await login(page, server.url, 'hr');
    await waitForScreen(page, 'Dashboard HR');
  });

  it('should reach the sidebar groups and links with Tab and open them with Space and Enter', async () => {
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    const group = nav.getByRole('button', { name: 'Management' });
    await page.locator('body').focus();
    await tabTo(page, group);
    await expect(group.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Space');
    await expect(group.getAttribute('aria-expanded')).resolves.toBe('true');
    const link = nav.getByRole('link', { name: 'Divisi', exact: true });
    await tabTo(page, link, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/divisi`);
    await waitForScreen(page, 'Divisi');
  });

  it('should open the user menu with Enter and Space, move with the arrows, close with Esc', async () => {
    const button = page.getByRole('button', { name: 'Menu pengguna' });
    await page.locator('body').focus();
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(isFocused(menu.getByRole('menuitem', { name: 'Profile' }))).resolves.toBe(true);
    await page.keyboard.press('End');
    await expect(isFocused(menu.getByRole('menuitem', { name: 'Logout' }))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect(isFocused(button)).resolves.toBe(true);
    await page.keyboard.press('Space');
    await expect(isFocused(menu.getByRole('menuitem', { name: 'Profile' }))).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/profile`);
    await waitForScreen(page, 'Detail Profil');
  });

  it("should reach a list's row actions with Tab and open them with Enter and Space", async () => {
    await page.goto(`${server.url}/divisi`);
    await waitForScreen(page, 'Divisi');
    const row = page.getByRole('row').filter({ hasText: 'Keuangan' });
    const detail = row.getByRole('button', { name: 'Detail', exact: true });
    await page.locator('body').focus();
    await tabTo(page, detail);
    await page.keyboard.press('Space');
    const details = page.getByRole('dialog', { name: 'Detail Divisi' });
    await details.waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await expect(isFocused(detail)).resolves.toBe(true);
    const edit = row.getByRole('button', { name: 'Edit', exact: true });
    await page.keyboard.press('Tab');
    await expect(isFocused(edit)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Edit Divisi' }).waitFor();
    await expectAccessible(page, 'Edit Divisi opened by keyboard');
    await page.keyboard.press('Escape');
    await expect(isFocused(edit)).resolves.toBe(true);
  });

  it('should open the phone drawer by keyboard, keep Tab inside it, and close it with Esc', async () => {
    await page.setViewportSize(PHONE);
    const toggle = page.getByRole('button', { name: 'Buka menu' });
    await page.locator('body').focus();
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const drawer = page.locator('#sidebar');
    await expect(isFocused(drawer.getByRole('button', { name: 'Tutup menu' }))).resolves.toBe(true);
    const stops = await drawer.locator('a[href]:visible, button:visible').count();
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInside(drawer), `Tab ${i + 1} stays in the drawer`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(isFocused(toggle)).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.setViewportSize(DESKTOP);
  });

  it('should show a focus ring on a focused button, link and input', async () => {
    await page.goto(`${server.url}/users`);
    await waitForScreen(page, 'Daftar Users');
    // The mentor's row by its employee id (its username cell also shows the full name).
    const mentorRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'EMP003', exact: true }) });
    const targets: [string, Locator][] = [
      ['link', page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Dashboard' })],
      ['button', page.getByRole('button', { name: 'Menu pengguna' })],
      ['button in a row', mentorRow.getByRole('button', { name: 'Edit', exact: true })],
      ['input', page.getByPlaceholder(/^Cari/)],
    ];
    for (const [what, target] of targets) {
      await page.locator('body').focus();
      await tabTo(page, target);
      const ring = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return {
          focusVisible: el.matches(':focus-visible'),
          outline: outlined ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}` : null,
          shadow: style.boxShadow !== 'none' ? style.boxShadow : null,
        };
      });
      expect(ring.focusVisible, what).toBe(true);
      expect(ring.outline ?? ring.shadow, `${what} shows no focus ring`).not.toBeNull();
    }
  });
});
