// The mentor's offline-first scores: scoring with the browser offline
// and with the server stopped, a queued edit refused after the pembimbing approved meanwhile,
// and the installed app reopened with no network.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptSuccess, dialog } from './helpers/master-data';
import { pendingText, searchFor, serverScoreRows, serverScores, apiSend, openPenilaianAsMentor, scoreInDialog } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SEARCH = 'Cari nama peserta...';
const SAVED_OFFLINE = 'Tersimpan di perangkat, menunggu koneksi';

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  ({ context, page } = await openPenilaianAsMentor(browser, server.url));
});


async function modalValues(target: Page, name: string): Promise<string[]> {
  const row = await searchFor(target, SEARCH, name);
  await row.getByRole('button', { name: 'Nilai', exact: true }).click();
  const modal = dialog(target, `Penilaian - ${name}`);
  await modal.waitFor();
  const values = await modal.getByRole('spinbutton').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await modal.getByRole('button', { name: 'Batal', exact: true }).click();
  await modal.waitFor({ state: 'hidden' });
  return values;
}

describe('penilaian screen', () => {
  it('should list the mentor participants with status, n/3 and the pager', async () => {
    await page.getByText('Showing 1 to 5 of 20 entries').waitFor();
    await page.getByLabel('Filter status').selectOption('approval_lengkap');
    const row = await searchFor(page, SEARCH, 'Rizky Pratama');
    await expect(row.textContent()).resolves.toContain('3/3');
    await page.getByPlaceholder(SEARCH).fill('tidak ada');
    await page.getByText('Belum ada penilaian', { exact: true }).waitFor();
    await page.getByPlaceholder(SEARCH).fill('');
    await page.getByLabel('Filter status').selectOption('semua');
  });

  it('should ignore out-of-range typing and require every score', async () => {
    const row = await searchFor(page, SEARCH, 'Yoga Aditya');
    await row.getByRole('button', { name: 'Nilai', exact: true }).click();
    const modal = dialog(page, 'Penilaian - Yoga Aditya');
    const first = modal.getByRole('spinbutton').first();
    await first.fill('85');
    await first.fill('150');
    await expect(first.inputValue()).resolves.toBe('85');
    await first.fill('7.5');
    await expect(first.inputValue()).resolves.toBe('85');
    await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
    await modal.getByText('Semua kolom nilai harus diisi!').waitFor();
    await modal.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(first.inputValue()).resolves.toBe('');
    await modal.getByRole('button', { name: 'Batal', exact: true }).click();
  });

  it('should queue scores offline, keep them over a reload, and deliver them once online', async () => {
    await context.setOffline(true);
    try {
      await scoreInDialog(page, 'Sekar Ayuningtyas', [81, 82, 83, 84]);
      await acceptSuccess(page, SAVED_OFFLINE);
      await pendingText(page, 1).waitFor();
      const row = await searchFor(page, SEARCH, 'Sekar Ayuningtyas');
      await row.getByText('tertunda', { exact: true }).waitFor();
      await expect(row.textContent()).resolves.toContain('Menunggu Approval');

      await page.reload();
      await pendingText(page, 1).waitFor();
      const again = await searchFor(page, SEARCH, 'Sekar Ayuningtyas');
      await again.getByText('tertunda', { exact: true }).waitFor();
      expect(await modalValues(page, 'Sekar Ayuningtyas')).toEqual(['81', '82', '83', '84']);
      expect((await serverScores(server.url, 20)).size).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await pendingText(page, 1).waitFor({ state: 'hidden', timeout: 20_000 });
    const rows = await serverScoreRows(server.url, 20);
    expect(rows.map((r) => r.skor).sort()).toEqual([81, 82, 83, 84]);
    const row = await searchFor(page, SEARCH, 'Sekar Ayuningtyas');
    await row.getByText('tertunda', { exact: true }).waitFor({ state: 'detached' });
  });

  it('should queue scores while the server is stopped and deliver them when it returns', async () => {
    await server.stop();
    try {
      await scoreInDialog(page, 'Dewi Kartika Sari', [70, 71, 72, 73]);
      await acceptSuccess(page, SAVED_OFFLINE);
      await pendingText(page, 1).waitFor();
      await page.reload();
      const row = await searchFor(page, SEARCH, 'Dewi Kartika Sari');
      await row.getByText('tertunda', { exact: true }).waitFor();
    } finally {
      await server.start();
    }
    // No `online` event fires: the page's timer (or the visibility / start trigger) replays.
    await pendingText(page, 1).waitFor({ state: 'hidden', timeout: 45_000 });
    const rows = await serverScoreRows(server.url, 10);
    expect(rows.map((r) => r.skor).sort()).toEqual([70, 71, 72, 73]);
  }, 90_000);

  it('should refuse a queued edit after the pembimbing approved meanwhile', async () => {
    const before = await serverScores(server.url, 16);
    await context.setOffline(true);
    try {
      await scoreInDialog(page, 'Intan Permata Sari', [55, 56, 57, 58]);
      await acceptSuccess(page, SAVED_OFFLINE);
      await pendingText(page, 1).waitFor();
      const approved = await apiSend(server.url, 'pembimbing', '/api/review/approve/16');
      expect(approved.status).toBe(200);
    } finally {
      await context.setOffline(false);
    }
    const banner = page.getByRole('banner');
    const toggle = banner.getByRole('button', { name: /perubahan ditolak/ });
    await toggle.waitFor({ timeout: 20_000 });
    await toggle.click();
    const panel = page.getByRole('region', { name: 'Perubahan tertunda' });
    await panel.getByRole('heading', { name: 'Perubahan ditolak' }).waitFor();
    await panel.getByText('Nilai tidak dapat diedit. Pembimbing sudah melakukan approval', { exact: true }).waitFor();
    expect(await serverScores(server.url, 16)).toEqual(before);
    await panel.getByRole('button', { name: 'Abaikan', exact: true }).click();
    await toggle.waitFor({ state: 'detached' });
    // The mirror shows the server again: no pending mark, the lock in the modal.
    const row = await searchFor(page, SEARCH, 'Intan Permata Sari');
    await row.getByText('Disetujui 1 dari 3').waitFor();
    await row.getByRole('button', { name: 'Nilai', exact: true }).click();
    const modal = dialog(page, 'Penilaian - Intan Permata Sari');
    await modal.getByText('Nilai tidak dapat diedit. Pembimbing sudah melakukan approval').waitFor();
    await expect(modal.getByRole('button', { name: 'Simpan', exact: true }).isDisabled()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'Batal', exact: true }).click();
  });

  it('should reopen offline with the last session and let the mentor queue a score', async () => {
    await context.setOffline(true);
    const reopened = await context.newPage();
    try {
      await reopened.goto(`${server.url}/penilaian`);
      await reopened.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
      await scoreInDialog(reopened, 'Reza Firmansyah', [90, 91, 92, 93]);
      await acceptSuccess(reopened, SAVED_OFFLINE);
      await pendingText(reopened, 1).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await pendingText(reopened, 1).waitFor({ state: 'hidden', timeout: 20_000 });
    const rows = await serverScoreRows(server.url, 19);
    expect(rows.map((r) => r.skor).sort()).toEqual([90, 91, 92, 93]);
    await reopened.close();
  });
});
