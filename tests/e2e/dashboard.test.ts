// The role dashboards against the server: their numbers equal the lists they link to, follow
// a change of the data, stay on screen with the server stopped; and the unauthorized page's
// way back to the dashboard.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import { acceptSuccess, dialog, pagerInfo } from './helpers/master-data';
import { apiGet, apiSend, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { DASHBOARD_MSG } from '../../src/domain/dashboard';

const STALE = 'Menampilkan data tersimpan di perangkat; data terbaru belum dapat dimuat.';
const SAVED_OFFLINE = 'Tersimpan di perangkat, menunggu koneksi';
const UNAUTHORIZED_TEXT = 'Unauthorized - You do not have permission to access this page.';

let server: RunningServer;
let browser: Browser;
const pages = new Map<string, Page>();

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  for (const username of ['pembimbing', 'hr', 'bushead', 'mentor']) {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, username);
    await waitForServiceWorker(page);
    pages.set(username, page);
  }
});

const pageOf = (username: string): Page => pages.get(username)!;

/** The big number of the stat card labelled `label`. */
function stat(page: Page, label: string): Locator {
  return page
    .locator('.stat-card')
    .filter({ has: page.locator('.stat-label').getByText(label, { exact: true }) })
    .locator('.stat-value');
}

/** Waits until the card shows a number and returns it. */
async function statValue(page: Page, label: string): Promise<number> {
  await stat(page, label).waitFor();
  return Number(await stat(page, label).textContent());
}

/** Waits until the card labelled `label` shows a number above 0 (the demo data has some) and returns it. */
async function statValueOnceFilled(page: Page, label: string): Promise<number> {
  await stat(page, label).filter({ hasText: /^[1-9][0-9]*$/ }).waitFor({ timeout: 10_000 });
  return Number(await stat(page, label).textContent());
}

/** Waits until the card labelled `label` shows `value`. */
async function waitForStat(page: Page, label: string, value: number): Promise<void> {
  await stat(page, label).getByText(String(value), { exact: true }).waitFor();
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${server.url}/dashboard`);
  await page.locator('.stat-grid').waitFor();
}

async function pesertaId(nama: string): Promise<number> {
  const answer = await apiGet<{ data: { id: number; nama: string }[] }>(server.url, 'hr', '/api/peserta');
  const found = answer.data.find((p) => p.nama === nama);
  if (!found) throw new Error(`no participant ${nama}`);
  return found.id;
}

describe('approver dashboards', () => {
  it('should show the numbers right after the login, without a reload (the first pull is kept)', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const fullPulls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/peserta' && url.searchParams.has('limit')) fullPulls.push(request.url());
      });
      await login(page, server.url, 'hr');
      const answer = await apiGet<{ data: unknown[] }>(server.url, 'hr', '/api/peserta');
      expect(await statValueOnceFilled(page, 'Di Daftar Approval')).toBeGreaterThan(0);
      // The mirror holds every participant the server has, not a pull dropped on the way.
      const stored = await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('magang');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('peserta').objectStore('peserta').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
      expect(stored).toBe(answer.data.length);
      // One first pull, kept: a dropped one leaves no cursor, and the next pull (a visible tab,
      // a reconnect) would start over with `?limit=` again.
      await page.waitForTimeout(2_500);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.waitForTimeout(500);
      expect(fullPulls).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['pembimbing', 'Pembimbing'],
    ['hr', 'HR'],
    ['bushead', 'BusHead'],
  ])('should show %s a Perlu Tindakan number equal to the approval list it links to', async (username, step) => {
    const page = pageOf(username);
    await openDashboard(page);
    const perlu = await statValue(page, 'Perlu Tindakan');
    const total = await statValue(page, 'Di Daftar Approval');
    expect(perlu).toBeGreaterThan(0);
    // The funnel's bar of the viewer's own step is the same number (its accessible name).
    const funnel = page.getByRole('img', { name: new RegExp(`^Alur Approval: .*Menunggu ${step} ${perlu},`) });
    await funnel.waitFor();
    // Each bar is its share of the participants the funnel counts ('Dari {total} peserta'), not of the largest step.
    await page.getByText(`Dari ${total} peserta di daftar approval`, { exact: true }).waitFor();
    const bars = await funnel.evaluate((svg) =>
      [...svg.querySelectorAll('g')].map((g) => ({
        value: Number(g.querySelector('.chart-value')?.textContent),
        share: (g.querySelector('.chart-fill')?.getBoundingClientRect().width ?? 0) / g.querySelector('.chart-track')!.getBoundingClientRect().width,
      })),
    );
    expect(bars.reduce((sum, bar) => sum + bar.value, 0)).toBe(total);
    for (const bar of bars) if (bar.value > 0) expect(bar.share).toBeCloseTo(bar.value / total, 2);

    await page.getByRole('link', { name: /^Perlu Tindakan/ }).click();
    await page.waitForURL(`${server.url}/approval?status=perlu_tindakan`);
    await page.getByText(`Menampilkan ${perlu} dari ${total} peserta`, { exact: true }).waitFor();
    await page.getByText('Status: Perlu Tindakan', { exact: true }).waitFor();
    const statuses = await page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(statuses).toHaveLength(Math.min(perlu, 5));
    for (const text of statuses) expect(text).toContain('Perlu Tindakan');

    // Removing the chip shows the whole list again.
    await page.getByRole('button', { name: 'Hapus filter Status: Perlu Tindakan' }).click();
    await page.getByText(`Menampilkan ${total} dari ${total} peserta`, { exact: true }).waitFor();
  });

  it('should show the active, ending and certificate numbers matching their lists', async () => {
    const page = pageOf('hr');
    await openDashboard(page);
    const ending = await statValue(page, 'Berakhir ≤ 30 Hari');
    await expect(page.getByRole('region', { name: 'Magang Berakhir dalam 30 Hari' }).getByRole('listitem').count()).resolves.toBe(ending);
    const active = await statValue(page, 'Magang Aktif');
    await page.getByRole('img', { name: /^Peserta Aktif per Divisi: / }).waitFor();
    const table = page.getByRole('table', { name: 'Peserta Aktif per Divisi' });
    const perDivisi = await table.locator('tbody td').evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)));
    expect(perDivisi.reduce((a, b) => a + b, 0)).toBe(active);

    const ready = await statValue(page, 'Sertifikat Siap Cetak');
    const complete = await apiGet<{ data: { status: { is_complete: boolean } }[] }>(server.url, 'hr', '/api/peserta');
    expect(ready).toBe(complete.data.filter((p) => p.status.is_complete).length);
    await page.getByRole('link', { name: /^Siswa \(\d+\)$/ }).click();
    await page.waitForURL(`${server.url}/certificates/siswa`);
  });

  it('should drop the pembimbing Perlu Tindakan by one and raise HR after an approval', async () => {
    const pembimbing = pageOf('pembimbing');
    const hr = pageOf('hr');
    await openDashboard(pembimbing);
    await openDashboard(hr);
    const before = { pembimbing: await statValue(pembimbing, 'Perlu Tindakan'), hr: await statValue(hr, 'Perlu Tindakan') };

    const answer = await apiSend(server.url, 'pembimbing', `/api/review/approve/${await pesertaId('Galih Prasetyo')}`);
    expect(answer.status).toBe(200);

    await pembimbing.reload();
    await waitForStat(pembimbing, 'Perlu Tindakan', before.pembimbing - 1);
    await hr.reload();
    await waitForStat(hr, 'Perlu Tindakan', before.hr + 1);
  });
});

describe('mentor dashboard', () => {
  it('should count Belum Dinilai as the Penilaian list does and open the score modal from Nilai', async () => {
    const page = pageOf('mentor');
    await openDashboard(page);
    const belum = await statValue(page, 'Belum Dinilai');
    expect(belum).toBeGreaterThan(5);
    const list = page.getByRole('region', { name: 'Peserta Belum Dinilai' });
    await expect(list.getByRole('listitem').count()).resolves.toBe(belum);
    // Rejected participants with who rejected and why (demo data).
    const rejected = page.getByRole('region', { name: 'Peserta Ditolak' });
    await rejected.getByText('Alasan: Periode magang belum memenuhi syarat minimal.', { exact: true }).waitFor();
    await rejected.getByText('Ditolak oleh HR', { exact: true }).waitFor();

    await page.getByRole('link', { name: /^Belum Dinilai/ }).click();
    await page.waitForURL(`${server.url}/penilaian`);
    await page.getByLabel('Filter status').selectOption('belum_dinilai');
    await pagerInfo(page).filter({ hasText: `of ${belum} entries` }).waitFor();

    await openDashboard(page);
    await page.getByRole('link', { name: 'Nilai Anisa Fitriani', exact: true }).click();
    const modal = dialog(page, 'Penilaian - Anisa Fitriani');
    await modal.waitFor();
    // The parameter is dropped once the modal is open.
    await page.waitForURL(`${server.url}/penilaian`);
    const inputs = modal.getByRole('spinbutton');
    for (let i = 0; i < (await inputs.count()); i += 1) await inputs.nth(i).fill('80');
    await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
    await acceptSuccess(page, 'Nilai berhasil disimpan');

    await openDashboard(page);
    await waitForStat(page, 'Belum Dinilai', belum - 1);
    await expect(list.getByText('Anisa Fitriani').count()).resolves.toBe(0);
  });

  it('should keep its numbers with the server stopped and list the change waiting on the device', async () => {
    const page = pageOf('mentor');
    const hr = pageOf('hr');
    await openDashboard(page);
    await openDashboard(hr);
    const belum = await statValue(page, 'Belum Dinilai');
    const hrPerlu = await statValue(hr, 'Perlu Tindakan');
    const outbox = page.getByRole('region', { name: 'Perubahan di Perangkat' });
    await outbox.getByText('Semua perubahan sudah terkirim ke server.').waitFor();

    await server.stop();
    try {
      await hr.reload();
      await waitForStat(hr, 'Perlu Tindakan', hrPerlu);
      await hr.getByText(STALE, { exact: true }).waitFor();

      await page.reload();
      await waitForStat(page, 'Belum Dinilai', belum);
      await page.getByText(STALE, { exact: true }).waitFor();

      await page.getByRole('link', { name: 'Nilai Dewi Kartika Sari', exact: true }).click();
      const modal = dialog(page, 'Penilaian - Dewi Kartika Sari');
      await modal.waitFor();
      const inputs = modal.getByRole('spinbutton');
      for (let i = 0; i < (await inputs.count()); i += 1) await inputs.nth(i).fill('75');
      await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
      await acceptSuccess(page, SAVED_OFFLINE);

      await openDashboard(page);
      await waitForStat(page, 'Belum Dinilai', belum - 1);
      await outbox.getByText('1 perubahan tertunda', { exact: true }).waitFor();
      await outbox.getByText('Dewi Kartika Sari', { exact: true }).waitFor();
      await outbox.getByText('Simpan nilai', { exact: true }).waitFor();
    } finally {
      await server.start();
    }
    // The replay delivers it; the panel then says everything was sent.
    await outbox.getByText('Semua perubahan sudah terkirim ke server.').waitFor({ timeout: 45_000 });
    await waitForStat(page, 'Belum Dinilai', belum - 1);
  }, 90_000);
});

describe('what the numbers count', () => {
  it("should say under each dashboard's title that it counts the device's working set, and send approvers to the Arsip for older ones", async () => {
    for (const username of ['pembimbing', 'hr', 'bushead', 'mentor']) {
      const page = pageOf(username);
      await openDashboard(page);
      await expect.poll(() => page.locator('.dash-scope').textContent(), { timeout: 10_000 }).toBe(DASHBOARD_MSG.workingSetScope(username !== 'mentor'));
    }
  });
});

describe('unauthorized page', () => {
  it('should show inside the layout and lead back to the dashboard', async () => {
    const page = pageOf('mentor');
    await page.goto(`${server.url}/approval`);
    await page.waitForURL(`${server.url}/unauthorized`);
    await page.getByText(UNAUTHORIZED_TEXT, { exact: true }).waitFor();
    await page.getByText('Anda tidak memiliki akses ke halaman ini.', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Kembali ke Dashboard', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard Mentor' }).waitFor();
  });
});
