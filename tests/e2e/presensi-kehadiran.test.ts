// Kehadiran in the browser, on a 390 px phone: HR's Detail Approval pulls a participant's marks
// and shows the Kehadiran line, the counts per status and the month calendar (limited to the
// internship, each day named with its date and mark); the same shows from the device's mirror
// with the browser offline; the participant detail shows the line and the counts.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jakartaDate } from '../../src/domain/dates';
import { kehadiranLines, kehadiranOf } from '../../src/domain/kehadiran';
import type { StoredMark } from '../../src/domain/presensi';
import { PHONE, login, newContext } from './helpers/browser';
import { apiPut, apiToken, dialog } from './helpers/master-data';
import { apiGet, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;

// Internship 12 January – 10 April 2026 (seeded), HR's to approve.
const NAME = 'Siti Nurhaliza';

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

interface Row {
  id: number;
  nama: string;
  tanggal_masuk: string;
  tanggal_selesai: string;
}

async function openDetail(page: Page) {
  await page.getByPlaceholder('Cari nama peserta...').fill(NAME);
  const button = page.getByRole('button', { name: 'Detail Approval' });
  await expect.poll(() => button.count(), { timeout: 10_000 }).toBe(1);
  await button.click();
  return dialog(page, 'Detail Approval');
}

describe('Kehadiran in Detail Approval', () => {
  it('should show the Kehadiran line, the counts and the month calendar at 390 px, also offline, and the line in the participant detail', async () => {
    const { data: rows } = await apiGet<{ data: Row[] }>(server.url, 'hr', '/api/peserta?jenjang=SMK');
    const peserta = rows.find((row) => row.nama === NAME);
    if (!peserta) throw new Error(`${NAME} not seeded`);
    const id = peserta.id;
    const token = await apiToken(server.url, 'hr');
    await apiPut(server.url, token, '/api/presensi', {
      presensi: [
        { peserta_id: id, tanggal: '2026-01-12', status: 'Hadir' },
        { peserta_id: id, tanggal: '2026-01-13', status: 'Hadir' },
        { peserta_id: id, tanggal: '2026-01-14', status: 'Izin', catatan: 'Ujian sekolah' },
        { peserta_id: id, tanggal: '2026-01-15', status: 'Sakit' },
        { peserta_id: id, tanggal: '2026-01-16', status: 'Alpa' },
        { peserta_id: id, tanggal: '2026-02-02', status: 'Hadir' },
      ],
    });
    const { data: marks } = await apiGet<{ data: StoredMark[] }>(server.url, 'hr', `/api/presensi/peserta/${id}`);
    expect(marks.length).toBeGreaterThanOrEqual(6);
    const [line, counts] = kehadiranLines(kehadiranOf(marks, peserta, jakartaDate(new Date())));

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    try {
      await login(page, server.url, 'hr');
      await waitForServiceWorker(page);
      await page.goto(`${server.url}/approval`);

      const check = async () => {
        const detail = await openDetail(page);
        const section = detail.getByRole('region', { name: 'Presensi' });
        await section.getByText(line, { exact: true }).waitFor();
        await section.getByText(counts, { exact: true }).waitFor();
        // The calendar opens on the internship's last month (it ended before today) and walks back to its first.
        await section.getByText('April 2026', { exact: true }).waitFor();
        const prev = section.getByRole('button', { name: 'Bulan sebelumnya' });
        const next = section.getByRole('button', { name: 'Bulan berikutnya' });
        expect(await next.isDisabled()).toBe(true);
        for (let i = 0; i < 3; i++) await prev.click();
        await section.getByText('Januari 2026', { exact: true }).waitFor();
        expect(await prev.isDisabled()).toBe(true);
        const grid = section.getByRole('table', { name: 'Kalender presensi Januari 2026' });
        for (const name of ['12 Januari 2026: Hadir', '14 Januari 2026: Izin', '15 Januari 2026: Sakit', '16 Januari 2026: Alpa', '17 Januari 2026: Belum ditandai', '18 Januari 2026: Bukan hari kerja', '9 Januari 2026: Di luar periode magang']) {
          // HR may open a day that may be marked (a button); the others are shown only.
          await grid.getByLabel(name, { exact: true }).waitFor();
        }
        await grid.getByRole('img', { name: '18 Januari 2026: Bukan hari kerja', exact: true }).waitFor();
        await grid.getByRole('button', { name: '17 Januari 2026: Belum ditandai', exact: true }).waitFor();
        await expect.poll(() => grid.locator('.cal-cell').count()).toBe(31);
        expect(await grid.getByRole('columnheader').allTextContents()).toEqual(['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
        // 390 px: nothing wider than the screen; the month buttons are touch-sized.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        const gridBox = await grid.boundingBox();
        const sectionBox = await section.boundingBox();
        expect((gridBox?.x ?? 0) + (gridBox?.width ?? 0)).toBeLessThanOrEqual((sectionBox?.x ?? 0) + (sectionBox?.width ?? 0) + 0.5);
        expect((await prev.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        await next.click();
        await grid.waitFor({ state: 'detached' });
        await section.getByRole('table', { name: 'Kalender presensi Februari 2026' }).getByLabel('2 Februari 2026: Hadir').waitFor();
        await detail.getByRole('button', { name: 'Tutup' }).first().click();
        await detail.waitFor({ state: 'hidden' });
      };
      await check();

      // From the device's mirror, with no network.
      await context.setOffline(true);
      await check();
      await context.setOffline(false);

      // The participant detail shows the same line and counts (no calendar).
      await page.goto(`${server.url}/peserta/siswa`);
      await page.getByPlaceholder('Cari Nama atau Sekolah').fill(NAME);
      const detailButton = page.getByRole('button', { name: 'Detail', exact: true });
      await expect.poll(() => detailButton.count(), { timeout: 10_000 }).toBe(1);
      await detailButton.click();
      const pesertaSection = dialog(page, 'Detail Peserta Siswa').getByRole('region', { name: 'Presensi' });
      await pesertaSection.getByText(line, { exact: true }).waitFor();
      await pesertaSection.getByText(counts, { exact: true }).waitFor();
      expect(await pesertaSection.getByRole('table').count()).toBe(0);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
