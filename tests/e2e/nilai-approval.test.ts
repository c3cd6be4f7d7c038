// The approval screens online: Approval Management, Detail Approval, Alasan Penolakan and
// Edit Nilai, as pembimbing and HR, checked against the server through the API.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, login, newContext } from './helpers/browser';
import { acceptSuccess, dialog } from './helpers/master-data';
import { apiSend, searchFor, serverReviews, serverScores } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let pembimbingContext: BrowserContext;
let hrContext: BrowserContext;
let pembimbing: Page;
let hr: Page;

const SEARCH = 'Cari nama peserta...';

async function openApproval(page: Page, username: string): Promise<void> {
  await login(page, server.url, username);
  await page.goto(`${server.url}/approval`);
  await page.getByRole('heading', { name: 'Approval Management' }).waitFor();
  await page.getByText(/^Menampilkan \d+ dari \d+ peserta$/).waitFor();
}

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  pembimbingContext = await newContext(browser);
  hrContext = await newContext(browser);
  pembimbing = await pembimbingContext.newPage();
  hr = await hrContext.newPage();
  await openApproval(pembimbing, 'pembimbing');
  await openApproval(hr, 'hr');
});

async function openDetail(page: Page, name: string) {
  const row = await searchFor(page, SEARCH, name);
  await row.getByRole('button', { name: 'Detail Approval', exact: true }).click();
  const modal = dialog(page, 'Detail Approval');
  await modal.getByText(name, { exact: true }).waitFor();
  return modal;
}

describe('approval management', () => {
  it('should list only scored participants, filter with chips, and sort', async () => {
    const count = pembimbing.getByText(/^Menampilkan \d+ dari \d+ peserta$/);
    const total = Number((await count.textContent())?.match(/dari (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(5);
    await pembimbing.getByRole('button', { name: 'Filter' }).click();
    const panel = pembimbing.getByRole('dialog', { name: 'Filter' });
    await panel.getByLabel('Jenjang').selectOption('SMK');
    await panel.getByRole('button', { name: 'Terapkan' }).click();
    await pembimbing.getByText('Jenjang: SMK').waitFor();
    await expect(count.textContent()).resolves.not.toBe(`Menampilkan ${total} dari ${total} peserta`);
    // The panel closes on a click outside.
    await pembimbing.getByRole('button', { name: /^Filter/ }).click();
    await panel.waitFor();
    await pembimbing.getByRole('heading', { name: 'Approval Management' }).click();
    await panel.waitFor({ state: 'detached' });
    await pembimbing.getByRole('button', { name: 'Hapus semua' }).click();
    await expect(count.textContent()).resolves.toBe(`Menampilkan ${total} dari ${total} peserta`);
    await pembimbing.getByPlaceholder(SEARCH).fill('tidak ada nama ini');
    await pembimbing.getByText('Tidak ada data yang sesuai dengan filter').waitFor();
    await pembimbing.getByPlaceholder(SEARCH).fill('');
    await pembimbing.getByText(`Menampilkan ${total} dari ${total} peserta`).waitFor();
    const header = pembimbing.getByRole('columnheader', { name: /Progress Approval/ });
    await header.getByRole('button').click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    await header.getByRole('button').click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
    await expect(pembimbing.getByRole('row').nth(1).textContent()).resolves.toContain('3/3');
    await header.getByRole('button').click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
  });

  it('should approve through Detail Approval and update the progress and status', async () => {
    const modal = await openDetail(pembimbing, 'Galih Prasetyo');
    await modal.getByText('pembimbing', { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Setujui', exact: true }).click();
    await acceptSuccess(pembimbing, 'Berhasil menyetujui peserta');
    const row = await searchFor(pembimbing, SEARCH, 'Galih Prasetyo');
    await row.getByText('1/3').waitFor();
    await expect(row.textContent()).resolves.toContain('33%');
    await expect(row.textContent()).resolves.toContain('Disetujui');
    expect(await serverReviews(server.url, 15)).toEqual(['Disetujui', 'Menunggu', 'Menunggu']);
  });

  it('should refuse a blank reason and reject with one', async () => {
    const modal = await openDetail(pembimbing, 'Andi Wijaya');
    await modal.getByRole('button', { name: 'Tolak', exact: true }).click();
    const reason = dialog(pembimbing, 'Alasan Penolakan');
    await reason.getByRole('button', { name: 'Tolak', exact: true }).click();
    await reason.getByText('Alasan penolakan wajib diisi').waitFor();
    await reason.getByRole('textbox').fill('   ');
    await reason.getByRole('button', { name: 'Tolak', exact: true }).click();
    await reason.getByText('Alasan penolakan wajib diisi').waitFor();
    expect(await serverReviews(server.url, 5)).toEqual(['Menunggu', 'Menunggu', 'Menunggu']);
    await reason.getByRole('textbox').fill('Laporan akhir belum lengkap');
    await reason.getByRole('button', { name: 'Tolak', exact: true }).click();
    await acceptSuccess(pembimbing, 'Berhasil menolak peserta');
    const row = await searchFor(pembimbing, SEARCH, 'Andi Wijaya');
    await row.getByText('Rejected').waitFor();
    await row.getByText('Anda Menolak').waitFor();
    expect(await serverReviews(server.url, 5)).toEqual(['Ditolak', 'Tidak_dilanjutkan', 'Tidak_dilanjutkan']);

    // HR sees who rejected.
    await hr.reload();
    const hrRow = await searchFor(hr, SEARCH, 'Andi Wijaya');
    await hrRow.getByText('Ditolak oleh Pembimbing').waitFor();
  });

  it('should show the note and cancel the rejection back to Menunggu', async () => {
    const modal = await openDetail(pembimbing, 'Andi Wijaya');
    await modal.getByText('Anda sudah menolak peserta ini').waitFor();
    await modal.getByRole('button', { name: 'Lihat catatan' }).click();
    await modal.getByText('Laporan akhir belum lengkap').waitFor();
    await modal.getByRole('button', { name: 'Sembunyikan catatan' }).click();
    await modal.getByText('Laporan akhir belum lengkap').waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Batal', exact: true }).click();
    const confirm = pembimbing.getByRole('alertdialog', { name: 'Konfirmasi' });
    await confirm.getByText("Apakah Anda yakin ingin membatalkan keputusan ini? Status akan kembali ke 'Menunggu'.").waitFor();
    await confirm.getByRole('button', { name: 'Ya', exact: true }).click();
    await acceptSuccess(pembimbing, 'Keputusan berhasil dibatalkan');
    expect(await serverReviews(server.url, 5)).toEqual(['Menunggu', 'Menunggu', 'Menunggu']);
    const row = await searchFor(pembimbing, SEARCH, 'Andi Wijaya');
    await row.getByText('Perlu Tindakan').waitFor();
    await hr.reload();
    const hrRow = await searchFor(hr, SEARCH, 'Andi Wijaya');
    await hrRow.getByText('Menunggu Pembimbing').waitFor();
  });
});

describe('edit nilai and stale actions (HR)', () => {
  it('should edit scores with a live letter and save only the filled ones', async () => {
    const row = await searchFor(hr, SEARCH, 'Bayu Setiawan');
    await row.getByRole('button', { name: 'Edit Nilai', exact: true }).click();
    const modal = dialog(hr, 'Edit Nilai');
    const first = modal.getByRole('spinbutton').first();
    const firstGrade = modal.getByRole('row').nth(1).locator('.grade-badge');
    await first.fill('95');
    await expect(firstGrade.textContent()).resolves.toBe('A');
    await first.fill('65');
    await expect(firstGrade.textContent()).resolves.toBe('D');
    await first.fill('250');
    await expect(first.inputValue()).resolves.toBe('65');
    await modal.getByRole('spinbutton').nth(1).fill('');
    const before = await serverScores(server.url, 13);
    await modal.getByRole('button', { name: 'Simpan Nilai', exact: true }).click();
    await acceptSuccess(hr, 'Nilai berhasil disimpan');
    const after = await serverScores(server.url, 13);
    expect([...after.values()]).toContain(65);
    expect(after.size).toBe(before.size); // the blank one was skipped, not deleted
  });

  it('should reset every score after the confirm', async () => {
    const row = await searchFor(hr, SEARCH, 'Bayu Setiawan');
    await row.getByRole('button', { name: 'Edit Nilai', exact: true }).click();
    const modal = dialog(hr, 'Edit Nilai');
    await modal.getByRole('button', { name: 'Reset Semua', exact: true }).click();
    const confirm = hr.getByRole('alertdialog', { name: 'Konfirmasi' });
    await confirm.getByText('Apakah Anda yakin ingin menghapus semua nilai peserta ini?').waitFor();
    await confirm.getByRole('button', { name: 'Ya', exact: true }).click();
    await acceptSuccess(hr, 'Semua nilai berhasil dihapus');
    expect((await serverScores(server.url, 13)).size).toBe(0);
    await hr.getByText('Tidak ada data yang sesuai dengan filter').waitFor();
  });

  it('should keep Edit Nilai, with the lock reason, once HR decided: it opens read-only', async () => {
    const reason = 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan';
    const row = await searchFor(hr, SEARCH, 'Citra Maharani');
    const edit = row.getByRole('button', { name: 'Edit Nilai', exact: true });
    await expect(edit.getAttribute('title')).resolves.toBe(reason);
    await edit.click();
    const modal = dialog(hr, 'Edit Nilai');
    await modal.locator('.alert-warning').getByText(reason, { exact: true }).waitFor();
    await expect(modal.getByRole('button', { name: 'Simpan Nilai', exact: true }).isDisabled()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'Tutup', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });
  });

  it("should refuse a stale approve with its 'Data telah berubah' text and send nothing", async () => {
    const modal = await openDetail(hr, 'Dimas Saputra');
    const cancelled = await apiSend(server.url, 'pembimbing', '/api/review/cancel/3');
    expect(cancelled.status).toBe(200);
    await modal.getByRole('button', { name: 'Setujui', exact: true }).click();
    const popup = hr.getByRole('alertdialog', { name: 'Error' });
    await popup.getByText('Data telah berubah. Menunggu persetujuan dari Pembimbing.', { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
    expect(await serverReviews(server.url, 3)).toEqual(['Menunggu', 'Menunggu', 'Menunggu']);
    const row = await searchFor(hr, SEARCH, 'Dimas Saputra');
    await row.getByText('Menunggu Pembimbing').waitFor();
    // Nothing stays queued or refused in the top bar.
    await expect(hr.getByRole('banner').getByText(/perubahan/).count()).resolves.toBe(0);
  });

  it("should title the error popup with the `error` field of the server's refusal", async () => {
    const refusal = 'Data telah berubah. Anda sudah melakukan tindakan pada peserta ini.';
    // No service worker, so the page's own send meets the answer below.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID', serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await openApproval(page, 'pembimbing');
      // An answer with an `error` field besides `message` (as a proxy in front of the API may send).
      await page.route(/\/api\/review\/approve\/\d+$/, (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Conflict', message: refusal }) }),
      );
      const modal = await openDetail(page, 'Dimas Saputra');
      await modal.getByRole('button', { name: 'Setujui', exact: true }).click();
      const popup = page.getByRole('alertdialog', { name: 'Conflict' });
      await popup.getByText(refusal, { exact: true }).waitFor();
      await popup.getByRole('button', { name: 'OK', exact: true }).click();
      await popup.waitFor({ state: 'detached' });
      expect(await serverReviews(server.url, 3)).toEqual(['Menunggu', 'Menunggu', 'Menunggu']);
    } finally {
      await context.close();
    }
  });
});

describe('approval list layout', () => {
  it('should keep each table row about one line tall at 1280 px: names and headers on one line, actions side by side', async () => {
    await hr.setViewportSize({ width: 1280, height: 800 });
    await hr.goto(`${server.url}/approval`);
    await hr.getByText(/^Menampilkan \d+ dari \d+ peserta$/).waitFor();
    const layout = await hr.locator('.data-table').evaluate((table) => {
      // The number of text lines in `el`: the distinct tops of its text fragments.
      const lineCount = (el: Element) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 6)) tops.push(rect.top);
          }
        }
        return tops.length;
      };
      const wrap = table.closest('.data-table-wrap')!;
      return {
        overflow: wrap.scrollWidth - wrap.clientWidth,
        headerLines: [...table.querySelectorAll('thead th')].map(lineCount),
        rows: [...table.querySelectorAll('tbody tr')].map((tr) => {
          const name = tr.querySelector('.name-cell-main')!;
          const buttons = [...tr.querySelectorAll('.col-aksi button')].map((b) => b.getBoundingClientRect());
          return {
            height: tr.getBoundingClientRect().height,
            nameLines: lineCount(name),
            nameTitle: name.getAttribute('title'),
            nameText: name.textContent,
            buttonsSideBySide: buttons.length === 2 && Math.abs(buttons[0]!.top - buttons[1]!.top) < 1,
          };
        }),
      };
    });
    expect(layout.overflow).toBeLessThanOrEqual(0);
    expect(layout.headerLines.every((lines) => lines === 1)).toBe(true);
    expect(layout.rows.length).toBe(5);
    for (const row of layout.rows) {
      expect(row.height).toBeLessThan(72);
      expect(row.nameLines).toBe(1);
      expect(row.nameTitle).toBe(row.nameText);
      expect(row.buttonsSideBySide).toBe(true);
    }
  });

  it('should start each phone card with the name, the status and the actions, before the other fields', async () => {
    const context = await newContext(browser, PHONE);
    try {
      const page = await context.newPage();
      await openApproval(page, 'hr');
      const card = page.locator('.data-card').first();
      await card.waitFor();
      const order = await card.evaluate((li) => {
        const top = (selector: string) => li.querySelector(selector)!.getBoundingClientRect().top;
        return { name: top('.name-cell-main'), status: top('.data-card-status .badge'), actions: top('.row-actions'), fields: top('.data-card-fields') };
      });
      expect(Math.abs(order.status - order.name)).toBeLessThan(16);
      expect(order.actions).toBeLessThan(order.fields);
      await expect(card.locator('.data-card-fields dt').allTextContents()).resolves.not.toContain('Status');
      // The status keeps its label for screen readers.
      await expect(card.locator('.data-card-header').textContent()).resolves.toMatch(/Status: /);
    } finally {
      await context.close();
    }
  });
});
