import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import { apiToken, pagerInfo } from './helpers/master-data';
import { LEVEL, csvFile, csvLine, listPeserta, upload } from './helpers/peserta';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const ROWS = 5000;
/** Every 1,000th row names a division that does not exist. */
const isBad = (i: number) => i % 1000 === 500;

let server: RunningServer;
let browser: Browser;
let page: Page;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  page = await (await newContext(browser)).newPage();
  await login(page, server.url, 'hr');
  await page.goto(`${server.url}${LEVEL.SMK.path}`);
  await page.getByRole('heading', { name: LEVEL.SMK.list }).waitFor();
  await page.getByText('Showing 1 to 5 of 10 entries', { exact: true }).waitFor();
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

    await upload(page, csvFile('SMK', lines, 'besar.csv'));
    await page.getByRole('progressbar', { name: 'Progres import' }).waitFor();
    const result = page.getByRole('alertdialog', { name: 'Hasil Import' });
    await result.waitFor({ timeout: 50_000 });

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
  });

  it("should fill a new browser's mirror page by page with visible progress, then render from it at once", async () => {
    const context = await newContext(browser);
    // Records, at every DOM change, the progress line and the pager's summary shown with it.
    await context.addInitScript(() => {
      const seen: { progress: string | null; pager: string | null }[] = [];
      (window as unknown as { mirrorSeen: typeof seen }).mirrorSeen = seen;
      new MutationObserver(() => {
        const progress = document.querySelector('.mirror-progress p')?.textContent ?? null;
        const pager = document.querySelector('.pager-info')?.textContent ?? null;
        const last = seen.at(-1);
        if (last?.progress !== progress || last?.pager !== pager) seen.push({ progress, pager });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const fresh = await context.newPage();
    const isPageRequest = (url: URL) => url.pathname === '/api/peserta' && url.searchParams.has('limit');
    // The dashboard pulls after login too: hold that pull off, so the list's visit is the first pull.
    await fresh.route(isPageRequest, (route) => route.abort('internetdisconnected'));
    await login(fresh, server.url, 'hr');
    await fresh.unroute(isPageRequest);
    const pageRequests: string[] = [];
    fresh.on('request', (request) => {
      const url = new URL(request.url());
      if (isPageRequest(url)) pageRequests.push(url.search);
    });

    await fresh.goto(`${server.url}${LEVEL.SMK.path}`);
    // The pager is there from the start ('of 0 entries'): rows are on screen once it counts some.
    await fresh.getByRole('navigation', { name: 'Navigasi halaman' }).getByText(/^Showing 1 to 5 of [1-9][0-9]* entries$/).waitFor();
    const total = ROWS - 5 + 10;
    await expect.poll(() => pagerInfo(fresh).textContent(), { timeout: 20_000 }).toBe(`Showing 1 to 5 of ${total} entries`);
    await fresh.locator('.mirror-progress').waitFor({ state: 'detached' });

    // How fast the first rows show is a benchmark figure, not asserted here; that they show
    // while the pull still runs is (below). A small first page, then pages of 1,000.
    expect(pageRequests[0]).toBe('?lingkup=kerja&limit=200');
    expect(pageRequests.length).toBeGreaterThanOrEqual(1 + Math.ceil((total - 200) / 1000));
    const seen = await fresh.evaluate(() => (window as unknown as { mirrorSeen: { progress: string | null; pager: string | null }[] }).mirrorSeen);
    const counts = seen
      .map((s) => /^Memuat data… (\d+) dari (\d+) peserta$/.exec(s.progress ?? ''))
      .filter((match) => match !== null)
      .map((match) => [Number(match[1]), Number(match[2])] as const);
    // Progress moved page by page, and rows were on screen while it still ran.
    expect(new Set(counts.filter(([loaded, all]) => loaded < all).map(([loaded]) => loaded)).size).toBeGreaterThanOrEqual(2);
    expect(counts.map(([loaded]) => loaded)).toEqual([...counts.map(([loaded]) => loaded)].sort((a, b) => a - b));
    expect(seen.some((s) => s.progress !== null && /^Memuat data… \d+ dari/.test(s.progress) && /^Showing 1 to 5 of/.test(s.pager ?? ''))).toBe(true);

    // A later visit renders from the mirror at once, with no first pull (the cursor is kept).
    pageRequests.length = 0;
    await fresh.reload();
    await expect.poll(() => pagerInfo(fresh).textContent(), { timeout: 5_000 }).toBe(`Showing 1 to 5 of ${total} entries`);
    expect(pageRequests).toEqual([]);
    const afterReload = await fresh.evaluate(() => (window as unknown as { mirrorSeen: { progress: string | null }[] }).mirrorSeen);
    expect(afterReload.every((s) => s.progress === null)).toBe(true);
    await context.close();
  });
});
