import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import { acceptSuccess, apiDelete, apiPost, apiToken, dialog, expectCards, expectDisabledWithReason, expectOfflineSaveRefused, pagerInfo, phonePage, row } from './helpers/master-data';
import type { RunningServer } from './helpers/server';
import { useLoggedInPage } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useLoggedInPage(
  async (started) => {
    ({ server, browser, context, page } = started);
    await page.goto(`${server.url}/users`);
    await page.getByRole('heading', { name: 'Daftar Users' }).waitFor();
  },
  {
    async seed(started) {
      // 4 demo accounts + 2 = 6 rows: two pages. A row is found by its text: these usernames appear
      // in no demo account's full name.
      const token = await apiToken(started.url);
      for (const [employee_id, username] of [['EMP201', 'sinta'], ['EMP202', 'yoga']]) {
        await apiPost(started.url, token, '/api/users', { employee_id, username, password: 'rahasia1', role: 'Mentor' });
      }
    },
  },
);

async function search(text: string): Promise<void> {
  await page.getByPlaceholder('Cari username atau ID...').fill(text);
}

describe('users screen', () => {
  it('should page through the users, 5 per page', async () => {
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 6 entries');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 6 of 6 entries');
    await row(page, 'yoga').waitFor();
    const current = page.getByRole('button', { name: '2', exact: true });
    await expect(current.getAttribute('aria-current')).resolves.toBe('page');
    await page.getByRole('button', { name: '1', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 6 entries');
    await row(page, 'EMP001').waitFor();
  });

  it('should filter by search and role and go back to page 1', async () => {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Filter role').selectOption('Mentor');
    await row(page, 'sinta').waitFor();
    await expect(page.getByRole('navigation', { name: 'Navigasi halaman' }).count()).resolves.toBe(0);
    await expect(page.getByRole('row').count()).resolves.toBe(4); // header + mentor, sinta, yoga
    await page.getByLabel('Filter role').selectOption('');
    await search('emp20');
    await row(page, 'EMP001').waitFor({ state: 'detached' });
    await row(page, 'yoga').waitFor();
    await expect(page.getByRole('row').count()).resolves.toBe(3);
    await search('tidak-ada-yang-cocok');
    await page.getByText('Tidak ada data', { exact: true }).waitFor();
    await search('');
    await pagerInfo(page).waitFor();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 6 entries');
  });

  it('should validate, create, edit and delete a user', async () => {
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = dialog(page, 'Tambah User');
    await expect(add.getByLabel('Role').inputValue()).resolves.toBe('HR');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText('ID wajib diisi').waitFor();
    await add.getByText('Username wajib diisi').waitFor();
    await add.getByText('Password wajib diisi').waitFor();

    await add.getByLabel('Employee ID').fill('EMP300');
    await add.getByLabel('Username').fill('budi');
    await add.getByLabel('Password').fill('rahasia1');
    await add.getByLabel('Role').selectOption('Pembimbing');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'User berhasil ditambahkan');
    await search('budi');
    await row(page, 'EMP300').filter({ hasText: 'Pembimbing' }).waitFor();

    await row(page, 'EMP300').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit User');
    await expect(edit.getByLabel('Employee ID').isDisabled()).resolves.toBe(true);
    await edit.getByText('ID tidak dapat diubah').waitFor();
    await edit.getByText('Kosongkan jika tidak ingin mengubah').waitFor();
    await expect(edit.getByLabel('Password').inputValue()).resolves.toBe('');
    await edit.getByLabel('Username').fill('budi.santoso');
    await edit.getByLabel('Role').selectOption('BusHead');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'User berhasil diperbarui');
    await row(page, 'budi.santoso').filter({ hasText: 'BusHead' }).waitFor();
    // The empty password field left the password as it was.
    const relogin = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'budi.santoso', password: 'rahasia1' }),
    });
    expect(relogin.status).toBe(200);

    await row(page, 'budi.santoso').getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus User' });
    await confirm
      .getByText('Apakah Anda yakin ingin menghapus user ini? Tindakan ini tidak dapat dibatalkan.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Batal' }).waitFor();
    await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
    await acceptSuccess(page, 'User berhasil dihapus');
    await page.getByText('Tidak ada data', { exact: true }).waitFor();
    await search('');
  });

  it('should save a full name and title, refuse one over 200 characters, and show the full name under the username', async () => {
    const token = await apiToken(server.url, 'hr');
    const created = (await apiPost(server.url, token, '/api/users', { employee_id: 'EMP310', username: 'sari.form', password: 'rahasia1', role: 'Pembimbing' })) as { data: { id: number } };
    // A user added through the API reaches the mirror with the pull of the next page load.
    await page.reload();
    await page.getByRole('heading', { name: 'Daftar Users' }).waitFor();
    await search('sari.form');
    await row(page, 'EMP310').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit User');
    await expect(edit.getByLabel('Nama Lengkap').inputValue()).resolves.toBe('');
    await edit.getByLabel('Nama Lengkap').fill('x'.repeat(201));
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await edit.getByText('Nama Lengkap maksimal 200 karakter').waitFor();
    await edit.getByLabel('Nama Lengkap').fill('Sari Wulandari, S.E.');
    await edit.getByLabel('Jabatan').fill('Kepala Divisi Operasional');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'User berhasil diperbarui');
    await row(page, 'EMP310').getByText('Sari Wulandari, S.E.', { exact: true }).waitFor();

    await row(page, 'EMP310').getByRole('button', { name: 'Edit' }).click();
    const again = dialog(page, 'Edit User');
    await expect(again.getByLabel('Nama Lengkap').inputValue()).resolves.toBe('Sari Wulandari, S.E.');
    await expect(again.getByLabel('Jabatan').inputValue()).resolves.toBe('Kepala Divisi Operasional');
    await again.getByRole('button', { name: 'Batal' }).click();
    await apiDelete(server.url, token, `/api/users/${created.data.id}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Daftar Users' }).waitFor();
    // The deletion reaches the mirror with that page load's pull: the later tests count the rows.
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 6 entries');
  });

  it("should show HR's own Hapus disabled, with the reason, and keep the other rows deletable", async () => {
    const reason = 'Anda tidak dapat menghapus akun Anda sendiri';
    const own = row(page, 'EMP001').getByRole('button', { name: 'Hapus' });
    await expectDisabledWithReason(own, reason);
    await expect(row(page, 'EMP001').getByRole('button', { name: 'Edit' }).isEnabled()).resolves.toBe(true);
    const other = row(page, 'EMP002').getByRole('button', { name: 'Hapus' });
    await expect(other.isEnabled()).resolves.toBe(true);
    await expect(other.getAttribute('title')).resolves.toBe('Hapus');
    await expect(other.getAttribute('aria-description')).resolves.toBeNull();
    // A forced click does nothing: no confirmation opens.
    await own.click({ force: true });
    await expect(page.getByRole('alertdialog', { name: 'Hapus User' }).count()).resolves.toBe(0);
  });

  it('should keep the input and say so when saving offline', async () => {
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = dialog(page, 'Tambah User');
    await add.getByLabel('Employee ID').fill('EMP400');
    await add.getByLabel('Username').fill('offline.user');
    await add.getByLabel('Password').fill('rahasia1');
    await expectOfflineSaveRefused(
      context,
      add,
      () => add.getByRole('button', { name: 'Simpan' }).click(),
      { 'Employee ID': 'EMP400', Username: 'offline.user' },
      // The list still shows the mirror while offline.
      () => row(page, 'EMP001').waitFor(),
    );
    await add.getByRole('button', { name: 'Batal' }).click();
    await add.waitFor({ state: 'hidden' });
  });

  it('should close the modal with Esc, X and a click outside, and give the focus back', async () => {
    const opener = page.getByRole('button', { name: 'Add User' });
    await opener.click();
    const add = dialog(page, 'Tambah User');
    await expect(add.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'hidden' });
    await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await opener.click();
    await add.getByRole('button', { name: 'Tutup' }).click();
    await add.waitFor({ state: 'hidden' });

    await opener.click();
    await page.mouse.click(5, 400);
    await add.waitFor({ state: 'hidden' });
  });

  it('should keep showing the mirror when the refresh fails', async () => {
    await page.route('**/api/users', (route) => route.abort('internetdisconnected'));
    try {
      await page.reload();
      await page.getByText('Menampilkan data tersimpan di perangkat; data terbaru belum dapat dimuat.').waitFor();
      await row(page, 'EMP001').waitFor();
      await expect(page.getByText('Gagal mengambil data user').count()).resolves.toBe(0);
    } finally {
      await page.unroute('**/api/users');
    }
  });

  it("should say 'Gagal mengambil data user' when nothing is stored and no filter is set", async () => {
    const fresh = await (await newContext(browser)).newPage();
    await login(fresh, server.url, 'hr');
    await fresh.route('**/api/users', (route) => route.abort('internetdisconnected'));
    await fresh.goto(`${server.url}/users`);
    await fresh.getByRole('alert').filter({ hasText: 'Gagal mengambil data user' }).waitFor();
    await fresh.getByText('Tidak ada data', { exact: true }).waitFor();
    await fresh.getByLabel('Filter role').selectOption('HR');
    await fresh.getByRole('alert').filter({ hasText: 'Gagal mengambil data user' }).waitFor({ state: 'detached' });
    await fresh.getByLabel('Filter role').selectOption('');
    await fresh.unroute('**/api/users');
    await fresh.getByRole('button', { name: 'Coba lagi' }).click();
    await fresh.getByRole('row').filter({ hasText: 'EMP001' }).waitFor();
    await fresh.close();
  });

  it('should show cards and a 3-button pager at 390 px', async () => {
    // 16 users: 4 pages, more than the 3 page buttons a phone shows.
    const token = await apiToken(server.url);
    for (let i = 0; i < 10; i++) {
      await apiPost(server.url, token, '/api/users', { employee_id: `EMP5${i}`, username: `staf${i}`, password: 'rahasia1', role: 'HR' });
    }
    const phone = await phonePage(browser, server.url, '/users');
    const cards = await expectCards(phone, 'Daftar Users');
    await expect(cards.getByRole('listitem').count()).resolves.toBe(5);
    await cards.getByRole('listitem').first().getByText('EMP001').waitFor();
    await expect(cards.getByRole('button', { name: 'Edit' }).first().getAttribute('title')).resolves.toBe('Edit');
    const pager = phone.getByRole('navigation', { name: 'Navigasi halaman' });
    await expect(pagerInfo(phone).textContent()).resolves.toBe('Showing 1 to 5 of 16 entries');
    const numbers = async () =>
      (await pager.getByRole('button').allTextContents()).filter((text) => /^\d+$/.test(text.trim()));
    await expect(numbers()).resolves.toEqual(['1', '2', '3']);
    await pager.getByRole('button', { name: '3', exact: true }).click();
    await expect(numbers()).resolves.toEqual(['2', '3', '4']);
    await expect(pagerInfo(phone).textContent()).resolves.toBe('Showing 11 to 15 of 16 entries');
    await phone.close();

    // The same list on a desktop shows all 4 page buttons.
    await page.reload();
    // The list shows from the device's mirror first; wait for the pull that brings all 16.
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 16 entries');
    const desktopPager = page.getByRole('navigation', { name: 'Navigasi halaman' });
    const desktopNumbers = (await desktopPager.getByRole('button').allTextContents()).filter((text) => /^\d+$/.test(text.trim()));
    expect(desktopNumbers).toEqual(['1', '2', '3', '4']);
  });
});
