import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let page: Page;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});
beforeEach(async () => {
  const context = await newContext(browser);
  page = await context.newPage();
  await page.goto(`${server.url}/`);
});
afterEach(async () => {
  await page?.context().close();
});

describe('login page', () => {
  it('should show the welcome banner and the form', async () => {
    // waitFor, not isVisible(): the page renders nothing until the session check is done.
    await page.getByRole('heading', { name: 'Selamat Datang' }).waitFor();
    await page.getByLabel('Username', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
  });

  it('should show field errors only after a field is touched and left empty', async () => {
    await page.getByLabel('Username', { exact: true }).waitFor();
    const body = page.locator('body');
    await expect(body.textContent()).resolves.not.toContain('Username wajib diisi');
    await page.getByLabel('Username', { exact: true }).focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByRole('button', { name: 'Login', exact: true }).focus();
    await page.getByText('Username wajib diisi').waitFor();
    await page.getByText('Password wajib diisi').waitFor();
  });

  it('should require at least 4 characters of password', async () => {
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Username', { exact: true }).focus();
    await page.getByText('Password minimal 4 karakter').waitFor();
  });

  it('should send nothing and show every field error when submitted empty', async () => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request.url());
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Username wajib diisi').waitFor();
    await page.getByText('Password wajib diisi').waitFor();
    expect(requests).toEqual([]);
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('should toggle the password between hidden and shown', async () => {
    const password = page.getByLabel('Password', { exact: true });
    await password.waitFor();
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Tampilkan password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Sembunyikan password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');
  });

  it('should show the server message in the error box on a wrong password', async () => {
    await page.getByLabel('Username', { exact: true }).fill('hr');
    await page.getByLabel('Password', { exact: true }).fill('salah123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Username atau password salah' });
    await alert.waitFor();
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('should show the network error text when the server cannot be reached', async () => {
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Username', { exact: true }).fill('hr');
    await page.getByLabel('Password', { exact: true }).fill('hr1234');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Terjadi Kesalahan Jaringan.' }).waitFor();
  });

  it('should log in, store the session keys and open the dashboard', async () => {
    await page.getByLabel('Username', { exact: true }).fill('mentor');
    await page.getByLabel('Password', { exact: true }).fill('mentor1234');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText('Role: Mentor').waitFor();
    const session = await page.evaluate(() => ({
      token: sessionStorage.getItem('token'),
      userRole: sessionStorage.getItem('userRole'),
      username: sessionStorage.getItem('username'),
    }));
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.userRole).toBe('Mentor');
    expect(session.username).toBe('mentor');
  });
});

// The HTML login page (src/app/login-shell.ts): live before the app's JS, which a first visit
// loads only once the form is used; React's LoginPage then takes over what was done there.
// `page` (beforeEach) is a first visit of '/'.
describe('login page before its JS', () => {
  const isShell = () => page.evaluate(() => document.querySelector('main[data-login-shell]') !== null);
  const appScriptsLoaded = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/assets\/(main|react|router|app)-[\w-]+\.js$/.test(name)),
    );
  /**
   * Opens '/' again with the app's start-up chunk held back, as on a slow phone: `ms`
   * milliseconds, or until the promise `until` settles.
   */
  async function reopenWithSlowStart(ms: number, until?: Promise<void>): Promise<void> {
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await (until ?? new Promise((resolve) => setTimeout(resolve, ms)));
      await route.continue();
    });
    await page.goto(`${server.url}/`);
  }

  it('should load no app code until the form is used, then keep the text, focus and caret', async () => {
    await page.getByRole('heading', { name: 'Selamat Datang' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await appScriptsLoaded()).toEqual([]);
    expect(await isShell()).toBe(true);

    await page.getByLabel('Username', { exact: true }).click();
    await page.keyboard.type('men');
    await page.waitForFunction(() => document.querySelector('main[data-login-shell]') === null);
    expect((await appScriptsLoaded()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => [document.activeElement?.id, (document.activeElement as HTMLInputElement).selectionStart])).toEqual(['login-username', 3]);
    await page.keyboard.type('tor');
    await expect(page.getByLabel('Username', { exact: true }).inputValue()).resolves.toBe('mentor');
  });

  it('should log in when Login was pressed before the app had loaded', async () => {
    await reopenWithSlowStart(1500);
    await page.getByLabel('Username', { exact: true }).fill('mentor');
    await page.getByLabel('Password', { exact: true }).fill('mentor1234');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(await isShell()).toBe(true);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText('Role: Mentor').waitFor();
  });

  it('should keep the form while Login is held down as the app loads, and log in on release', async () => {
    // The app may arrive only once Login is down (a fixed delay could end before the press on a
    // slow machine, and the press would then be on React's button, testing nothing).
    let pressed = () => {};
    await reopenWithSlowStart(0, new Promise((resolve) => (pressed = resolve)));
    await page.getByLabel('Username', { exact: true }).fill('mentor');
    await page.getByLabel('Password', { exact: true }).fill('mentor1234');
    const mainLoaded = page.waitForResponse(/\/assets\/main-[\w-]+\.js$/);
    const button = await page.getByRole('button', { name: 'Login', exact: true }).boundingBox();
    if (!button) throw new Error('no Login button');
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
    await page.mouse.down();
    pressed();
    await mainLoaded;
    await page.waitForTimeout(1500);
    // Replaced between press and release, the press would be no click: the app waits.
    expect(await isShell()).toBe(true);
    await page.mouse.up();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText('Role: Mentor').waitFor();
  });

  it('should keep the fields left and show their errors once the app takes over', async () => {
    await reopenWithSlowStart(1000);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Username', { exact: true }).focus();
    expect(await isShell()).toBe(true);
    await page.getByText('Password minimal 4 karakter').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-username');
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('abc');
  });

  it('should install the service worker while the page sits untouched, and control the page after a reload', async () => {
    await page.getByRole('heading', { name: 'Selamat Datang' }).waitFor();
    const activeWorker = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null);
    await expect.poll(activeWorker, { timeout: 20_000 }).toBe('activated');
    // Registering took none of the app's code: the form is still the HTML one.
    expect(await appScriptsLoaded()).toEqual([]);
    expect(await isShell()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Selamat Datang' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${server.url}/sw.js`);
  });

  it('should register the service worker once when the app loads after it on the login page', async () => {
    const counted = await page.context().newPage();
    await counted.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { swRegisterCalls: string[] }).swRegisterCalls = calls;
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args: Parameters<typeof register>) {
        calls.push(String(args[0]));
        return register.apply(this, args);
      };
    });
    await counted.goto(`${server.url}/`);
    const calls = () => counted.evaluate(() => (window as unknown as { swRegisterCalls: string[] }).swRegisterCalls);
    await expect.poll(calls, { timeout: 20_000 }).toEqual(['/sw.js']);
    await counted.getByLabel('Username', { exact: true }).fill('mentor');
    await counted.getByLabel('Password', { exact: true }).fill('mentor1234');
    await counted.getByRole('button', { name: 'Login', exact: true }).click();
    await counted.waitForURL(`${server.url}/dashboard`);
    await counted.getByText('Role: Mentor').waitFor();
    expect(await calls()).toEqual(['/sw.js']);
  });

  it('should start the app at once for someone who has logged in on this device', async () => {
    await login(page, server.url, 'mentor');
    // A new tab has no sessionStorage, but the device's database holds the session.
    const second = await page.context().newPage();
    await second.goto(`${server.url}/`);
    await second.waitForURL(`${server.url}/dashboard`);
  });
});

// src/app/session/cross-tab.ts: a login or logout in one tab reaches the others of the browser.
describe('session across tabs', () => {
  it('should take another tab to the login page when one tab logs out', async () => {
    await login(page, server.url, 'mentor');
    const other = await page.context().newPage();
    await other.goto(`${server.url}/dashboard`);
    await other.getByText('Role: Mentor').waitFor();

    await page.getByRole('button', { name: 'Menu pengguna' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await other.waitForURL(`${server.url}/`);
    await other.getByRole('heading', { name: 'Selamat Datang' }).waitFor();
  });
});
