// Browser tests of the two participant lists, Daftar Peserta Siswa (SMK) and Daftar Peserta
// Mahasiswa. One server serves both: the journeys the lists share run once per level over that
// level's seeded rows (LEVEL_CASES); what only one level has runs inside that level's block.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, login, newContext } from './helpers/browser';
import { acceptSuccess, apiToken, dialog, pagerInfo, row } from './helpers/master-data';
import {
  type ApiPeserta,
  crudFlow,
  download,
  expectNames,
  field,
  fillForm,
  filterButton,
  LEVEL,
  listPeserta,
  openFilters,
  signature,
  upload,
} from './helpers/peserta';
import { LEVEL_CASES } from './helpers/peserta-levels';
import type { RunningServer } from './helpers/server';
import { useLoggedInPage } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useLoggedInPage((started) => {
  ({ server, browser, context, page } = started);
});

/** A NIS / NIM is unique within its institution: an exported file imports back with a '9' in front of each number. */
function renumbered(p: ApiPeserta): ApiPeserta {
  return { ...p, siswa: p.siswa && { ...p.siswa, nis: `9${p.siswa.nis}` }, mahasiswa: p.mahasiswa && { ...p.mahasiswa, nim: `9${p.mahasiswa.nim}` } };
}

describe.each(LEVEL_CASES)('$level: Daftar Peserta (HR)', (c) => {
  const labels = LEVEL[c.level];
  const { path, list, search } = labels;

  beforeAll(async () => {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { name: list }).waitFor();
  });

  it(`should list the ${c.level} participants newest first with the ${labels.instansi} column and a pager`, async () => {
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['No', 'Nama', labels.instansi, 'Divisi', 'Mentor', 'Action']);
    await expectNames(page, c.pages[0]);
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 10 entries');
    const first = row(page, c.pages[0][0]);
    await expect(first.getByRole('cell').allTextContents()).resolves.toEqual(c.firstRow);
    for (const label of ['Detail', 'Edit', 'Hapus']) await expect(first.getByRole('button', { name: label, exact: true }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectNames(page, c.pages[1]);
  });

  it(`should search by name or ${labels.instansi} (debounced) and return to page 1`, async () => {
    for (const [text, names] of c.searches) {
      await page.getByPlaceholder(search).fill(text);
      await expectNames(page, names);
      await expect(page.getByRole('navigation', { name: 'Navigasi halaman' }).count()).resolves.toBe(0);
    }
    await page.getByPlaceholder(search).fill('');
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
  });

  it('should filter by period and division, count them on the badge, and reset', async () => {
    await (c.level === 'SMK' ? filterSiswa : filterMahasiswa)(page);
    const panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
    await expect(filterButton(page).textContent()).resolves.toBe('Filter');
  });

  it(`should add (required fields first), edit, show (${c.level === 'SMK' ? 'without' : 'with'} Pembimbing Perusahaan) and delete a participant`, async () => {
    await crudFlow(page, c.level, c.person, c.edited);
  });

  if (c.level === 'SMK') {
    it('should keep the input and say so when saving offline, then save once back online', async () => {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const add = dialog(page, labels.add);
      await fillForm(add, 'SMK', { ...c.person, nama: 'Siswa Luring', nomor: '0061239998' }); // a NIS is unique in its school
      await context.setOffline(true);
      try {
        await add.getByRole('button', { name: 'Simpan' }).click();
        await add.getByText('Tidak dapat menyimpan saat offline', { exact: true }).waitFor();
        await expect(field(add, 'Nama').inputValue()).resolves.toBe('Siswa Luring');
        await expect(field(add, 'Sekolah').inputValue()).resolves.not.toBe('');
      } finally {
        await context.setOffline(false);
      }
      await add.getByRole('button', { name: 'Simpan' }).click();
      await acceptSuccess(page, 'Peserta berhasil ditambahkan');
      await row(page, 'Siswa Luring').waitFor();
    });

    it("should refuse other files: 'Gagal membaca file' for another extension, 'Gagal memproses file' for a wrong CSV", async () => {
      await upload(page, { name: 'peserta.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
      let popup = page.getByRole('alertdialog', { name: 'Gagal membaca file' });
      await popup.getByText('Hanya file .csv yang dapat diimport.').waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
      await upload(page, { name: 'lain.csv', mimeType: 'text/csv', buffer: Buffer.from('kolom;lain\n1;2\n') });
      popup = page.getByRole('alertdialog', { name: 'Error' });
      await popup.getByText('Gagal memproses file', { exact: true }).waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByLabel('File CSV untuk import').getAttribute('accept')).resolves.toBe('.csv');
    });
  } else {
    it('should require fakultas on add, and keep the input and say so when saving offline', async () => {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const add = dialog(page, labels.add);
      await fillForm(add, 'Mahasiswa', { ...c.person, fakultas: '' });
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
        await expect(field(add, 'NIM').inputValue()).resolves.toBe(c.person.nomor);
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
        const add = dialog(other, labels.add);
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
  }

  it('should import good rows and report the bad ones by row number', async () => {
    await upload(page, c.imports.file);
    const result = page.getByRole('alertdialog', { name: 'Hasil Import' });
    await result.waitFor();
    await expect(result.locator('.import-count-ok dd').textContent()).resolves.toBe('2');
    await expect(result.locator('.import-count-failed dd').textContent()).resolves.toBe(String(c.imports.failures.length));
    await expect(result.getByRole('list', { name: 'Baris yang gagal' }).getByRole('listitem').allTextContents()).resolves.toEqual(c.imports.failures);
    await result.getByRole('button', { name: 'OK' }).click();
    await page.getByPlaceholder(search).fill(c.imports.search);
    await expectNames(page, c.imports.added);
    await c.imports.thenCheck(page);
  });

  it(`should export ${labels.file} that imports back as the same participants`, async () => {
    const token = await apiToken(server.url);
    const before = await listPeserta(server.url, token, c.level);
    const file = await download(page);
    expect(file.name).toBe(labels.file);
    // UTF-8 with a byte-order mark (Excel reads a file without one as ANSI).
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const lines = file.text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(labels.header);
    expect(lines).toHaveLength(before.length + 1);
    c.expectExported(lines);

    const renumberedFile = file.text.replace(/^([^;\r\n]*;[^;\r\n]*;)([0-9]+)/gm, (_all, head: string, nomor: string) => `${head}9${nomor}`);
    await upload(page, { name: labels.file, mimeType: 'text/csv', buffer: Buffer.from(renumberedFile) });
    await acceptSuccess(page, `Import berhasil! ${before.length} peserta ditambahkan.`);
    const after = await listPeserta(server.url, token, c.level);
    const oldIds = new Set(before.map((p) => p.id));
    const added = after.filter((p) => !oldIds.has(p.id));
    expect(added.map(signature).sort()).toEqual(before.map(renumbered).map(signature).sort());
    expect(new Set(added.map((p) => p.pembimbing?.username))).toEqual(new Set(['pembimbing']));
    await expect.poll(() => pagerInfo(page).textContent()).toBe(`Showing 1 to 5 of ${after.length} entries`);
  });

  it(`should show cards at 390 px (${c.level === 'SMK' ? 'with the detail' : 'with a working filter panel'})`, async () => {
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
      await (c.level === 'SMK' ? cardsSiswa : cardsMahasiswa)(mobile, cards);
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});

describe('SMK: Daftar Peserta (Pembimbing)', () => {
  it('should add, edit, show and delete a participant as Pembimbing', async () => {
    const other = await newContext(browser);
    try {
      const pembimbing = await other.newPage();
      await login(pembimbing, server.url, 'pembimbing');
      await pembimbing.goto(`${server.url}${LEVEL.SMK.path}`);
      await pembimbing.getByRole('heading', { name: LEVEL.SMK.list }).waitFor();
      await row(pembimbing, 'Dewi Kartika Sari').first().waitFor();
      const person = LEVEL_CASES[0].person;
      await crudFlow(pembimbing, 'SMK', { ...person, nama: 'Bagas Pratama', nomor: '0061239997', masuk: '2026-11-02', selesai: '2027-01-29' }, { jurusan: 'Akuntansi', divisi: 'Sumber Daya Manusia' });
    } finally {
      await other.close();
    }
  });
});

/** The SMK list's filter journey up to Reset: the quick period and Clear, the date bounds, Terapkan, the badge and the search on top. */
async function filterSiswa(page: Page): Promise<void> {
  const { search } = LEVEL.SMK;
  let panel = await openFilters(page);
  await panel.getByRole('button', { name: 'Tahun Ini' }).click();
  const year = new Date().getFullYear();
  await expect(panel.getByLabel('Tanggal Mulai').inputValue()).resolves.toBe(`${year}-01-01`);
  await expect(panel.getByLabel('Tanggal Akhir').inputValue()).resolves.toBe(`${year}-12-31`);
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(panel.getByLabel('Tanggal Mulai').inputValue()).resolves.toBe('');

  await panel.getByLabel('Tanggal Mulai').fill('2026-06-01');
  await panel.getByLabel('Tanggal Akhir').fill('2026-06-30');
  // The start date cannot pass the end date, nor the end date come before the start.
  await expect(panel.getByLabel('Tanggal Mulai').getAttribute('max')).resolves.toBe('2026-06-30');
  await expect(panel.getByLabel('Tanggal Akhir').getAttribute('min')).resolves.toBe('2026-06-01');
  // Nothing changes before Terapkan.
  await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 10 entries');
  await panel.getByRole('button', { name: 'Terapkan' }).click();
  await expectNames(page, ['Anisa Fitriani', 'Fajar Nugroho', 'Nabila Rahmawati', 'Andi Wijaya']);
  await expect(filterButton(page).textContent()).resolves.toContain('1');
  await expect(filterButton(page).getAttribute('aria-expanded')).resolves.toBe('false');

  panel = await openFilters(page);
  await expect(panel.getByLabel('Tanggal Mulai').inputValue()).resolves.toBe('2026-06-01');
  await panel.getByLabel('Divisi').selectOption({ label: 'Teknologi Informasi' });
  await panel.getByRole('button', { name: 'Terapkan' }).click();
  await expectNames(page, ['Andi Wijaya']);
  await page.getByRole('button', { name: 'Filter (2 aktif)' }).waitFor();

  // The search narrows the filtered list further.
  await page.getByPlaceholder(search).fill('rizky');
  await page.getByText('Tidak ada data', { exact: true }).waitFor();
  await page.getByPlaceholder(search).fill('');
}

/** The Mahasiswa list's filter journey up to Reset: a click outside applies nothing; the division alone, without a period. */
async function filterMahasiswa(page: Page): Promise<void> {
  let panel = await openFilters(page);
  await panel.getByLabel('Tanggal Mulai').fill('2026-11-01');
  await panel.getByLabel('Tanggal Akhir').fill('2026-11-30');
  await panel.getByRole('button', { name: 'Terapkan' }).click();
  await expectNames(page, ['Sekar Ayuningtyas', 'Reza Firmansyah', 'Larasati Wulandari']);
  await page.getByRole('button', { name: 'Filter (1 aktif)' }).waitFor();

  panel = await openFilters(page);
  await panel.getByLabel('Divisi').selectOption({ label: 'Pemasaran' });
  // A click outside closes the panel without applying.
  await page.getByRole('heading', { name: LEVEL.Mahasiswa.list }).click();
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
}

/** On a phone, an SMK card opens its detail, and Upload / Download stay. */
async function cardsSiswa(mobile: Page, cards: Locator): Promise<void> {
  const card = cards.filter({ hasText: 'Dewi Kartika Sari' }).first();
  await card.getByText('SMK Negeri 1 Jakarta').first().waitFor();
  await card.getByRole('button', { name: 'Detail' }).click();
  await dialog(mobile, LEVEL.SMK.detail).getByText('Desain Komunikasi Visual').waitFor();
  await mobile.keyboard.press('Escape');
  await mobile.getByRole('button', { name: 'Upload', exact: true }).waitFor();
  await mobile.getByRole('button', { name: 'Download', exact: true }).waitFor();
}

/** On a phone, the Mahasiswa filter panel narrows the cards and a card's Edit opens the form. */
async function cardsMahasiswa(mobile: Page, cards: Locator): Promise<void> {
  const panel = await openFilters(mobile);
  await panel.getByLabel('Divisi').selectOption({ label: 'Sumber Daya Manusia' });
  await panel.getByRole('button', { name: 'Terapkan' }).click();
  await expect.poll(() => cards.count()).toBe(4); // Bayu and Larasati, each twice after the re-import
  await cards.first().getByRole('button', { name: 'Edit' }).click();
  await field(dialog(mobile, LEVEL.Mahasiswa.edit), 'Fakultas').waitFor();
  await mobile.keyboard.press('Escape');
}
