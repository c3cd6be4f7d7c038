// The inbox in the browser: a rejection by HR reaches the mentor's bell; on a wide screen the
// panel lists it and leads to the participant's scores (marked read on the way); on a phone the
// bell opens the page, which shows the notifications offline and marks them read through the
// outbox — sent once the device is back online.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Notifikasi } from '../../src/domain/notifikasi';
import { seriousViolations } from './helpers/a11y';
import { DESKTOP, PHONE, login, newContext } from './helpers/browser';
import { apiGet, apiSend, pendingText, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

/** The seeded participant's id by name. */
async function idOf(nama: string): Promise<number> {
  const { data } = await apiGet<{ data: { id: number; nama: string }[] }>(server.url, 'hr', '/api/peserta');
  const row = data.find((p) => p.nama === nama);
  if (!row) throw new Error(`no participant ${nama}`);
  return row.id;
}

const mentorInbox = () => apiGet<{ data: Notifikasi[]; belum_dibaca: number }>(server.url, 'mentor', '/api/notifikasi');

describe('Notifikasi', () => {
  it('should bring HR’s rejection to the mentor’s bell and panel, leading to the scores and marked read', async () => {
    // Dimas Saputra: approved by the Pembimbing, waiting for HR.
    const id = await idOf('Dimas Saputra');
    expect((await apiSend(server.url, 'hr', `/api/review/reject/${id}`, { catatan: 'Perlu perbaikan laporan' })).status).toBe(200);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    try {
      // The day's reminders may have come too (the job runs at start): count what the server holds.
      const unread = (await mentorInbox()).belum_dibaca;
      expect(unread).toBeGreaterThanOrEqual(1);
      await login(page, server.url, 'mentor');
      const bell = page.getByRole('link', { name: `Notifikasi, ${unread} belum dibaca`, exact: true });
      await bell.waitFor();
      await bell.click();
      const panel = page.getByRole('region', { name: 'Notifikasi' });
      const item = panel.getByRole('button', { name: /Dimas Saputra ditolak oleh HR: Perlu perbaikan laporan/ });
      await item.waitFor();
      expect(await seriousViolations(page, 'inbox panel @1280')).toEqual([]);
      await item.click();
      await page.waitForURL(/\/penilaian/);
      const after = unread - 1 > 0 ? `Notifikasi, ${unread - 1} belum dibaca` : 'Notifikasi';
      await page.getByRole('link', { name: after, exact: true }).waitFor();
      await expect
        .poll(async () => (await mentorInbox()).data.find((row) => row.isi.includes('Perlu perbaikan laporan'))?.dibaca, { timeout: 15_000 })
        .toBe(true);
      expect((await mentorInbox()).belum_dibaca).toBe(unread - 1);
    } finally {
      await context.close();
    }
  });

  it('should open the page on a phone, show it offline, and send "Tandai semua dibaca" once back online', async () => {
    // Siti Nurhaliza: approved by the Pembimbing and HR, waiting for BusHead.
    const id = await idOf('Siti Nurhaliza');
    expect((await apiSend(server.url, 'bushead', `/api/review/reject/${id}`, { catatan: 'Sertifikat ditunda' })).status).toBe(200);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    try {
      const unread = (await mentorInbox()).belum_dibaca;
      await login(page, server.url, 'mentor');
      await waitForServiceWorker(page);
      await page.getByRole('link', { name: `Notifikasi, ${unread} belum dibaca`, exact: true }).click();
      await page.getByRole('heading', { name: 'Notifikasi', level: 1 }).waitFor();
      const item = page.getByRole('button', { name: /Siti Nurhaliza ditolak oleh BusHead: Sertifikat ditunda/ });
      await item.waitFor();
      expect(await seriousViolations(page, '/notifikasi @390')).toEqual([]);

      await context.setOffline(true);
      await page.reload();
      await item.waitFor();
      await page.getByText('Menampilkan notifikasi tersimpan di perangkat.').waitFor();
      await page.getByRole('button', { name: 'Tandai semua dibaca' }).click();
      await page.getByRole('link', { name: 'Notifikasi', exact: true }).waitFor();
      await pendingText(page, 1).waitFor();
      expect((await mentorInbox()).belum_dibaca).toBe(unread);
    } finally {
      await context.setOffline(false);
    }
    try {
      await pendingText(page, 1).waitFor({ state: 'hidden', timeout: 20_000 });
      const inbox = await mentorInbox();
      expect(inbox.belum_dibaca).toBe(0);
      expect(inbox.data.find((row) => row.isi.includes('Sertifikat ditunda'))?.dibaca).toBe(true);
    } finally {
      await context.close();
    }
  });
});
