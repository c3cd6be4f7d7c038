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

const { path, list, search } = LEVEL.SMK;
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
  nama: 'Rina Marlina',
  nomor: '0061239999',
  jurusan: 'Teknik Komputer dan Jaringan',
  instansi: 'SMK Negeri 2 Bandung',
  supervisor: 'Ibu Sri Wahyuni, S.Pd.',
  contact: '6285700001111',
  divisi: 'Keuangan',
  mentor: 'mentor',
  pembimbing: 'pembimbing',
  masuk: '2026-10-01',
  selesai: '2026-12-18',
};

const good = (nama: string, overrides: Partial<CsvPerson> = {}): CsvPerson => ({
  nama,
  instansi: 'smk telkom malang',
  nomor: nomorOf(nama, '0071'),
  jurusan: 'Rekayasa Perangkat Lunak',
  divisi: 'teknologi informasi',
  mentor: 'MENTOR',
  supervisor: 'Bapak Agus Salim, S.Kom.',
  contact: '081331100000',
  masuk: '05/01/2026',
  selesai: '03/04/2026',
  ...overrides,
});

describe('Daftar Peserta Siswa (HR)', () => {
  it('should list the SMK participants newest first with the spec columns and a pager', async () => {
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['No', 'Nama', 'Sekolah', 'Divisi', 'Mentor', 'Action']);
    await expectNames(page, ['Dewi Kartika Sari', 'Yoga Aditya', 'Anisa Fitriani', 'Fajar Nugroho', 'Nabila Rahmawati']);
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 10 entries');
    const first = row(page, 'Dewi Kartika Sari');
    await expect(first.getByRole('cell').allTextContents()).resolves.toEqual(['1', 'Dewi Kartika Sari', 'SMK Negeri 1 Jakarta', 'Pemasaran', 'mentor', '']);
    for (const label of ['Detail', 'Edit', 'Hapus']) await expect(first.getByRole('button', { name: label, exact: true }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectNames(page, ['Andi Wijaya', 'Putri Ayu Lestari', 'Dimas Saputra', 'Siti Nurhaliza', 'Rizky Pratama']);
  });

  it('should search by name or school (debounced) and return to page 1', async () => {
    await page.getByPlaceholder(search).fill('TELKOM');
    await expectNames(page, ['Yoga Aditya', 'Nabila Rahmawati', 'Andi Wijaya']);
    await expect(page.getByRole('navigation', { name: 'Navigasi halaman' }).count()).resolves.toBe(0);
    await page.getByPlaceholder(search).fill('siti');
    await expectNames(page, ['Siti Nurhaliza']);
    await page.getByPlaceholder(search).fill('');
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
  });

  it('should filter by period and division, count them on the badge, and reset', async () => {
    let panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Tahun Ini' }).click();
    const year = new Date().getFullYear();
    await expect(panel.getByLabel('Tanggal Mulai').inputValue()).resolves.toBe(`${year}-01-01`);
    await expect(panel.getByLabel('Tanggal Akhir').inputValue()).resolves.toBe(`${year}-12-31`);
    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(panel.getByLabel('Tanggal Mulai').inputValue()).resolves.toBe('');

    await panel.getByLabel('Tanggal Mulai').fill('2026-06-01');
    await panel.getByLabel('Tanggal Akhir').fill('2026-06-30');
    // start max = end, end min = start
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

    panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
    await expect(filterButton(page).textContent()).resolves.toBe('Filter');
  });

  it('should add (required fields first), edit, show and delete a participant', async () => {
    await crudFlow(page, 'SMK', person, { jurusan: 'Rekayasa Perangkat Lunak', divisi: 'Pemasaran' });
  });

  it('should keep the input and say so when saving offline, then save once back online', async () => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = dialog(page, LEVEL.SMK.add);
    await fillForm(add, 'SMK', { ...person, nama: 'Siswa Luring', nomor: '0061239998' }); // a NIS is unique in its school
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

  it('should import good rows and report the bad ones by row number', async () => {
    const lines = [
      csvLine('SMK', good('Impor Satu')),
      csvLine('SMK', good('Impor Dua', { divisi: 'Gudang' })),
      '',
      csvLine('SMK', good('Impor Tiga', { masuk: '2026-01-05' })),
      csvLine('SMK', good('Impor Empat', { mentor: 'siapa' })),
      csvLine('SMK', good('Impor Lima', { instansi: 'Universitas Indonesia' })),
      csvLine('SMK', good('Impor Enam', { jurusan: '' })),
      csvLine('SMK', good('Impor Tujuh', { contact: '6281330000007' })),
    ];
    await upload(page, csvFile('SMK', lines));
    const result = page.getByRole('alertdialog', { name: 'Hasil Import' });
    await result.waitFor();
    await expect(result.locator('.import-count-ok dd').textContent()).resolves.toBe('2');
    await expect(result.locator('.import-count-failed dd').textContent()).resolves.toBe('5');
    await expect(result.getByRole('list', { name: 'Baris yang gagal' }).getByRole('listitem').allTextContents()).resolves.toEqual([
      'Baris 3Divisi "Gudang" tidak ditemukan di database',
      'Baris 5Format tanggal tanggal_masuk tidak valid',
      'Baris 6Mentor "siapa" tidak ditemukan di database',
      'Baris 7Instansi "Universitas Indonesia" tidak ditemukan di database',
      'Baris 8Semua field wajib diisi',
    ]);
    await result.getByRole('button', { name: 'OK' }).click();
    await page.getByPlaceholder(search).fill('impor');
    await expectNames(page, ['Impor Satu', 'Impor Tujuh']);
    await row(page, 'Impor Satu').filter({ hasText: 'SMK Telkom Malang' }).filter({ hasText: 'Teknologi Informasi' }).waitFor();
    await page.getByPlaceholder(search).fill('');

    await upload(page, csvFile('SMK', [csvLine('SMK', good('Impor Delapan'))]));
    await acceptSuccess(page, 'Import berhasil! 1 peserta ditambahkan.');
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

  it('should export peserta_template.csv that imports back as the same participants', async () => {
    const token = await apiToken(server.url);
    const before = await listPeserta(server.url, token, 'SMK');
    const file = await download(page);
    expect(file.name).toBe('peserta_template.csv');
    // UTF-8 with a byte-order mark (Excel reads a file without one as ANSI).
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const lines = file.text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(LEVEL.SMK.header);
    expect(lines).toHaveLength(before.length + 1);
    expect(lines.find((line) => line.startsWith('Rizky Pratama;'))).toBe(
      'Rizky Pratama;SMK Negeri 1 Jakarta;0061234501;Teknik Komputer dan Jaringan;Teknologi Informasi;mentor;Drs. Bambang Sutrisno;081234567801;05/01/2026;03/04/2026;pembimbing',
    );

    // A NIS is unique within its institution: the same file imports back under new numbers.
    const renumbered = file.text.replace(/^([^;\r\n]*;[^;\r\n]*;)([0-9]+)/gm, (_all, head: string, nomor: string) => `${head}9${nomor}`);
    await upload(page, { name: 'peserta_template.csv', mimeType: 'text/csv', buffer: Buffer.from(renumbered) });
    await acceptSuccess(page, `Import berhasil! ${before.length} peserta ditambahkan.`);
    const after = await listPeserta(server.url, token, 'SMK');
    const oldIds = new Set(before.map((p) => p.id));
    const added = after.filter((p) => !oldIds.has(p.id));
    const renumber = (p: (typeof before)[number]) => ({ ...p, siswa: p.siswa && { ...p.siswa, nis: `9${p.siswa.nis}` } });
    expect(added.map(signature).sort()).toEqual(before.map(renumber).map(signature).sort());
    expect(new Set(added.map((p) => p.pembimbing?.username))).toEqual(new Set(['pembimbing']));
    await expect.poll(() => pagerInfo(page).textContent()).toBe(`Showing 1 to 5 of ${after.length} entries`);
  });

  it('should show cards at 390 px', async () => {
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
      const card = cards.filter({ hasText: 'Dewi Kartika Sari' }).first();
      await card.getByText('SMK Negeri 1 Jakarta').first().waitFor();
      await card.getByRole('button', { name: 'Detail' }).click();
      await dialog(mobile, LEVEL.SMK.detail).getByText('Desain Komunikasi Visual').waitFor();
      await mobile.keyboard.press('Escape');
      await mobile.getByRole('button', { name: 'Upload', exact: true }).waitFor();
      await mobile.getByRole('button', { name: 'Download', exact: true }).waitFor();
      const widths = await mobile.evaluate(() => document.documentElement.scrollWidth);
      expect(widths).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});

describe('Daftar Peserta Siswa (Pembimbing)', () => {
  it('should add, edit, show and delete a participant as Pembimbing', async () => {
    const other = await newContext(browser);
    try {
      const pembimbing = await other.newPage();
      await login(pembimbing, server.url, 'pembimbing');
      await pembimbing.goto(`${server.url}${path}`);
      await pembimbing.getByRole('heading', { name: list }).waitFor();
      await row(pembimbing, 'Dewi Kartika Sari').first().waitFor();
      await crudFlow(pembimbing, 'SMK', { ...person, nama: 'Bagas Pratama', nomor: '0061239997', masuk: '2026-11-02', selesai: '2027-01-29' }, { jurusan: 'Akuntansi', divisi: 'Sumber Daya Manusia' });
    } finally {
      await other.close();
    }
  });
});
