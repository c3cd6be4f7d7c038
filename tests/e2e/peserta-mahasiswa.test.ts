import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, login, newContext } from './helpers/browser';
import { acceptSuccess, apiToken, dialog, pagerInfo, row } from './helpers/master-data';
import {
  crudFlow,
  csvFile,
  csvLine,
  type CsvPerson,
  download,
  expectNames,
  field,
  fillForm,
  filterButton,
  LEVEL,
  listPeserta,
  nomorOf,
  openFilters,
  signature,
  upload,
} from './helpers/peserta';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const { path, list, search } = LEVEL.Mahasiswa;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  context = await newContext(browser);
  page = await context.newPage();
  await login(page, server.url, 'hr');
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { name: list }).waitFor();
});

const person = {
  nama: 'Hendra Gunawan',
  nomor: '2106799999',
  jurusan: 'Teknik Informatika',
  fakultas: 'Fakultas Ilmu Komputer',
  instansi: 'Universitas Gadjah Mada',
  supervisor: 'Dr. Wulan Sari, M.Si.',
  contact: '6281578900000',
  divisi: 'Teknologi Informasi',
  mentor: 'mentor',
  pembimbing: 'pembimbing',
  masuk: '2026-12-01',
  selesai: '2027-05-28',
};

const good = (nama: string, overrides: Partial<CsvPerson> = {}): CsvPerson => ({
  nama,
  instansi: 'UNIVERSITAS AIRLANGGA',
  nomor: nomorOf(nama, '0419'),
  jurusan: 'Manajemen',
  fakultas: 'Fakultas Ekonomi dan Bisnis',
  divisi: 'Pemasaran',
  mentor: 'mentor',
  supervisor: 'Dr. Rudi Hartono, S.E., M.M.',
  contact: '081330011223',
  masuk: '09/03/2026',
  selesai: '04/09/2026',
  ...overrides,
});

describe('Daftar Peserta Mahasiswa (HR)', () => {
  it('should list the university participants newest first with the Kampus column', async () => {
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['No', 'Nama', 'Kampus', 'Divisi', 'Mentor', 'Action']);
    await expectNames(page, ['Sekar Ayuningtyas', 'Reza Firmansyah', 'Larasati Wulandari', 'Kevin Hidayat', 'Intan Permata Sari']);
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 10 entries');
    await page.getByPlaceholder(search).fill('gadjah');
    await expectNames(page, ['Larasati Wulandari', 'Citra Maharani', 'Bayu Setiawan']);
    await page.getByPlaceholder(search).fill('');
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
  });

  it('should filter by period and division with the badge counting both', async () => {
    let panel = await openFilters(page);
    await panel.getByLabel('Tanggal Mulai').fill('2026-11-01');
    await panel.getByLabel('Tanggal Akhir').fill('2026-11-30');
    await panel.getByRole('button', { name: 'Terapkan' }).click();
    await expectNames(page, ['Sekar Ayuningtyas', 'Reza Firmansyah', 'Larasati Wulandari']);
    await page.getByRole('button', { name: 'Filter (1 aktif)' }).waitFor();

    panel = await openFilters(page);
    await panel.getByLabel('Divisi').selectOption({ label: 'Pemasaran' });
    // A click outside closes the panel without applying.
    await page.getByRole('heading', { name: list }).click();
    await panel.waitFor({ state: 'hidden' });
    await expectNames(page, ['Sekar Ayuningtyas', 'Reza Firmansyah', 'Larasati Wulandari']);

    panel = await openFilters(page);
    await expect(panel.getByLabel('Divisi').inputValue()).resolves.toBe('');
    await panel.getByLabel('Divisi').selectOption({ label: 'Pemasaran' });
    await panel.getByRole('button', { name: 'Terapkan' }).click();
    await expectNames(page, ['Reza Firmansyah']);
    await page.getByRole('button', { name: 'Filter (2 aktif)' }).waitFor();

    // The division alone, without a period.
    panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Clear' }).click();
    await panel.getByRole('button', { name: 'Terapkan' }).click();
    await expectNames(page, ['Reza Firmansyah', 'Citra Maharani']);
    await page.getByRole('button', { name: 'Filter (1 aktif)' }).waitFor();

    panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
    await expect(filterButton(page).textContent()).resolves.toBe('Filter');
  });

  it('should add (required fields first), edit, show (with Pembimbing Perusahaan) and delete a participant', async () => {
    await crudFlow(page, 'Mahasiswa', person, { jurusan: 'Sistem Informasi', divisi: 'Keuangan' });
  });

  it('should require fakultas on add', async () => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = dialog(page, LEVEL.Mahasiswa.add);
    await fillForm(add, 'Mahasiswa', { ...person, fakultas: '' });
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText('Semua field wajib diisi', { exact: true }).waitFor();
    await expect(field(add, 'Fakultas').getAttribute('aria-invalid')).resolves.toBe('true');

    // Offline: the message, and the form keeps what was typed.
    await field(add, 'Fakultas').fill('Fakultas Teknik');
    await context.setOffline(true);
    try {
      await add.getByRole('button', { name: 'Simpan' }).click();
      await add.getByText('Tidak dapat menyimpan saat offline', { exact: true }).waitFor();
      await expect(field(add, 'Fakultas').inputValue()).resolves.toBe('Fakultas Teknik');
      await expect(field(add, 'NIM').inputValue()).resolves.toBe(person.nomor);
    } finally {
      await context.setOffline(false);
    }
    await add.getByRole('button', { name: 'Batal' }).click();
    await add.waitFor({ state: 'hidden' });
  });

  it("should show 'Loading...' while the choices load and 'Tidak ada … tersedia' when there are none", async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID', serviceWorkers: 'block' });
    try {
      const other = await fresh.newPage();
      await login(other, server.url, 'hr');
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await other.route('**/api/divisi', async (route) => {
        await held;
        await route.continue();
      });
      await other.route('**/api/users', (route) => route.fulfill({ json: { data: [] } }));
      await other.goto(`${server.url}${path}`);
      await other.getByRole('button', { name: 'Add', exact: true }).click();
      const add = dialog(other, LEVEL.Mahasiswa.add);
      const first = (label: string) => field(add, label).locator('option').first().textContent();
      await expect.poll(() => first('Divisi')).toBe('Loading...');
      await expect.poll(() => first('Mentor')).toBe('Tidak ada mentor tersedia');
      await expect(first('Pembimbing')).resolves.toBe('Tidak ada pembimbing tersedia');
      await expect.poll(() => first('Kampus')).toBe('Pilih Kampus');
      release();
      await expect.poll(() => first('Divisi')).toBe('Pilih Divisi');
      await field(add, 'Divisi').selectOption({ label: 'Keuangan' });
    } finally {
      await fresh.close();
    }
  });

  it("should say 'Gagal memuat data' when nothing is stored and the list cannot load, and retry", async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID', serviceWorkers: 'block' });
    try {
      const other = await fresh.newPage();
      await login(other, server.url, 'hr');
      await other.route('**/api/peserta*', (route) => route.fulfill({ status: 500, json: { message: 'Terjadi kesalahan pada server' } }));
      await other.goto(`${server.url}${path}`);
      const alert = other.getByRole('alert').filter({ hasText: 'Gagal memuat data' });
      await alert.waitFor();
      await other.getByText('Tidak ada data', { exact: true }).waitFor();
      await other.unroute('**/api/peserta*');
      await alert.getByRole('button', { name: 'Coba lagi' }).click();
      await row(other, 'Sekar Ayuningtyas').first().waitFor();
      await alert.waitFor({ state: 'detached' });
    } finally {
      await fresh.close();
    }
  });

  it('should import good rows and report the bad ones by row number', async () => {
    const lines = [
      csvLine('Mahasiswa', good('Impor Mhs Satu')),
      csvLine('Mahasiswa', good('Impor Mhs Dua', { instansi: 'SMK Negeri 1 Jakarta' })),
      csvLine('Mahasiswa', good('Impor Mhs Tiga', { fakultas: '-' })),
      csvLine('Mahasiswa', good('Impor Mhs Empat', { selesai: '31/02/2026' })),
      csvLine('Mahasiswa', good('Impor Mhs Lima', { divisi: 'Produksi' })),
    ];
    await upload(page, csvFile('Mahasiswa', lines));
    const result = page.getByRole('alertdialog', { name: 'Hasil Import' });
    await result.waitFor();
    await expect(result.locator('.import-count-ok dd').textContent()).resolves.toBe('2');
    await expect(result.locator('.import-count-failed dd').textContent()).resolves.toBe('3');
    await expect(result.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Baris 3Instansi "SMK Negeri 1 Jakarta" tidak ditemukan di database',
      'Baris 5Format tanggal tanggal_selesai tidak valid',
      'Baris 6Divisi "Produksi" tidak ditemukan di database',
    ]);
    await result.getByRole('button', { name: 'OK' }).click();
    await page.getByPlaceholder(search).fill('impor mhs');
    await expectNames(page, ['Impor Mhs Satu', 'Impor Mhs Tiga']);
    await row(page, 'Impor Mhs Tiga').getByRole('button', { name: 'Detail' }).click();
    const detail = dialog(page, LEVEL.Mahasiswa.detail);
    await detail.getByText('Universitas Airlangga').waitFor();
    await detail.getByText('Pembimbing Perusahaan').waitFor();
    await detail.getByRole('button', { name: 'Tutup' }).last().click();
    await page.getByPlaceholder(search).fill('');
  });

  it('should export mahasiswa_template.csv that imports back as the same participants', async () => {
    const token = await apiToken(server.url);
    const before = await listPeserta(server.url, token, 'Mahasiswa');
    const file = await download(page);
    expect(file.name).toBe('mahasiswa_template.csv');
    // UTF-8 with a byte-order mark (Excel reads a file without one as ANSI).
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const lines = file.text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(LEVEL.Mahasiswa.header);
    expect(lines).toHaveLength(before.length + 1);
    expect(lines.find((line) => line.startsWith('Impor Mhs Tiga;'))).toContain(';Manajemen;-;Pemasaran;mentor;');

    // A NIM is unique within its institution: the same file imports back under new numbers.
    const renumbered = file.text.replace(/^([^;\r\n]*;[^;\r\n]*;)([0-9]+)/gm, (_all, head: string, nomor: string) => `${head}9${nomor}`);
    await upload(page, { name: 'mahasiswa_template.csv', mimeType: 'text/csv', buffer: Buffer.from(renumbered) });
    await acceptSuccess(page, `Import berhasil! ${before.length} peserta ditambahkan.`);
    const after = await listPeserta(server.url, token, 'Mahasiswa');
    const oldIds = new Set(before.map((p) => p.id));
    const added = after.filter((p) => !oldIds.has(p.id));
    const renumber = (p: (typeof before)[number]) => ({ ...p, mahasiswa: p.mahasiswa && { ...p.mahasiswa, nim: `9${p.mahasiswa.nim}` } });
    expect(added.map(signature).sort()).toEqual(before.map(renumber).map(signature).sort());
    expect(new Set(added.map((p) => p.pembimbing?.username))).toEqual(new Set(['pembimbing']));
    await expect.poll(() => pagerInfo(page).textContent()).toBe(`Showing 1 to 5 of ${after.length} entries`);
  });

  it('should show cards and a working filter panel at 390 px', async () => {
    const phone = await newContext(browser, PHONE);
    try {
      const mobile = await phone.newPage();
      await login(mobile, server.url, 'hr');
      await mobile.goto(`${server.url}${path}`);
      const cards = mobile.getByRole('list', { name: list }).getByRole('listitem');
      // A new device's first pull comes first (expect.poll alone waits only 1 s).
      await cards.first().waitFor();
      await expect.poll(() => cards.count()).toBe(5);
      await expect(mobile.getByRole('table').count()).resolves.toBe(0);
      const panel = await openFilters(mobile);
      await panel.getByLabel('Divisi').selectOption({ label: 'Sumber Daya Manusia' });
      await panel.getByRole('button', { name: 'Terapkan' }).click();
      await expect.poll(() => cards.count()).toBe(4); // Bayu and Larasati, each twice after the re-import
      await cards.first().getByRole('button', { name: 'Edit' }).click();
      await field(dialog(mobile, LEVEL.Mahasiswa.edit), 'Fakultas').waitFor();
      await mobile.keyboard.press('Escape');
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
