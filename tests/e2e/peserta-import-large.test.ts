import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext } from './helpers/browser';
import { apiToken, pagerInfo } from './helpers/master-data';
import { LEVEL, csvFile, csvLine, listPeserta, upload } from './helpers/peserta';
import { type RunningServer, startServer } from './helpers/server';

const ROWS = 5000;
/** Every 1,000th row names a division that does not exist. */
const isBad = (i: number) => i % 1000 === 500;

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await login(page, server.url, 'hr');
  await page.goto(`${server.url}${LEVEL.SMK.path}`);
  await page.getByRole('heading', { name: LEVEL.SMK.list }).waitFor();
  await page.getByText('Showing 1 to 5 of 10 entries', { exact: true }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('CSV import of 5,000 rows', () => {
  it('should show a moving progress bar and report every row right', async () => {
    const lines = Array.from({ length: ROWS }, (_, i) =>
      csvLine('SMK', {
        nama: `Peserta Massal ${String(i).padStart(4, '0')}`,
        instansi: 'SMK Negeri 1 Jakarta',
        nomor: `88${String(i).padStart(6, '0')}`,
        jurusan: 'Bisnis Daring dan Pemasaran',
        divisi: isBad(i) ? 'Divisi Hilang' : 'Operasional Toko',
        mentor: 'mentor',
        supervisor: 'Ibu Ratna Dewi, S.Pd.',
        contact: '081298765432',
        masuk: '06/04/2026',
        selesai: '03/07/2026',
      }),
    );
    // Record every value the progress bar takes (it lives in a portal under <body>).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });

    const started = Date.now();
    await upload(page, csvFile('SMK', lines, 'besar.csv'));
    await page.getByRole('progressbar', { name: 'Progres import' }).waitFor();
    const result = page.getByRole('alertdialog', { name: 'Hasil Import' });
    await result.waitFor({ timeout: 50_000 });
    const elapsed = Date.now() - started;

    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(new Set(seen.filter((value) => value > 50 && value < 100)).size).toBeGreaterThanOrEqual(2); // sending moves it chunk by chunk
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    await expect(result.locator('.import-count-ok dd').textContent()).resolves.toBe(String(ROWS - 5));
    await expect(result.locator('.import-count-failed dd').textContent()).resolves.toBe('5');
    await expect(result.getByRole('listitem').allTextContents()).resolves.toEqual(
      [500, 1500, 2500, 3500, 4500].map((i) => `Baris ${i + 2}Divisi "Divisi Hilang" tidak ditemukan di database`),
    );
    await result.getByRole('button', { name: 'OK' }).click();

    const stored = await listPeserta(server.url, await apiToken(server.url), 'SMK');
    expect(stored.filter((p) => p.nama.startsWith('Peserta Massal '))).toHaveLength(ROWS - 5);
    await expect.poll(() => pagerInfo(page).textContent(), { timeout: 20_000 }).toBe(`Showing 1 to 5 of ${ROWS - 5 + 10} entries`);
    expect(elapsed).toBeLessThan(50_000);
  });
});
