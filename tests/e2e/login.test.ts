import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  const context = await newContext(browser);
  page = await context.newPage();
  await page.goto(`${server.url}/`);
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
