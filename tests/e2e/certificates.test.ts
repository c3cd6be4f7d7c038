// The certificate screens as HR: the lists of fully approved participants with each issued
// certificate's verification code ('Salin tautan verifikasi') and signature status, search,
// filter and reset, 'Terbitkan ulang', the preview, and documents made on the device from the
// certificate's snapshot — online, and again with the server stopped, where the certificate PDF
// must equal the server's own bytes (same SHA-256); with the signature images missing from the
// device, the server's endpoint makes the same bytes online. BusHead signs with a full name and
// title, so those reach the device through the snapshot too.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, login, newContext } from './helpers/browser';
import { apiBytes, approveApi, clearCachedImages, downloadOf, imageSize, issuedCertificates, makePng, sha256, uploadSignatureApi } from './helpers/certificates';
import { apiPost, apiPut, apiToken, dialog, pagerInfo } from './helpers/master-data';
import { expectNames, filterButton, listPeserta, openFilters } from './helpers/peserta';
import { waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids: Record<string, number> = {};

const RIZKY = 'Rizky Pratama';
const SITI = 'Siti Nurhaliza';
const IQBAL = 'Muhammad Iqbal Ramadhan';
const KETAT = [
  { huruf: 'A', min: 90, predikat: 'Istimewa' },
  { huruf: 'B', min: 75, predikat: 'Baik' },
  { huruf: 'C', min: 0, predikat: 'Cukup' },
];

async function openList(target: Page, path: string, heading: string): Promise<void> {
  await target.goto(`${server.url}${path}`);
  await target.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

function printButton(target: Page, name: string) {
  return target.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Cetak Sertifikat', exact: true });
}

async function chooseFormat(target: Page, name: string, format: RegExp) {
  await printButton(target, name).click();
  const modal = dialog(target, 'Pilih Format Download');
  await modal.waitFor();
  await modal.getByRole('button', { name: format }).click();
}

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  const hrToken = await apiToken(server.url, 'hr');
  for (const level of ['SMK', 'Mahasiswa'] as const) {
    for (const p of await listPeserta(server.url, hrToken, level)) ids[p.nama] = p.id;
  }
  // The seed has one fully approved participant per level; BusHead completes a second one.
  await approveApi(server.url, 'bushead', ids[SITI]!);
  const busHeadName = { username: 'bushead', nama_lengkap: 'Dr. Dewi Lestari Kusumanegara', jabatan: 'Kepala Divisi Operasional' };
  await apiPut(server.url, await apiToken(server.url, 'bushead'), '/api/auth/profile', busHeadName);
  // A signature for the first signer. Certificates keep what was there when they were issued, so
  // Iqbal's is issued again: his documents then carry a PNG the device keeps by its SHA-256.
  await uploadSignatureApi(server.url, 'pembimbing', makePng(160, 50, 3));
  await apiPost(server.url, hrToken, `/api/sertifikat/terbitkan-ulang/${ids[IQBAL]}`, {});
  await apiPost(server.url, hrToken, '/api/grade', { nama: 'Ketat', deskripsi: 'Ambang ketat', kategori: 'Mahasiswa', items: KETAT });
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await login(page, server.url, 'hr');
  await waitForServiceWorker(page);
});

describe('certificate lists', () => {
  it('should list the fully approved participants of each level with the certificate columns', async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await expectNames(page, [RIZKY, SITI]);
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['No', 'Nama Peserta', 'Sekolah', 'Divisi', 'Periode Magang', 'Status Sertifikat', 'Kode Verifikasi', 'Action']);
    const rizky = page.getByRole('row').filter({ hasText: RIZKY });
    await expect(rizky.textContent()).resolves.toContain('05/01/2026 - 03/04/2026');
    await expect(rizky.textContent()).resolves.toContain('Siap Dicetak');
    // Each row shows its certificate's code; both were issued before anyone had a signature.
    const codes = await issuedCertificates(server.url, 'SMK');
    for (const nama of [RIZKY, SITI]) {
      const row = page.getByRole('row').filter({ hasText: nama });
      await expect(row.locator('.sertifikat-kode-text').textContent()).resolves.toBe(codes.get(nama)?.kode);
      await row.getByText('Tanda tangan belum ada: Pembimbing, BusHead', { exact: true }).waitFor();
    }
    await expect(rizky.getByRole('button', { name: 'Preview Sertifikat' }).getAttribute('title')).resolves.toBe('Preview Sertifikat');
    await expect(page.getByText('Dimas Saputra').count()).resolves.toBe(0);

    await openList(page, '/certificates/mahasiswa', 'Sertifikat Mahasiswa');
    await expectNames(page, [IQBAL]);
    await expect(page.getByRole('columnheader', { name: 'Kampus' }).count()).resolves.toBe(1);
    await expect(pagerInfo(page).count()).resolves.toBe(0); // one page: no pager
    // Issued again after the Pembimbing's upload: only BusHead has none.
    await page.getByRole('row').filter({ hasText: IQBAL }).getByText('Tanda tangan belum ada: BusHead', { exact: true }).waitFor();
  });

  it("should copy the verification link with 'Salin tautan verifikasi', or show it to copy by hand", async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await expectNames(page, [RIZKY, SITI]);
    const { url } = (await issuedCertificates(server.url, 'SMK')).get(SITI)!;
    const copy = page.getByRole('row').filter({ hasText: SITI }).getByRole('button', { name: 'Salin tautan verifikasi' });
    await expect(copy.getAttribute('title')).resolves.toBe('Salin tautan verifikasi');
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Tautan verifikasi disalin' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);

    // A page the browser gives no clipboard (no secure connection) and a refused copy command.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      document.execCommand = () => false;
    });
    await copy.click();
    const manual = dialog(page, 'Tautan Verifikasi');
    await expect(manual.getByRole('textbox', { name: 'Tautan Verifikasi' }).inputValue()).resolves.toBe(url);
    await manual.getByRole('button', { name: 'Tutup' }).last().click();
    await manual.waitFor({ state: 'detached' });
  });

  it("should 'Terbitkan ulang' as HR: the old code is revoked and no longer listed, the new one shows; offline it says a connection is needed", async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await expectNames(page, [RIZKY, SITI]);
    const old = (await issuedCertificates(server.url, 'SMK')).get(RIZKY)!.kode;
    const row = page.getByRole('row').filter({ hasText: RIZKY });
    const reissue = row.getByRole('button', { name: 'Terbitkan ulang' });
    await expect(reissue.getAttribute('title')).resolves.toBe('Terbitkan ulang');

    await context.setOffline(true);
    try {
      await reissue.click();
      await page.getByText('Terbitkan ulang memerlukan koneksi ke server', { exact: false }).waitFor();
      await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    } finally {
      await context.setOffline(false);
    }

    // A refusal stays in the dialog with the server's message.
    const refusal = 'Sertifikat hanya dapat dibuat untuk peserta yang sudah disetujui Pembimbing, HR, dan BusHead';
    const reissuePath = '**/api/sertifikat/terbitkan-ulang/*';
    const confirm = page.getByRole('alertdialog', { name: 'Terbitkan Ulang Sertifikat' });
    await page.route(reissuePath, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: refusal }) }));
    try {
      await reissue.click();
      await confirm.getByRole('button', { name: 'Terbitkan ulang' }).click();
      await confirm.getByText(refusal, { exact: true }).waitFor();
      await confirm.getByRole('button', { name: 'Batal' }).click();
      await confirm.waitFor({ state: 'detached' });
    } finally {
      await page.unroute(reissuePath);
    }
    await expect(row.locator('.sertifikat-kode-text').textContent()).resolves.toBe(old);

    await reissue.click();
    await confirm.getByText(`dengan kode ${old} akan dicabut`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Terbitkan ulang' }).click();
    await confirm.waitFor({ state: 'detached' });
    const banner = page.locator('.certificates-banner');
    await banner.filter({ hasText: 'Sertifikat berhasil diterbitkan ulang' }).waitFor();

    const now = (await issuedCertificates(server.url, 'SMK')).get(RIZKY)!.kode;
    expect(now).not.toBe(old);
    await banner.getByText(`Kode verifikasi baru untuk ${RIZKY}: ${now}`, { exact: true }).waitFor();
    await expect(row.locator('.sertifikat-kode-text').textContent()).resolves.toBe(now);
    await expect(page.getByText(old).count()).resolves.toBe(0);
    // Issued from today's data: the Pembimbing's signature is on it now.
    await row.getByText('Tanda tangan belum ada: BusHead', { exact: true }).waitFor();

    // The device prints the new certificate with the image it fetched by hash: the server's bytes.
    await page.waitForLoadState('networkidle');
    const file = await downloadOf(page, () => chooseFormat(page, RIZKY, /^PDF/));
    expect(sha256(file.bytes)).toBe(sha256(await apiBytes(server.url, 'hr', `/api/sertifikat/generate/${ids[RIZKY]}`)));
  });

  it('should search by name or school, filter by period and division, and reset', async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await expectNames(page, [RIZKY, SITI]);
    const search = page.getByPlaceholder('Cari Nama atau Sekolah');
    await search.fill('siti');
    await expectNames(page, [SITI]);
    await search.fill('negeri 1 jakarta');
    await expectNames(page, [RIZKY, SITI]);
    await search.fill('tidak ada nama ini');
    await page.getByText('Tidak ada data', { exact: true }).waitFor();
    await search.fill('');
    await expectNames(page, [RIZKY, SITI]);

    // Rizky 05/01–03/04 lies inside; Siti (12/01–10/04) does not: she ends after the period.
    let panel = await openFilters(page);
    await panel.getByLabel('Tanggal Mulai').fill('2026-01-01');
    await panel.getByLabel('Tanggal Akhir').fill('2026-04-05');
    await panel.getByRole('button', { name: 'Terapkan' }).click();
    await expectNames(page, [RIZKY]);
    await filterButton(page).filter({ hasText: '(1 aktif)' }).waitFor();

    panel = await openFilters(page);
    await panel.getByLabel('Divisi').selectOption({ label: 'Keuangan' });
    await panel.getByRole('button', { name: 'Terapkan' }).click();
    await page.getByText('Tidak ada data', { exact: true }).waitFor();
    await filterButton(page).filter({ hasText: '(2 aktif)' }).waitFor();

    panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expectNames(page, [RIZKY, SITI]);
    await expect(filterButton(page).textContent()).resolves.toBe('Filter');
  });

  it('should show the preview made on the device', async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await page.getByRole('row').filter({ hasText: RIZKY }).getByRole('button', { name: 'Preview Sertifikat' }).click();
    const modal = dialog(page, 'Preview Sertifikat');
    const size = await imageSize(modal.getByRole('img', { name: `Preview sertifikat ${RIZKY}` }));
    expect(size.width).toBeGreaterThan(size.height); // a landscape certificate
    await modal.getByRole('button', { name: 'Tutup' }).last().click();
    await modal.waitFor({ state: 'detached' });
  });

  it('should download the certificate PDF made on the device, equal to the server\'s', async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await expectNames(page, [RIZKY, SITI]);
    const file = await downloadOf(page, () => chooseFormat(page, RIZKY, /^PDF/));
    expect(file.name).toBe('certificate_Rizky_Pratama.pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(`Sertifikat PDF untuk ${RIZKY} berhasil diunduh`, { exact: true }).waitFor();
    const serverPdf = await apiBytes(server.url, 'hr', `/api/sertifikat/generate/${ids[RIZKY]}`);
    expect(sha256(file.bytes)).toBe(sha256(serverPdf));
    // The banner is dismissible.
    await page.getByRole('status').filter({ hasText: 'berhasil diunduh' }).getByRole('button', { name: 'Tutup' }).click();
    await page.getByText(`Sertifikat PDF untuk ${RIZKY} berhasil diunduh`).waitFor({ state: 'detached' });
  });

  it("should say 'Gagal mengunduh PDF: …' in the Error popup, not a banner, when the Daftar Nilai cannot be saved", async () => {
    await openList(page, '/certificates/mahasiswa', 'Sertifikat Mahasiswa');
    await expectNames(page, [IQBAL]);
    // The device cannot save the file: making its download link fails (until the next page load).
    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('Penyimpanan perangkat penuh');
      };
    });
    await chooseFormat(page, IQBAL, /^Daftar Nilai/);
    await dialog(page, 'Pilih Template Grade Nilai').getByRole('button', { name: 'Gunakan Default' }).click();
    const popup = page.getByRole('alertdialog', { name: 'Error' });
    await popup.getByText('Gagal mengunduh PDF: Penyimpanan perangkat penuh', { exact: true }).waitFor();
    await expect(page.locator('.certificates-banner').count()).resolves.toBe(0);
    await popup.getByRole('button', { name: 'OK', exact: true }).click();
    await popup.waitFor({ state: 'detached' });
  });
});

describe('documents the device lacks data for', () => {
  it("should download the PDF and show the preview from the server online when a signature image is missing, the PDF equal to the device's own", async () => {
    await openList(page, '/certificates/mahasiswa', 'Sertifikat Mahasiswa');
    await expectNames(page, [IQBAL]);
    await page.waitForLoadState('networkidle');
    const generate = `/api/sertifikat/generate/${ids[IQBAL]}`;
    const asked: string[] = [];
    const onRequest = (request: { url(): string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    const images = '**/api/sertifikat/gambar/*';
    try {
      const fromDevice = await downloadOf(page, () => chooseFormat(page, IQBAL, /^PDF/));
      expect(asked).not.toContain(generate);

      // The signature image leaves the device and cannot be fetched again.
      await page.route(images, (route) => route.abort('connectionrefused'));
      await clearCachedImages(page);
      await openList(page, '/certificates/mahasiswa', 'Sertifikat Mahasiswa');
      await expectNames(page, [IQBAL]);
      await page.waitForLoadState('networkidle');
      await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(true);

      const fromServer = await downloadOf(page, () => chooseFormat(page, IQBAL, /^PDF/));
      expect(asked).toContain(generate);
      expect(fromServer.name).toBe('certificate_Muhammad_Iqbal_Ramadhan.pdf');
      expect(sha256(fromServer.bytes)).toBe(sha256(fromDevice.bytes));
      expect(sha256(fromServer.bytes)).toBe(sha256(await apiBytes(server.url, 'hr', generate)));
      await page.getByText(`Sertifikat PDF untuk ${IQBAL} berhasil diunduh`, { exact: true }).waitFor();
      await expect(page.getByText('belum tersimpan di perangkat').count()).resolves.toBe(0);

      // The preview, too, comes from the server (its PNG).
      await page.getByRole('row').filter({ hasText: IQBAL }).getByRole('button', { name: 'Preview Sertifikat' }).click();
      const preview = dialog(page, 'Preview Sertifikat');
      const size = await imageSize(preview.getByRole('img', { name: `Preview sertifikat ${IQBAL}` }));
      expect(size.width).toBeGreaterThan(size.height);
      expect(asked).toContain(`/api/sertifikat/preview/${ids[IQBAL]}`);
      await preview.getByRole('button', { name: 'Tutup' }).last().click();
      await preview.waitFor({ state: 'detached' });

      // Offline the device prints it itself, with a blank line where the signature was, and says so.
      await context.setOffline(true);
      const offline = await downloadOf(page, () => chooseFormat(page, IQBAL, /^PDF/));
      expect(sha256(offline.bytes)).not.toBe(sha256(fromDevice.bytes));
      await page.getByText(/^Tanda tangan .+ belum tersimpan di perangkat; dicetak dengan garis tanda tangan kosong\.$/).waitFor();
    } finally {
      page.off('request', onRequest);
      await context.setOffline(false);
      await page.unroute(images);
    }
  });
});

describe('documents with the server stopped', () => {
  it('should still make the PDF (equal to the server\'s), the PPTX and the Daftar Nilai', async () => {
    await openList(page, '/certificates/mahasiswa', 'Sertifikat Mahasiswa');
    await expectNames(page, [IQBAL]);
    // Let the pulls (rows with their certificates, templates, images) settle before the server goes.
    await page.waitForLoadState('networkidle');
    const serverPdf = await apiBytes(server.url, 'hr', `/api/sertifikat/generate/${ids[IQBAL]}`);
    const gradeConfig = encodeURIComponent(JSON.stringify(KETAT));
    const serverTranscript = await apiBytes(server.url, 'hr', `/api/nilai/cetak/${ids[IQBAL]}?gradeConfig=${gradeConfig}`);
    await server.stop();
    try {
      const pdf = await downloadOf(page, () => chooseFormat(page, IQBAL, /^PDF/));
      expect(pdf.name).toBe('certificate_Muhammad_Iqbal_Ramadhan.pdf');
      expect(sha256(pdf.bytes)).toBe(sha256(serverPdf));
      await page.getByText(`Sertifikat PDF untuk ${IQBAL} berhasil diunduh`, { exact: true }).waitFor();

      const pptx = await downloadOf(page, () => chooseFormat(page, IQBAL, /^PowerPoint/));
      expect(pptx.name).toBe('certificate_Muhammad_Iqbal_Ramadhan.pptx');
      expect(pptx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByText(`Sertifikat PPT untuk ${IQBAL} berhasil diunduh`, { exact: true }).waitFor();

      await chooseFormat(page, IQBAL, /^Daftar Nilai/);
      const grade = dialog(page, 'Pilih Template Grade Nilai');
      await grade.getByText('A ≥ 86 (Sangat Memuaskan)', { exact: true }).waitFor();
      await grade.getByLabel('Template Grade').selectOption({ label: 'Ketat (Mahasiswa)' });
      await grade.getByText('A ≥ 90 (Istimewa)', { exact: true }).waitFor();
      const transcript = await downloadOf(page, () => grade.getByRole('button', { name: 'Cetak Daftar Nilai' }).click());
      expect(transcript.name).toBe('Daftar_Nilai_Muhammad_Iqbal_Ramadhan.pdf');
      expect(transcript.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(sha256(transcript.bytes)).toBe(sha256(serverTranscript));
      await page.getByText(`Daftar Nilai untuk ${IQBAL} berhasil diunduh`, { exact: true }).waitFor();

      // 'Gunakan Default' prints with the default thresholds.
      await chooseFormat(page, IQBAL, /^Daftar Nilai/);
      const again = dialog(page, 'Pilih Template Grade Nilai');
      const byDefault = await downloadOf(page, () => again.getByRole('button', { name: 'Gunakan Default' }).click());
      expect(byDefault.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await server.start();
    }
  });
});

describe('Cetak Semua and phones', () => {
  it('should print every certificate of the filtered list into one PDF with progress', async () => {
    await openList(page, '/certificates/siswa', 'Sertifikat Siswa');
    await expectNames(page, [RIZKY, SITI]);
    await page.getByRole('button', { name: 'Cetak Semua' }).click();
    const modal = dialog(page, 'Cetak Semua Sertifikat');
    await modal.getByText('Cetak 2 sertifikat dari daftar ini ke dalam satu file PDF.').waitFor();
    const file = await downloadOf(page, () => modal.getByRole('button', { name: 'Mulai Cetak' }).click());
    expect(file.name).toBe('certificates_Siswa.pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(2);
    await page.getByText('Sertifikat PDF untuk 2 peserta berhasil diunduh', { exact: true }).waitFor();
  });

  it('should show cards and download the PDF on a phone', async () => {
    const phone = await newContext(browser, PHONE);
    try {
      const small = await phone.newPage();
      await login(small, server.url, 'pembimbing');
      await openList(small, '/certificates/siswa', 'Sertifikat Siswa');
      const card = small.getByRole('listitem').filter({ hasText: RIZKY });
      await card.waitFor();
      await expect(card.locator('.sertifikat-kode-text').textContent()).resolves.toBe((await issuedCertificates(server.url, 'SMK')).get(RIZKY)?.kode);
      await card.getByRole('button', { name: 'Salin tautan verifikasi' }).waitFor();
      // 'Terbitkan ulang' is HR's alone.
      await expect(card.getByRole('button', { name: 'Terbitkan ulang' }).count()).resolves.toBe(0);
      await card.getByRole('button', { name: 'Cetak Sertifikat' }).click();
      const modal = dialog(small, 'Pilih Format Download');
      const file = await downloadOf(small, () => modal.getByRole('button', { name: /^PDF/ }).click());
      expect(file.name).toBe('certificate_Rizky_Pratama.pdf');
      await expect(small.locator('iframe, embed, object').count()).resolves.toBe(0);
    } finally {
      await phone.close();
    }
  });
});
