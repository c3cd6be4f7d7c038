// Installing the app (docs/features.md): the user menu's 'Pasang aplikasi' entry driven by
// beforeinstallprompt / appinstalled / display-mode, the iOS hint, and the manifest's shortcuts
// and screenshots as the built server serves them. Chromium fires no beforeinstallprompt of its
// own in a fresh (incognito) context, so the menu tests dispatch a synthetic one; the persistent
// profile at the end is installable and gets Chromium's real event.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DB_NAME } from '../../src/db/db-name';
import { DESKTOP, PHONE, launchPersistent, login } from './helpers/browser';
import { ROOT, type RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const INSTALL_ENTRY = 'Pasang aplikasi';
const IOS_HINT = 'Pasang aplikasi: ketuk Bagikan, lalu Tambahkan ke Layar Utama';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
// Who may open each shortcut's screen (the route table), written out here on purpose.
const SHORTCUT_USER: Record<string, string> = { '/penilaian': 'mentor', '/presensi': 'mentor', '/approval': 'hr', '/certificates/siswa': 'hr' };

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  form_factor?: string;
  label?: string;
}
interface Manifest {
  shortcuts?: { name: string; short_name: string; url: string; icons: ManifestImage[] }[];
  screenshots?: ManifestImage[];
}

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

/** A fresh context; `init` runs in every page before the app's scripts (fakes of the platform). */
async function newPage(options: { viewport?: typeof DESKTOP; userAgent?: string; init?: () => void } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: 'id-ID',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.init) await context.addInitScript(options.init);
  return context.newPage();
}

/** Fires what Chromium fires when the app can be installed; counts prompt() calls in window.__promptCalls. */
function dispatchBeforeInstallPrompt(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const win = window as unknown as { __promptCalls?: number };
    win.__promptCalls ??= 0;
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        win.__promptCalls = (win.__promptCalls ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

function promptCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __promptCalls?: number }).__promptCalls ?? 0);
}

/** Opens the user menu and answers the names of its items, in order. */
async function openMenuItems(page: Page): Promise<string[]> {
  // The layout is a lazy chunk: the URL can change before the top bar has rendered.
  await page.getByRole('button', { name: 'Menu pengguna' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Profile' }).waitFor();
  return menu.getByRole('menuitem').evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()));
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/**
 * Waits until the login is written to IndexedDB (meta 'session' of database DB_NAME), where a new
 * window - an installed app started from a shortcut - reads it back. Written just after the login
 * screen changes; a window opened before that would start logged out.
 */
async function waitForStoredSession(page: Page): Promise<void> {
  // expect.poll + evaluate awaits the read (waitForFunction would take the Promise itself as truthy).
  const hasStoredSession = () =>
    page.evaluate(
      (dbName) =>
        new Promise<boolean>((resolve) => {
          const request = indexedDB.open(dbName);
          // Never create the database here (Dexie creates it with its own schema).
          request.onupgradeneeded = () => request.transaction?.abort();
          request.onerror = () => resolve(false);
          request.onsuccess = () => {
            const database = request.result;
            if (!database.objectStoreNames.contains('meta')) {
              database.close();
              resolve(false);
              return;
            }
            const get = database.transaction('meta', 'readonly').objectStore('meta').get('session');
            get.onsuccess = () => {
              database.close();
              const row = get.result as { value?: { token?: unknown } } | undefined;
              resolve(typeof row?.value?.token === 'string');
            };
            get.onerror = () => resolve(false);
          };
        }),
      DB_NAME,
    );
  await expect.poll(hasStoredSession, { timeout: 15_000 }).toBe(true);
}

/** The width and height in a PNG's IHDR, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(src: string): Promise<{ contentType: string | null; size: ReturnType<typeof pngSize> }> {
  const response = await fetch(`${server.url}${src}`);
  expect(response.status, src).toBe(200);
  return { contentType: response.headers.get('content-type'), size: pngSize(Buffer.from(await response.arrayBuffer())) };
}

async function fetchManifest(): Promise<Manifest> {
  const response = await fetch(`${server.url}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  return (await response.json()) as Manifest;
}

describe("user menu 'Pasang aplikasi'", () => {
  it('should appear after beforeinstallprompt, prompt once when chosen by keyboard, and go away', async () => {
    const page = await newPage();
    await login(page, server.url, 'mentor');
    expect(await openMenuItems(page)).toEqual(['Profile', 'Logout']);
    await closeMenu(page);

    expect(await dispatchBeforeInstallPrompt(page)).toBe(true);
    expect(await openMenuItems(page)).toEqual(['Profile', INSTALL_ENTRY, 'Logout']);
    // A menu item like the others: reached with the arrow keys, chosen with Enter.
    await page.keyboard.press('ArrowDown');
    const entry = page.getByRole('menuitem', { name: INSTALL_ENTRY, exact: true });
    await expect(entry.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => promptCalls(page)).toBe(1);
    await expect(page.getByRole('button', { name: 'Menu pengguna' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // The event can be used once: the entry is gone until the browser offers again.
    expect(await openMenuItems(page)).toEqual(['Profile', 'Logout']);
    await closeMenu(page);
  });

  it('should keep an event fired on the login page, and hide the entry on appinstalled', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('Username', { exact: true }).waitFor();
    // Before login: the layout (and the menu) is not even loaded yet.
    expect(await dispatchBeforeInstallPrompt(page)).toBe(true);
    await page.getByLabel('Username', { exact: true }).fill('hr');
    await page.getByLabel('Password', { exact: true }).fill('hr1234');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await openMenuItems(page)).toContain(INSTALL_ENTRY);
    await closeMenu(page);

    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    expect(await openMenuItems(page)).toEqual(['Profile', 'Logout']);
    expect(await promptCalls(page)).toBe(0);
  });

  it('should be hidden when the app runs installed (display-mode standalone)', async () => {
    const page = await newPage({
      // Playwright's emulateMedia has no display-mode: answer the query in the page instead.
      init: () => {
        const realMatchMedia = window.matchMedia.bind(window);
        window.matchMedia = (query: string) => {
          const list = realMatchMedia(query);
          return /display-mode:\s*standalone/.test(query) ? Object.defineProperty(list, 'matches', { value: true }) : list;
        };
      },
    });
    await login(page, server.url, 'pembimbing');
    expect(await page.evaluate(() => window.matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await dispatchBeforeInstallPrompt(page);
    expect(await openMenuItems(page)).toEqual(['Profile', 'Logout']);
  });

  it('should tell the Share-sheet steps on an iPhone, and nothing once added to the home screen', async () => {
    const page = await newPage({ viewport: PHONE, userAgent: IPHONE_UA });
    await login(page, server.url, 'mentor');
    expect(await openMenuItems(page)).toEqual(['Profile', IOS_HINT, 'Logout']);
    const hint = page.getByRole('menuitem', { name: IOS_HINT, exact: true });
    await expect(hint.isVisible()).resolves.toBe(true);
    await hint.click();
    await page.getByRole('menu').waitFor({ state: 'detached' });

    const homeScreen = await newPage({
      viewport: PHONE,
      userAgent: IPHONE_UA,
      init: () => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true, configurable: true }),
    });
    await login(homeScreen, server.url, 'mentor');
    expect(await openMenuItems(homeScreen)).toEqual(['Profile', 'Logout']);
  });
});

describe('manifest.webmanifest', () => {
  it('should list shortcuts whose URLs open their screen after login, with PNG icons of the declared size', async () => {
    const manifest = await fetchManifest();
    const shortcuts = manifest.shortcuts ?? [];
    expect(shortcuts.map((s) => s.url)).toEqual(['/penilaian', '/presensi', '/approval', '/certificates/siswa']);
    for (const shortcut of shortcuts) {
      expect(shortcut.short_name.length, shortcut.url).toBeGreaterThan(0);
      expect(shortcut.short_name.length, shortcut.url).toBeLessThanOrEqual(12);
      expect(shortcut.icons.length, shortcut.url).toBeGreaterThan(0);
      for (const icon of shortcut.icons) {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(await fetchPng(icon.src), icon.src).toEqual({ contentType: 'image/png', size: { width, height } });
      }
    }

    for (const shortcut of shortcuts) {
      // One browser profile (its own context), as an installed app has: the session stored in
      // IndexedDB outlives the window, sessionStorage does not.
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'id-ID' });
      try {
        const page = await context.newPage();
        // Logged out, a shortcut lands on the login page (route guard).
        await page.goto(`${server.url}${shortcut.url}`);
        await page.getByLabel('Username', { exact: true }).waitFor();
        expect(new URL(page.url()).pathname, shortcut.url).toBe('/');
        await login(page, server.url, SHORTCUT_USER[shortcut.url] ?? 'hr');
        await waitForStoredSession(page);
        // Later the shortcut starts the installed app in a new window (empty sessionStorage, the
        // session read back from IndexedDB) straight on its screen, whose heading is its name.
        await page.close();
        const launched = await context.newPage();
        await launched.goto(`${server.url}${shortcut.url}`);
        await launched
          .getByRole('heading', { level: 1, name: shortcut.name, exact: true })
          .waitFor()
          .catch(async (error: unknown) => {
            const shown = (await launched.locator('body').innerText()).slice(0, 300);
            throw new Error(`${shortcut.url} opened ${launched.url()} showing: ${shown}`, { cause: error });
          });
        expect(new URL(launched.url()).pathname).toBe(shortcut.url);
      } finally {
        await context.close();
      }
    }
  });

  it('should declare a narrow and a wide screenshot: PNGs of their declared sizes, left out of the precache', async () => {
    const screenshots = (await fetchManifest()).screenshots ?? [];
    expect(screenshots.map((s) => s.form_factor)).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) {
      expect(shot.type).toBe('image/png');
      expect(shot.label?.length ?? 0).toBeGreaterThan(10);
      const [width, height] = shot.sizes.split('x').map(Number);
      expect(await fetchPng(shot.src), shot.src).toEqual({ contentType: 'image/png', size: { width, height } });
      if (shot.form_factor === 'narrow') expect(width!).toBeLessThan(height!);
      else expect(width!).toBeGreaterThan(height!);
    }
    // The service worker's precache list: the icons are in it, the screenshots are not.
    const sw = await (await fetch(`${server.url}/sw.js`)).text();
    expect(sw).toContain('icons/icon-192.png');
    expect(sw).not.toContain('screenshots/');
  });

  it('should be parsed without errors and make the app installable in Chromium, which then fires its own beforeinstallprompt', async () => {
    mkdirSync(`${ROOT}.tmp`, { recursive: true });
    const profile = mkdtempSync(`${ROOT}.tmp/e2e-install-profile-`);
    let context: BrowserContext | null = null;
    try {
      context = await launchPersistent(profile);
      const page = context.pages()[0] ?? (await context.newPage());
      // Counts Chromium's own events, registered before the app's listener (which cancels them).
      await page.addInitScript(() => {
        const win = window as unknown as { __installEvents: number };
        win.__installEvents = 0;
        window.addEventListener('beforeinstallprompt', () => (win.__installEvents += 1));
      });
      await login(page, server.url, 'bushead');
      const cdp = await context.newCDPSession(page);
      const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
      expect(errors).toEqual([]);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
          timeout: 15_000,
        })
        .toEqual([]);
      // Chromium fires its real event (not a synthetic one) when its own checks are done, on its
      // own schedule (~1.5 s after load here); once it has fired, the menu offers the install.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __installEvents: number }).__installEvents), { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(await openMenuItems(page)).toEqual(['Profile', INSTALL_ENTRY, 'Logout']);
    } finally {
      await context?.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
