import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let page: Page;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  page = await (await newContext(browser)).newPage();
  await login(page, server.url, 'bushead');
  await page.goto(`${server.url}/profile`);
  await page.getByRole('heading', { name: 'Detail Profil' }).waitFor();
});

describe('profile page', () => {
  it('should show the employee id and role read-only', async () => {
    const role = page.getByLabel('Role', { exact: true });
    await expect(role.inputValue()).resolves.toBe('BusHead');
    await expect(role.isEditable()).resolves.toBe(false);
    const employeeId = page.getByLabel('Employee ID', { exact: true });
    await expect(employeeId.inputValue()).resolves.not.toBe('');
    await expect(employeeId.isEditable()).resolves.toBe(false);
  });

  it('should ask for both passwords before sending', async () => {
    await page.getByLabel('Password Lama', { exact: true }).fill('bushead1234');
    await page.getByRole('button', { name: 'Ubah Password' }).click();
    await page.getByText('Isi password lama & baru!').waitFor();
  });

  it('should show the server message on a wrong current password', async () => {
    await page.getByLabel('Password Lama', { exact: true }).fill('bukan-ini');
    await page.getByLabel('Password Baru', { exact: true }).fill('rahasia99');
    await page.getByRole('button', { name: 'Ubah Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password lama salah' }).waitFor();
  });

  it('should save the full name and title, refusing one over 200 characters', async () => {
    await page.getByLabel('Jabatan', { exact: true }).fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Simpan Username' }).click();
    await page.getByRole('alert').filter({ hasText: 'Jabatan maksimal 200 karakter' }).waitFor();
    await page.getByLabel('Nama Lengkap', { exact: true }).fill('Dr. Dewi Lestari');
    await page.getByLabel('Jabatan', { exact: true }).fill('Kepala Divisi Operasional');
    await page.getByRole('button', { name: 'Simpan Username' }).click();
    await page.getByText('Profil berhasil diperbarui!').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Detail Profil' }).waitFor();
    await expect.poll(() => page.getByLabel('Nama Lengkap', { exact: true }).inputValue()).toBe('Dr. Dewi Lestari');
    await expect(page.getByLabel('Jabatan', { exact: true }).inputValue()).resolves.toBe('Kepala Divisi Operasional');
  });

  it('should change the password and the username', async () => {
    await page.getByLabel('Password Lama', { exact: true }).fill('bushead1234');
    await page.getByLabel('Password Baru', { exact: true }).fill('rahasia99');
    await page.getByRole('button', { name: 'Ubah Password' }).click();
    await page.getByText('Password berhasil diperbarui!').waitFor();

    await page.getByLabel('Username', { exact: true }).fill('kepala.bisnis');
    await page.getByRole('button', { name: 'Simpan Username' }).click();
    await page.getByText('Username berhasil diperbarui!').waitFor();
    await expect(page.getByRole('banner').textContent()).resolves.toContain('kepala.bisnis');
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe('kepala.bisnis');

    const fresh = await (await newContext(browser)).newPage();
    await fresh.goto(`${server.url}/`);
    await fresh.getByLabel('Username', { exact: true }).fill('kepala.bisnis');
    await fresh.getByLabel('Password', { exact: true }).fill('rahasia99');
    await fresh.getByRole('button', { name: 'Login', exact: true }).click();
    await fresh.waitForURL(`${server.url}/dashboard`);
    await fresh.getByText('Role: BusHead').waitFor();
  });
});
