// Accessibility of the dialogs (docs/accessibility.md): every modal of the app opened for real — the add /
// edit / detail / delete dialogs of master data, participants and users, the CSV import result,
// Detail Approval with Alasan Penolakan and the cancel confirmation, Edit Nilai with its reset
// confirmation, the certificate dialogs, the Penilaian modal, the 'Sukses' notice, the queued
// changes panel and the logout warning, plus the filter panels — each checked with axe (WCAG
// 2.0/2.1 A and AA) at 390 and 1280 px with the focus inside it. Every add form submitted empty
// ties each error text to its field; the modal's keyboard contract (focus in, Tab trap, Esc,
// focus back to the opener) is checked on a form and on a confirmation.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  errorWiringProblems,
  focusInside,
  isFocused,
  seriousViolations,
  tabTo,
  violationsAtWidths,
  waitForLoaded,
  waitForScreen,
} from './helpers/a11y';
import { DESKTOP, login, newContext } from './helpers/browser';
import { acceptSuccess, apiPost, apiToken, dialog, successNotice } from './helpers/master-data';
import { pendingText, searchFor } from './helpers/nilai';
import { csvFile, csvLine, upload } from './helpers/peserta';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let hrContext: BrowserContext;
let hr: Page;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  hrContext = await newContext(browser, DESKTOP);
  hr = await hrContext.newPage();
  await login(hr, server.url, 'hr');
});

/** The open modal's checks: focus inside, aria-modal, then axe at both widths (ends at 1280 px). */
async function checkOpen(page: Page, modal: Locator, where: string): Promise<string[]> {
  await modal.waitFor();
  await waitForLoaded(page, modal);
  expect(await focusInside(modal), `${where}: the focus moved into the dialog`).toBe(true);
  expect(await modal.getAttribute('aria-modal'), `${where}: aria-modal`).toBe('true');
  return violationsAtWidths(page, where);
}

/** Esc closes the top-most dialog. */
async function escape(page: Page, modal: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
}

/** Opens a screen at 1280 px. */
async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${server.url}${path}`);
  await waitForScreen(page, heading);
}

/** The first enabled button named `name` of the list (a refused one is `aria-disabled`, still focusable). */
function firstEnabled(page: Page, name: string): Locator {
  return page.getByRole('table').getByRole('button', { name, exact: true }).and(page.locator(':enabled:not([aria-disabled="true"])')).first();
}

/**
 * An add form: axe as opened, then submitted empty — every error tied to its field — and axe
 * again with the errors shown; closed with Esc.
 */
async function checkAddForm(page: Page, opener: string, title: string, where: string): Promise<string[]> {
  await page.getByRole('button', { name: opener, exact: true }).click();
  const modal = dialog(page, title);
  const found = await checkOpen(page, modal, where);
  await modal.locator('button[type="submit"]').click();
  await modal.locator('[aria-invalid="true"]').first().waitFor();
  expect(await errorWiringProblems(modal), `${where}: errors of the empty form`).toEqual([]);
  found.push(...(await seriousViolations(page, `${where} with errors`)));
  await escape(page, modal);
  return found;
}

/** A row's Edit / Detail / Hapus dialog: axe, then Esc. */
async function checkRowDialog(page: Page, action: string, modal: Locator, where: string): Promise<string[]> {
  await firstEnabled(page, action).click();
  const found = await checkOpen(page, modal, where);
  await escape(page, modal);
  return found;
}

describe('accessibility of the dialogs (axe, WCAG 2.1 AA)', () => {
  it('should pass in the add, edit, detail and delete dialogs of users and master data', async () => {
    const found: string[] = [];
    const confirm = hr.getByRole('alertdialog');
    await open(hr, '/users', 'Daftar Users');
    found.push(...(await checkAddForm(hr, 'Add User', 'Tambah User', 'Tambah User')));
    found.push(...(await checkRowDialog(hr, 'Edit', dialog(hr, 'Edit User'), 'Edit User')));
    found.push(...(await checkRowDialog(hr, 'Hapus', confirm, 'Hapus User')));

    await open(hr, '/kompetensi', 'Kompetensi');
    found.push(...(await checkAddForm(hr, 'Add Competency', 'Tambah Kompetensi', 'Tambah Kompetensi')));
    found.push(...(await checkRowDialog(hr, 'Edit', dialog(hr, 'Edit Kompetensi'), 'Edit Kompetensi')));
    found.push(...(await checkRowDialog(hr, 'Hapus', confirm, 'Hapus Kompetensi')));

    await open(hr, '/divisi', 'Divisi');
    found.push(...(await checkAddForm(hr, 'Tambah Divisi', 'Tambah Divisi', 'Tambah Divisi')));
    found.push(...(await checkRowDialog(hr, 'Edit', dialog(hr, 'Edit Divisi'), 'Edit Divisi')));
    found.push(...(await checkRowDialog(hr, 'Detail', dialog(hr, 'Detail Divisi'), 'Detail Divisi')));

    // Every seeded institution is in use (its Hapus is disabled): add one that is not.
    await apiPost(server.url, await apiToken(server.url), '/api/instansi', { nama: 'SMK Negeri 9 Surabaya', jenis: 'Sekolah' });
    await open(hr, '/instansi', 'Instansi');
    found.push(...(await checkAddForm(hr, 'Tambah Sekolah', 'Tambah Instansi', 'Tambah Instansi')));
    found.push(...(await checkRowDialog(hr, 'Edit', dialog(hr, 'Edit Instansi'), 'Edit Instansi')));
    found.push(...(await checkRowDialog(hr, 'Hapus', confirm, 'Hapus Instansi')));

    await open(hr, '/grade', 'Management Grade Template');
    found.push(...(await checkAddForm(hr, 'Tambah Template', 'Tambah Template Grade', 'Tambah Template Grade')));
    found.push(...(await checkRowDialog(hr, 'Edit', dialog(hr, 'Edit Template Grade'), 'Edit Template Grade')));
    found.push(...(await checkRowDialog(hr, 'Hapus', confirm, 'Hapus Template Grade')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('should pass in the participant dialogs, the filter panel and the CSV import result', async () => {
    const found: string[] = [];
    await open(hr, '/peserta/mahasiswa', 'Daftar Peserta Mahasiswa');
    found.push(...(await checkAddForm(hr, 'Add', 'Tambah Peserta Mahasiswa', 'Tambah Peserta Mahasiswa')));

    await open(hr, '/peserta/siswa', 'Daftar Peserta Siswa');
    found.push(...(await checkAddForm(hr, 'Add', 'Tambah Peserta Siswa', 'Tambah Peserta Siswa')));
    found.push(...(await checkRowDialog(hr, 'Edit', dialog(hr, 'Edit Peserta Siswa'), 'Edit Peserta Siswa')));
    found.push(...(await checkRowDialog(hr, 'Detail', dialog(hr, 'Detail Peserta Siswa'), 'Detail Peserta Siswa')));
    found.push(...(await checkRowDialog(hr, 'Hapus', hr.getByRole('alertdialog', { name: 'Hapus Peserta Siswa' }), 'Hapus Peserta Siswa')));

    await hr.getByRole('button', { name: /^Filter/ }).click();
    const filter = hr.getByRole('dialog', { name: 'Filter' });
    await filter.waitFor();
    found.push(...(await seriousViolations(hr, 'Filter panel @1280')));
    await escape(hr, filter);

    // One row with an unknown divisi: the import reports it in 'Hasil Import'.
    const line = csvLine('SMK', {
      nama: 'Impor Gagal',
      instansi: 'SMK Negeri 1 Jakarta',
      nomor: '0061299901',
      jurusan: 'Akuntansi',
      divisi: 'Gudang',
      mentor: 'mentor',
      supervisor: 'Ibu Guru',
      contact: '6281200000001',
      masuk: '01/02/2026',
      selesai: '30/04/2026',
    });
    await upload(hr, csvFile('SMK', [line]));
    const result = hr.getByRole('alertdialog', { name: 'Hasil Import' });
    found.push(...(await checkOpen(hr, result, 'Hasil Import')));
    await escape(hr, result);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('should pass in Detail Approval, Alasan Penolakan, the cancel confirmation, Edit Nilai and its reset confirmation', async () => {
    const found: string[] = [];
    await open(hr, '/approval', 'Approval Management');
    await hr.getByRole('button', { name: /^Filter/ }).click();
    const filter = hr.getByRole('dialog', { name: 'Filter' });
    await filter.waitFor();
    found.push(...(await seriousViolations(hr, 'Approval filter panel @1280')));
    await escape(hr, filter);

    const detail = dialog(hr, 'Detail Approval');
    await (await searchFor(hr, 'Cari nama peserta...', 'Bayu Setiawan')).getByRole('button', { name: 'Detail Approval' }).click();
    found.push(...(await checkOpen(hr, detail, 'Detail Approval')));
    await detail.getByRole('button', { name: 'Tolak', exact: true }).click();
    const reject = dialog(hr, 'Alasan Penolakan');
    found.push(...(await checkOpen(hr, reject, 'Alasan Penolakan')));
    await reject.getByRole('button', { name: 'Tolak', exact: true }).click();
    await reject.locator('[aria-invalid="true"]').waitFor();
    expect(await errorWiringProblems(reject), 'Alasan Penolakan submitted empty').toEqual([]);
    found.push(...(await seriousViolations(hr, 'Alasan Penolakan with errors')));
    await escape(hr, reject);
    await escape(hr, detail);

    const row = await searchFor(hr, 'Cari nama peserta...', 'Citra Maharani');
    await row.getByRole('button', { name: 'Detail Approval' }).click();
    await detail.getByRole('button', { name: 'Batal', exact: true }).click();
    const cancel = hr.getByRole('alertdialog', { name: 'Konfirmasi' });
    found.push(...(await checkOpen(hr, cancel, 'Batalkan approval')));
    await escape(hr, cancel);
    await escape(hr, detail);

    await (await searchFor(hr, 'Cari nama peserta...', 'Bayu Setiawan')).getByRole('button', { name: 'Edit Nilai' }).click();
    const edit = dialog(hr, 'Edit Nilai');
    found.push(...(await checkOpen(hr, edit, 'Edit Nilai')));
    await edit.getByRole('button', { name: 'Reset Semua' }).click();
    const reset = hr.getByRole('alertdialog');
    found.push(...(await checkOpen(hr, reset, 'Reset Semua')));
    await escape(hr, reset);
    await escape(hr, edit);
    expect(found, found.join('\n')).toEqual([]);
  });

  it("should pass in the certificate dialogs: preview, format, grade template, print all, 'Terbitkan ulang' and the link to copy by hand", async () => {
    const found: string[] = [];
    await open(hr, '/certificates/mahasiswa', 'Sertifikat Mahasiswa');
    found.push(...(await checkRowDialog(hr, 'Preview Sertifikat', dialog(hr, 'Preview Sertifikat'), 'Preview Sertifikat')));
    await firstEnabled(hr, 'Cetak Sertifikat').click();
    const format = dialog(hr, 'Pilih Format Download');
    found.push(...(await checkOpen(hr, format, 'Pilih Format Download')));
    await format.getByRole('button', { name: /^Daftar Nilai/ }).click();
    const grade = dialog(hr, 'Pilih Template Grade Nilai');
    found.push(...(await checkOpen(hr, grade, 'Pilih Template Grade Nilai')));
    await escape(hr, grade);
    await hr.getByRole('button', { name: 'Cetak Semua', exact: true }).click();
    const all = dialog(hr, 'Cetak Semua Sertifikat');
    found.push(...(await checkOpen(hr, all, 'Cetak Semua Sertifikat')));
    await escape(hr, all);
    await firstEnabled(hr, 'Terbitkan ulang').click();
    const reissue = hr.getByRole('alertdialog', { name: 'Terbitkan Ulang Sertifikat' });
    found.push(...(await checkOpen(hr, reissue, 'Terbitkan ulang')));
    await escape(hr, reissue);
    // Where the browser copies nothing by itself, the link shows to copy by hand.
    await hr.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      document.execCommand = () => false;
    });
    await firstEnabled(hr, 'Salin tautan verifikasi').click();
    const manual = dialog(hr, 'Tautan Verifikasi');
    found.push(...(await checkOpen(hr, manual, 'Tautan Verifikasi')));
    await escape(hr, manual);
    expect(found, found.join('\n')).toEqual([]);
  });

  it("should pass in the mentor's Penilaian modal, the 'Sukses' notice, the queued changes and the logout warning", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page, server.url, 'mentor');
    const found: string[] = [];
    await open(page, '/penilaian', 'Penilaian Peserta Magang');
    const name = 'Nabila Rahmawati';
    await (await searchFor(page, 'Cari nama peserta...', name)).getByRole('button', { name: 'Nilai', exact: true }).click();
    const modal = dialog(page, `Penilaian - ${name}`);
    found.push(...(await checkOpen(page, modal, 'Penilaian')));

    // Offline, the save waits on the device: 'Sukses' notice, the top bar's queue, the logout warning.
    await context.setOffline(true);
    const inputs = modal.getByRole('spinbutton');
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill('80');
    await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
    const notice = successNotice(page, 'Tersimpan di perangkat, menunggu koneksi');
    await notice.waitFor();
    // The focus on its OK holds the notice while axe looks at it at both widths.
    await notice.getByRole('button', { name: 'OK', exact: true }).focus();
    found.push(...(await violationsAtWidths(page, "'Sukses' notice")));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await acceptSuccess(page, 'Tersimpan di perangkat, menunggu koneksi');
    await pendingText(page, 1).click();
    await page.getByRole('region', { name: 'Perubahan tertunda' }).waitFor();
    found.push(...(await seriousViolations(page, 'queued changes panel @1280')));
    await page.keyboard.press('Escape');
    found.push(...(await violationsAtWidths(page, 'Penilaian with a queued change')));

    await page.getByRole('button', { name: 'Menu pengguna' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Keluar' });
    found.push(...(await checkOpen(page, warning, 'logout warning')));
    await escape(page, warning);
    await context.setOffline(false);
    await context.close();
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('keyboard in a modal', () => {
  it('should move the focus in, trap Tab and Shift+Tab, close on Esc and return the focus to the opener', async () => {
    await open(hr, '/users', 'Daftar Users');
    const opener = hr.getByRole('button', { name: 'Add User', exact: true });
    await hr.locator('body').focus();
    await tabTo(hr, opener);
    await hr.keyboard.press('Enter');
    const modal = dialog(hr, 'Tambah User');
    await modal.waitFor();
    await expect(isFocused(modal.getByLabel(/^Employee ID/))).resolves.toBe(true);

    // Tab walks every control once and wraps; the focus never leaves the dialog.
    const count = await modal.locator('button:enabled, input:enabled, select:enabled, textarea:enabled, a[href]').count();
    const seen: string[] = [];
    for (let i = 0; i < count + 1; i++) {
      await hr.keyboard.press('Tab');
      expect(await focusInside(modal), `Tab ${i + 1} stays inside`).toBe(true);
      seen.push(await hr.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ''));
    }
    expect(new Set(seen.slice(0, count)).size).toBe(count);
    await expect(isFocused(modal.getByLabel(/^Username/))).resolves.toBe(true);
    const close = modal.getByRole('button', { name: 'Tutup' });
    await close.focus();
    await hr.keyboard.press('Shift+Tab');
    await expect(isFocused(modal.getByRole('button', { name: 'Simpan', exact: true }))).resolves.toBe(true);
    await hr.keyboard.press('Tab');
    await expect(isFocused(close)).resolves.toBe(true);

    await hr.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect(isFocused(opener)).resolves.toBe(true);
  });

  it('should start a confirmation on Batal, keep Tab inside and return the focus to Hapus', async () => {
    const remove = firstEnabled(hr, 'Hapus');
    await remove.focus();
    await hr.keyboard.press('Enter');
    const confirm = hr.getByRole('alertdialog');
    await confirm.waitFor();
    await expect(isFocused(confirm.getByRole('button', { name: 'Batal', exact: true }))).resolves.toBe(true);
    for (let i = 0; i < 4; i++) {
      await hr.keyboard.press('Shift+Tab');
      expect(await focusInside(confirm)).toBe(true);
    }
    await hr.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect(isFocused(remove)).resolves.toBe(true);
  });
});
