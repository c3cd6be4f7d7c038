import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptSuccess, dialog, expectCards, expectDisabledWithReason, expectOfflineSaveRefused, pagerInfo, phonePage, row } from './helpers/master-data';
import type { RunningServer } from './helpers/server';
import { useLoggedInPage } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useLoggedInPage((started) => {
  ({ server, browser, context, page } = started);
});

describe('kompetensi screen', () => {
  beforeAll(async () => {
    await page.goto(`${server.url}/kompetensi`);
    await page.getByRole('heading', { name: 'Kompetensi' }).waitFor();
  });

  it('should open on the Siswa tab (SMK) and page through it', async () => {
    await expect(page.getByRole('tab', { name: 'Siswa', exact: true }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('tab', { name: 'Mahasiswa', exact: true }).getAttribute('aria-selected')).resolves.toBe('false');
    // The demo seed has 13 SMK competencies.
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 13 entries');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 10 of 13 entries');
    await page.getByRole('button', { name: '3', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 11 to 13 of 13 entries');
    // Changing the tab returns to page 1.
    await page.getByRole('tab', { name: 'Mahasiswa', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 12 entries');
    await row(page, 'Analisis Anggaran').waitFor();
    await page.getByRole('tab', { name: 'Siswa', exact: true }).click();
  });

  it('should filter by division and show the division cell rules', async () => {
    const filter = page.getByLabel('Filter divisi');
    const options = await filter.locator('option').allTextContents();
    expect(options).toEqual(['All Divisions', 'Keuangan', 'Operasional Toko', 'Pemasaran', 'Sumber Daya Manusia', 'Teknologi Informasi']);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await filter.selectOption('Keuangan');
    // Two shared competencies + two of Keuangan: one page, so no pager.
    await row(page, 'Pencatatan Transaksi Kas').waitFor();
    await expect(page.getByRole('row').count()).resolves.toBe(5);
    await filter.selectOption('');
    await row(page, 'Keselamatan dan Kesehatan Kerja (K3)').filter({ hasText: 'Belum ada divisi' }).filter({ hasText: 'Nonaktif' }).waitFor();
    await row(page, 'Disiplin dan Kehadiran').filter({ hasText: 'Teknologi Informasi' }).filter({ hasText: 'Aktif' }).waitFor();
  });

  it('should validate, create, edit and delete a competency', async () => {
    await page.getByRole('button', { name: 'Add Competency' }).click();
    const add = dialog(page, 'Tambah Kompetensi');
    await add.getByText('Belum ada divisi dipilih').waitFor();
    await add.getByRole('button', { name: 'Tambah Kompetensi' }).click();
    await add.getByText('Nama kompetensi wajib diisi').waitFor();

    await add.getByLabel('Pilih Semua Divisi').check();
    await add.getByText('5 divisi dipilih').waitFor();
    await add.getByLabel('Pilih Semua Divisi').uncheck();
    await add.getByLabel('Keuangan').check();
    await add.getByLabel('Pemasaran').check();
    await add.getByText('2 divisi dipilih').waitFor();
    await add.getByLabel('Nama Kompetensi').fill('Akurasi Kasir');
    await expect(add.getByLabel('Aktif', { exact: true }).isChecked()).resolves.toBe(true);
    await add.getByRole('button', { name: 'Tambah Kompetensi' }).click();
    await acceptSuccess(page, 'Kompetensi berhasil ditambahkan');
    // A new competency takes the tab's level: it is listed under Siswa.
    await row(page, 'Akurasi Kasir').filter({ hasText: 'Keuangan' }).filter({ hasText: 'Pemasaran' }).waitFor();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 14 entries');

    await row(page, 'Akurasi Kasir').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Kompetensi');
    await expect(edit.getByLabel('Nama Kompetensi').inputValue()).resolves.toBe('Akurasi Kasir');
    await edit.getByText('2 divisi dipilih').waitFor();
    await edit.getByLabel('Nama Kompetensi').fill('Akurasi Kasir Lanjut');
    await edit.getByLabel('Nonaktif').check();
    await edit.getByLabel('Pemasaran').uncheck();
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await acceptSuccess(page, 'Kompetensi berhasil diperbarui');
    await row(page, 'Akurasi Kasir Lanjut').filter({ hasText: 'Nonaktif' }).waitFor();
    await expect(row(page, 'Akurasi Kasir Lanjut').textContent()).resolves.not.toContain('Pemasaran');

    await row(page, 'Akurasi Kasir Lanjut').getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi' });
    await confirm.getByText('Yakin ingin menghapus kompetensi ini?').waitFor();
    await confirm.getByRole('button', { name: 'Ya', exact: true }).click();
    await acceptSuccess(page, 'Kompetensi berhasil dihapus');
    await row(page, 'Akurasi Kasir Lanjut').waitFor({ state: 'detached' });
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 13 entries');
  });

  it('should keep the input and say so when saving offline', async () => {
    await page.getByRole('button', { name: 'Add Competency' }).click();
    const add = dialog(page, 'Tambah Kompetensi');
    await add.getByLabel('Nama Kompetensi').fill('Kompetensi Luring');
    await add.getByLabel('Keuangan').check();
    await expectOfflineSaveRefused(context, add, () => add.getByRole('button', { name: 'Tambah Kompetensi' }).click(), { 'Nama Kompetensi': 'Kompetensi Luring' }, () =>
      expect(add.getByLabel('Keuangan').isChecked()).resolves.toBe(true),
    );
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'hidden' });
  });
});

describe('divisi screen', () => {
  beforeAll(async () => {
    await page.goto(`${server.url}/divisi`);
    await page.getByRole('heading', { name: 'Divisi' }).waitFor();
    await row(page, 'Keuangan').waitFor();
  });

  it('should list the divisions with their competency count and details', async () => {
    // Keuangan: 4 SMK + 4 Mahasiswa competencies in the demo seed.
    await expect(row(page, 'Keuangan').getByRole('cell').nth(2).textContent()).resolves.toBe('8');
    await row(page, 'Keuangan').getByRole('button', { name: 'Detail' }).click();
    const detail = dialog(page, 'Detail Divisi');
    await expect(detail.getByRole('listitem').count()).resolves.toBe(8);
    await detail.getByText('Pencatatan Transaksi Kas').waitFor();
    await detail.getByRole('button', { name: 'Tutup' }).first().click();
    await detail.waitFor({ state: 'hidden' });
  });

  it('should validate, create, page, edit and delete a division', async () => {
    await page.getByRole('button', { name: 'Tambah Divisi' }).click();
    const add = dialog(page, 'Tambah Divisi');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText('Nama divisi wajib diisi').waitFor();
    await add.getByLabel('Nama Divisi').fill('Zona Gudang');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'Divisi berhasil ditambahkan');

    // 6 divisions: the new one (last by name) is on page 2.
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 6 entries');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 6 of 6 entries');
    await row(page, 'Zona Gudang').getByRole('button', { name: 'Detail' }).click();
    const detail = dialog(page, 'Detail Divisi');
    await detail.getByText('Belum ada kompetensi terkait').waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    await row(page, 'Zona Gudang').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Divisi');
    await edit.getByLabel('Nama Divisi').fill('Zona Gudang Pusat');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'Divisi berhasil diperbarui');
    await row(page, 'Zona Gudang Pusat').waitFor();

    await row(page, 'Zona Gudang Pusat').getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi' });
    await confirm.getByText('Yakin ingin menghapus divisi ini?').waitFor();
    await confirm.getByRole('button', { name: 'Ya', exact: true }).click();
    await acceptSuccess(page, 'Divisi berhasil dihapus');
    // The last row of page 2 is gone: the pager disappears and page 1 shows.
    await row(page, 'Keuangan').waitFor();
    await expect(page.getByRole('navigation', { name: 'Navigasi halaman' }).count()).resolves.toBe(0);
  });

  it('should show Hapus disabled, with the reason, on a division that participants belong to', async () => {
    const reason = 'Tidak dapat menghapus divisi yang masih memiliki peserta terkait';
    const hapus = row(page, 'Keuangan').getByRole('button', { name: 'Hapus' });
    await expect.poll(() => hapus.isDisabled()).toBe(true);
    await expectDisabledWithReason(hapus, reason);
    await hapus.click({ force: true });
    await expect(page.getByRole('alertdialog', { name: 'Konfirmasi' }).count()).resolves.toBe(0);
    await expect(row(page, 'Keuangan').getByRole('button', { name: 'Detail' }).isEnabled()).resolves.toBe(true);
  });

  it('should keep the input and say so when saving offline', async () => {
    await page.getByRole('button', { name: 'Tambah Divisi' }).click();
    const add = dialog(page, 'Tambah Divisi');
    await add.getByLabel('Nama Divisi').fill('Divisi Luring');
    await expectOfflineSaveRefused(context, add, () => add.getByLabel('Nama Divisi').press('Enter'), { 'Nama Divisi': 'Divisi Luring' });
    await add.getByRole('button', { name: 'Batal' }).click();
  });

  it('should show cards at 390 px', async () => {
    const phone = await phonePage(browser, server.url, '/divisi');
    const cards = await expectCards(phone, 'Daftar Divisi');
    await cards.getByRole('listitem').filter({ hasText: 'Keuangan' }).getByText('Jumlah Kompetensi').waitFor();
    await phone.goto(`${server.url}/kompetensi`);
    await expectCards(phone, 'Daftar Kompetensi');
    await phone.close();
  });
});
