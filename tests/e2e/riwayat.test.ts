// Riwayat in the browser: a score the mentor saved offline reaches the server through the
// outbox replay with the time it was made on the device, and the pembimbing's Detail Approval
// shows it in the history ('dibuat di perangkat … (offline), diterima …'); the history then
// shows from the device's mirror with the browser offline.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import { acceptSuccess, dialog } from './helpers/master-data';
import { apiGet, openPenilaianAsMentor, pendingText, scoreInDialog, searchFor, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let mentor: { context: BrowserContext; page: Page };

const NAME = 'Sekar Ayuningtyas';
const PESERTA_ID = 20;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  mentor = await openPenilaianAsMentor(browser, server.url);
});

interface Entry {
  jenis: string;
  offline: boolean;
  waktu_perangkat: string | null;
  waktu_server: string;
  perubahan: { sebelum: number | null; sesudah: number | null }[];
}

describe('Riwayat', () => {
  it('should show a score saved offline with its device time after the replay, also offline', async () => {
    const { context, page } = mentor;
    const before = Date.now();
    await context.setOffline(true);
    try {
      await scoreInDialog(page, NAME, [81, 82, 83, 84]);
      await acceptSuccess(page, 'Tersimpan di perangkat, menunggu koneksi');
      await pendingText(page, 1).waitFor();
      // The change waits in the outbox longer than a send made at once would take.
      await page.waitForTimeout(5_500);
    } finally {
      await context.setOffline(false);
    }
    await pendingText(page, 1).waitFor({ state: 'hidden', timeout: 20_000 });

    const { data } = await apiGet<{ data: Entry[] }>(server.url, 'hr', `/api/riwayat/peserta/${PESERTA_ID}`);
    expect(data).toHaveLength(1);
    const [entry] = data as [Entry];
    expect(entry).toMatchObject({ jenis: 'nilai', offline: true });
    expect(entry.perubahan.map((change) => [change.sebelum, change.sesudah])).toEqual(
      expect.arrayContaining([[null, 81], [null, 82], [null, 83], [null, 84]]),
    );
    const made = Date.parse(entry.waktu_perangkat ?? '');
    expect(made).toBeGreaterThanOrEqual(before - 1_000);
    expect(made).toBeLessThan(Date.parse(entry.waktu_server) - 5_000);

    const pembimbingContext = await newContext(browser);
    const pembimbing = await pembimbingContext.newPage();
    try {
      await login(pembimbing, server.url, 'pembimbing');
      await waitForServiceWorker(pembimbing);
      await pembimbing.goto(`${server.url}/approval`);
      const openDetail = async () => {
        await (await searchFor(pembimbing, 'Cari nama peserta...', NAME)).getByRole('button', { name: 'Detail Approval' }).click();
        const detail = dialog(pembimbing, 'Detail Approval');
        const section = detail.getByRole('region', { name: 'Riwayat' });
        await section.getByText('mentor (Mentor) — Mengubah nilai').waitFor();
        await section.getByText(/^Nilai .+: - → 81$/).waitFor();
        await section.getByText(/^dibuat di perangkat .+ \(offline\), diterima .+$/).waitFor();
        return detail;
      };
      const detail = await openDetail();
      await detail.getByRole('button', { name: 'Tutup' }).first().click();
      await detail.waitFor({ state: 'hidden' });

      // From the device's mirror, with no network.
      await pembimbingContext.setOffline(true);
      await openDetail();
    } finally {
      await pembimbingContext.setOffline(false);
      await pembimbingContext.close();
    }
  });
});
