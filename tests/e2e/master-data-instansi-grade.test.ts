import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptSuccess, apiPost, apiToken, dialog, expectCards, expectDisabledWithReason, expectOfflineSaveRefused, pagerInfo, phonePage, row } from './helpers/master-data';
import type { RunningServer } from './helpers/server';
import { useLoggedInPage } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useLoggedInPage(
  (started) => {
    ({ server, browser, context, page } = started);
  },
  {
    async seed(started) {
      const token = await apiToken(started.url);
      // 3 demo schools + 2 = 5; the one added in the test makes 6 (two pages).
      for (const nama of ['SMA Negeri 5 Bogor', 'SMK Negeri 4 Semarang']) {
        await apiPost(started.url, token, '/api/instansi', { nama, jenis: 'Sekolah' });
      }
      // 2 demo templates + 4 = 6 (two pages).
      for (const nama of ['Template A', 'Template B', 'Template C', 'Template D']) {
        await apiPost(started.url, token, '/api/grade', {
          nama,
          deskripsi: '',
          kategori: 'SMK',
          items: [{ huruf: 'A', min: 0, predikat: 'Lulus' }],
        });
      }
    },
  },
);

/** GET `path` as that token: the `data` list. */
async function apiList<T>(token: string, path: string): Promise<T[]> {
  const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return ((await response.json()) as { data: T[] }).data;
}

/** A complete SMK participant of school `instansiId` (the demo mentor, pembimbing and first division). */
async function smkPeserta(token: string, instansiId: number): Promise<Record<string, unknown>> {
  const users = await apiList<{ id: number; username: string }>(token, '/api/users');
  const [divisi] = await apiList<{ id: number }>(token, '/api/divisi');
  const userId = (username: string) => users.find((user) => user.username === username)?.id;
  return {
    jenjang: 'SMK',
    nama: 'Peserta Baru',
    instansi_id: instansiId,
    divisi_id: divisi?.id,
    mentor_id: userId('mentor'),
    pembimbing_id: userId('pembimbing'),
    nama_pembimbing: 'Ibu Sari',
    kontak_pembimbing: '6281234567890',
    tanggal_masuk: '2026-02-01',
    tanggal_selesai: '2026-05-01',
    nis: 'N-9001',
    jurusan: 'Akuntansi',
  };
}

describe('instansi screen', () => {
  beforeAll(async () => {
    await page.goto(`${server.url}/instansi`);
    await page.getByRole('heading', { name: 'Instansi' }).waitFor();
  });

  it('should open on the Sekolah tab and search by name', async () => {
    await expect(page.getByRole('tab', { name: 'Sekolah', exact: true }).getAttribute('aria-selected')).resolves.toBe('true');
    await row(page, 'SMK Negeri 1 Jakarta').filter({ hasText: 'Sekolah' }).waitFor();
    await expect(row(page, 'SMK Negeri 1 Jakarta').getByRole('cell').nth(3).textContent()).resolves.toBe('4');
    await page.getByPlaceholder('Cari nama instansi...').fill('telkom');
    await row(page, 'SMK Negeri 1 Jakarta').waitFor({ state: 'detached' });
    await row(page, 'SMK Telkom Malang').waitFor();
    await expect(page.getByRole('row').count()).resolves.toBe(2);
    await page.getByPlaceholder('Cari nama instansi...').fill('');
    await row(page, 'SMK Negeri 1 Jakarta').waitFor();

    await page.getByRole('tab', { name: 'Kampus', exact: true }).click();
    await row(page, 'Universitas Indonesia').filter({ hasText: 'Kampus' }).waitFor();
    await page.getByRole('button', { name: 'Tambah Kampus' }).click();
    await expect(dialog(page, 'Tambah Instansi').getByLabel('Jenis').inputValue()).resolves.toBe('Kampus');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Sekolah', exact: true }).click();
  });

  it('should validate, create, page, edit and delete an institution', async () => {
    await page.getByRole('button', { name: 'Tambah Sekolah' }).click();
    const add = dialog(page, 'Tambah Instansi');
    await expect(add.getByLabel('Jenis').inputValue()).resolves.toBe('Sekolah');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText('Nama dan jenis instansi wajib diisi').waitFor();
    await add.getByLabel('Nama Instansi').fill('SMK Negeri 9 Surabaya');
    await add.getByLabel('Jenis').selectOption('');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText('Nama dan jenis instansi wajib diisi').waitFor();
    await add.getByLabel('Jenis').selectOption('Sekolah');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'Instansi berhasil ditambahkan');

    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 6 entries');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 6 of 6 entries');
    await row(page, 'SMK Telkom Malang').waitFor();
    await page.getByRole('button', { name: '1', exact: true }).click();
    await row(page, 'SMK Negeri 9 Surabaya').filter({ hasText: 'Sekolah' }).waitFor();

    await row(page, 'SMK Negeri 9 Surabaya').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Instansi');
    await expect(edit.getByLabel('Jenis').isDisabled()).resolves.toBe(true);
    await edit.getByText('Jenis tidak dapat diubah').waitFor();
    await edit.getByLabel('Nama Instansi').fill('SMK Negeri 10 Surabaya');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'Instansi berhasil diperbarui');
    await row(page, 'SMK Negeri 10 Surabaya').waitFor();

    await row(page, 'SMK Negeri 10 Surabaya').getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Instansi' });
    await confirm
      .getByText('Apakah Anda yakin ingin menghapus instansi SMK Negeri 10 Surabaya? Tindakan ini tidak dapat dibatalkan.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
    await acceptSuccess(page, 'Instansi berhasil dihapus');
    await row(page, 'SMK Negeri 10 Surabaya').waitFor({ state: 'detached' });
    await expect(page.getByRole('navigation', { name: 'Navigasi halaman' }).count()).resolves.toBe(0);
  });

  it('should show Hapus disabled, with the reason, on a school that has participants', async () => {
    const reason = 'Tidak dapat menghapus instansi yang masih memiliki peserta terkait';
    const hapus = row(page, 'SMK Negeri 1 Jakarta').getByRole('button', { name: 'Hapus' });
    await expectDisabledWithReason(hapus, reason);
    await hapus.click({ force: true });
    await expect(page.getByRole('alertdialog', { name: 'Hapus Instansi' }).count()).resolves.toBe(0);
    await expect(row(page, 'SMK Negeri 1 Jakarta').getByRole('button', { name: 'Edit' }).isEnabled()).resolves.toBe(true);
  });

  it("should show the server's refusal when a participant was added since the list was loaded", async () => {
    const token = await apiToken(server.url);
    const { data: school } = (await apiPost(server.url, token, '/api/instansi', { nama: 'SMK Negeri 11 Medan', jenis: 'Sekolah' })) as {
      data: { id: number };
    };
    await page.reload();
    const hapus = row(page, 'SMK Negeri 11 Medan').getByRole('button', { name: 'Hapus' });
    await expect(hapus.isEnabled()).resolves.toBe(true);
    // The participant arrives on the server; this list still says 0.
    await apiPost(server.url, token, '/api/peserta', await smkPeserta(token, school.id));
    await hapus.click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Instansi' });
    await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Tidak dapat menghapus instansi yang masih memiliki peserta terkait' }).waitFor();
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await row(page, 'SMK Negeri 11 Medan').waitFor();
  });

  it('should keep the input and say so when saving offline', async () => {
    await page.getByRole('button', { name: 'Tambah Sekolah' }).click();
    const add = dialog(page, 'Tambah Instansi');
    await add.getByLabel('Nama Instansi').fill('Sekolah Luring');
    await expectOfflineSaveRefused(context, add, () => add.getByRole('button', { name: 'Simpan' }).click(), { 'Nama Instansi': 'Sekolah Luring' });
    await add.getByRole('button', { name: 'Batal' }).click();
  });
});

describe('grade template screen', () => {
  beforeAll(async () => {
    await page.goto(`${server.url}/grade`);
    await page.getByRole('heading', { name: 'Management Grade Template' }).waitFor();
  });

  it('should show the templates with their threshold chips, paged', async () => {
    await row(page, 'Standar Mahasiswa').getByText('A ≥ 86 (Sangat Memuaskan)').waitFor();
    await row(page, 'Standar Mahasiswa').getByText('C ≥ 0 (Cukup Memuaskan)').waitFor();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 6 entries');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 6 of 6 entries');
    await page.getByRole('button', { name: '1', exact: true }).click();
  });

  it('should validate the template form', async () => {
    await page.getByRole('button', { name: 'Tambah Template' }).click();
    const add = dialog(page, 'Tambah Template Grade');
    await expect(add.getByLabel('Huruf grade 1').inputValue()).resolves.toBe('A');
    await add.getByRole('button', { name: '+ Tambah Grade' }).click();
    await expect(add.getByLabel('Nilai minimum grade 4').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText('Nama template wajib diisi').waitFor();
    await add.getByText('Jenjang wajib diisi').waitFor();
    await add.getByText('Nilai minimum wajib diisi. Huruf wajib diisi. Predikat wajib diisi').waitFor();
    await add.getByLabel('Nilai minimum grade 4').fill('150');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await add.getByText(/Nilai minimum harus antara 0-100/).waitFor();
    await expect(add.getByLabel('Huruf grade 4').getAttribute('maxlength')).resolves.toBe('2');

    // The row delete icon shows only while more than one row exists.
    for (let i = 0; i < 3; i++) await add.getByRole('button', { name: 'Hapus' }).first().click();
    await expect(add.getByRole('button', { name: 'Hapus' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'hidden' });
  });

  it('should create, edit and delete a template', async () => {
    await page.getByRole('button', { name: 'Tambah Template' }).click();
    const add = dialog(page, 'Tambah Template Grade');
    await add.getByLabel('Nama Template').fill('Akademik Ketat');
    await add.getByLabel('Jenjang').selectOption('Mahasiswa');
    await add.getByLabel('Deskripsi').fill('Untuk program akselerasi.');
    await add.getByLabel('Nilai minimum grade 1').fill('90');
    await add.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'Template grade berhasil ditambahkan');
    await row(page, 'Akademik Ketat').getByText('A ≥ 90 (Sangat Memuaskan)').waitFor();
    await row(page, 'Akademik Ketat').getByText('Untuk program akselerasi.').waitFor();

    await row(page, 'Akademik Ketat').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Template Grade');
    await expect(edit.getByLabel('Jenjang').inputValue()).resolves.toBe('Mahasiswa');
    await edit.getByRole('button', { name: '+ Tambah Grade' }).click();
    await edit.getByLabel('Nilai minimum grade 4').fill('50');
    await edit.getByLabel('Huruf grade 4').fill('D');
    await edit.getByLabel('Predikat grade 4').fill('Kurang');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acceptSuccess(page, 'Template grade berhasil diperbarui');
    await row(page, 'Akademik Ketat').getByText('D ≥ 50 (Kurang)').waitFor();

    await row(page, 'Akademik Ketat').getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi' });
    await confirm.getByText('Yakin ingin menghapus template grade ini?').waitFor();
    await confirm.getByRole('button', { name: 'Ya', exact: true }).click();
    await acceptSuccess(page, 'Template grade berhasil dihapus');
    await row(page, 'Akademik Ketat').waitFor({ state: 'detached' });
  });

  it('should keep the input and say so when saving offline', async () => {
    await page.getByRole('button', { name: 'Tambah Template' }).click();
    const add = dialog(page, 'Tambah Template Grade');
    await add.getByLabel('Nama Template').fill('Template Luring');
    await add.getByLabel('Jenjang').selectOption('SMK');
    await expectOfflineSaveRefused(context, add, () => add.getByRole('button', { name: 'Simpan' }).click(), { 'Nama Template': 'Template Luring' });
    await add.getByRole('button', { name: 'Batal' }).click();
  });

  it('should show cards at 390 px', async () => {
    const phone = await phonePage(browser, server.url, '/grade');
    const cards = await expectCards(phone, 'Daftar Template Grade');
    await cards.getByRole('listitem').filter({ hasText: 'Standar SMK' }).getByText('Ambang Nilai', { exact: true }).waitFor();
    await phone.goto(`${server.url}/instansi`);
    await expectCards(phone, 'Daftar Sekolah');
    await phone.close();
  });
});
