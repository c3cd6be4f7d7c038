// HR corrects attendance in the app, on a 390 px phone: in Detail Approval the participant's
// calendar opens a day for HR; a tap keeps the correction at once (through the outbox, sent
// online); an Izin waits for its note on the panel (one inline error); the server holds the
// corrected mark and writes each correction into the participant's history, which the detail's
// Riwayat shows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENSI_MSG } from '../../src/domain/presensi';
import { PRESENSI_CALENDAR_MSG as C } from '../../src/domain/presensi-calendar';
import { PRESENSI_SCREEN_MSG as T } from '../../src/domain/presensi-screen';
import { PHONE, launchBrowser, login, newContext } from './helpers/browser';
import { dialog } from './helpers/master-data';
import { apiGet, waitForServiceWorker } from './helpers/nilai';
import { marksOnServer } from './helpers/presensi';
import { type RunningServer, startServer } from './helpers/server';

// Internship 12 January – 10 April 2026 (seeded), HR's to approve.
const NAME = 'Siti Nurhaliza';
const DAY = '2026-04-01'; // a Wednesday, inside the internship

let server: RunningServer;
let browser: Browser;
let page: Page;
let id: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { data: rows } = await apiGet<{ data: { id: number; nama: string }[] }>(server.url, 'hr', '/api/peserta?jenjang=SMK');
  id = rows.find((row) => row.nama === NAME)!.id;
  page = await (await newContext(browser, PHONE)).newPage();
  await login(page, server.url, 'hr');
  await waitForServiceWorker(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The history lines the server holds for the participant. */
async function historyOnServer(): Promise<string[]> {
  const { data } = await apiGet<{ data: { jenis: string; presensi?: { tanggal: string; sebelum: string | null; sesudah: string }[] }[] }>(
    server.url,
    'hr',
    `/api/riwayat/peserta/${id}`,
  );
  return data.filter((entry) => entry.jenis === 'presensi').flatMap((entry) => (entry.presensi ?? []).map((p) => `${p.tanggal}: ${p.sebelum ?? '-'} → ${p.sesudah}`));
}

describe("HR corrects a day from the participant's calendar (390 px)", () => {
  it('should keep the correction at once, make an Izin wait for its note, and show each correction in the history', async () => {
    await page.goto(`${server.url}/approval`);
    await page.getByPlaceholder('Cari nama peserta...').fill(NAME);
    const open = page.getByRole('button', { name: 'Detail Approval' });
    await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(1);
    await open.click();
    const detail = dialog(page, 'Detail Approval');
    const section = detail.getByRole('region', { name: 'Presensi' });
    await section.getByText(C.correctHint).waitFor();
    const grid = section.getByRole('table', { name: 'Kalender presensi April 2026' });
    // A day that is not a working day does not open.
    expect(await grid.getByRole('button', { name: '5 April 2026: Bukan hari kerja' }).count()).toBe(0);

    await grid.getByRole('button', { name: '1 April 2026: Belum ditandai', exact: true }).click();
    const panel = section.getByRole('region', { name: C.correctTitle('Rabu, 1 April 2026') });
    await panel.getByRole('button', { name: 'Sakit', exact: true }).click();
    await panel.getByText(T.sent, { exact: true }).waitFor();
    await grid.getByRole('button', { name: '1 April 2026: Sakit', exact: true }).waitFor();
    expect(await marksOnServer(server.url, id)).toEqual([{ tanggal: DAY, status: 'Sakit', catatan: null }]);
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Izin needs its note: it waits on the panel with one inline error, and is sent with it.
    await panel.getByRole('button', { name: 'Izin', exact: true }).click();
    await panel.getByText(PRESENSI_MSG.catatanRequired).waitFor();
    await panel.getByText(T.waitingNote).waitFor();
    expect(await marksOnServer(server.url, id)).toEqual([{ tanggal: DAY, status: 'Sakit', catatan: null }]);
    await panel.getByLabel(T.catatanWajib).fill('Surat dari sekolah');
    await panel.getByLabel(T.catatanWajib).press('Enter');
    await panel.getByText(T.sent, { exact: true }).waitFor();
    await expect.poll(() => marksOnServer(server.url, id)).toEqual([{ tanggal: DAY, status: 'Izin', catatan: 'Surat dari sekolah' }]);

    // The server wrote both corrections into the history, and the detail's Riwayat shows them.
    expect(await historyOnServer()).toEqual(expect.arrayContaining([`${DAY}: - → Sakit`, `${DAY}: Sakit → Izin`]));
    await detail.getByText('Presensi 1 April 2026: Sakit → Izin').waitFor({ timeout: 30_000 });
    await detail.getByText('Presensi 1 April 2026: - → Sakit').waitFor();

    await panel.getByRole('button', { name: C.correctClose }).click();
    await panel.waitFor({ state: 'detached' });
  });
});
