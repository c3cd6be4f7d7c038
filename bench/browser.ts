// Browser benchmark (issue goal "Browser"): HR's first visit of /peserta/siswa with 10,000
// participants on a new device — how long until the first rows show (goal < 2 s) while the
// mirror fills page by page — and a later visit, rendered from the mirror. The real app: this
// process serves the production build (`npm run build` first) on a fresh database, and Debian's
// Chromium runs with the suite's flags (nothing reaches the internet). The login happens
// before the clock starts; the dashboard's own pull is held off so the list's visit is the
// device's first pull, as in tests/e2e/peserta-import-large.test.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PHONE, launchBrowser, login } from '../tests/e2e/helpers/browser';
import { startBenchApp } from './app';
import { generate } from './generate';
import { Client, login as apiLogin } from './http';
import { openBenchDatabase } from './server';

const PARTICIPANTS = 10_000;
const FIRST_ROWS_GOAL_MS = 2_000;
const WEB_ROOT = path.resolve('dist/web');
/** The pager once rows are on screen: 'Showing 1 to 5 of N entries' with N > 0. */
const ROWS_SHOWN = /^Showing 1 to 5 of [1-9][0-9,.]* entries$/;

export async function benchBrowser(): Promise<void> {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error(`browser bench: ${WEB_ROOT} has no build — run npm run build first`);
  const bench = await openBenchDatabase();
  const { database } = bench;
  console.log(`\nbrowser (Chromium, phone viewport, the production build, ${bench.label}, ${PARTICIPANTS.toLocaleString('en')} participants)`);
  let app: FastifyInstance | null = null;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  try {
    const started = await startBenchApp(database, bench.dataDir, WEB_ROOT);
    app = started.app;
    const { url } = started;
    const client = new Client(started.port, 1, await apiLogin(started.port, 'hr', 'hr1234'));
    await generate(database.db, client, PARTICIPANTS);
    client.close();

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: PHONE, locale: 'id-ID' });
    const page = await context.newPage();
    const isPageRequest = (address: URL) => address.pathname === '/api/peserta' && address.searchParams.has('limit');
    await page.route(isPageRequest, (route) => route.abort('internetdisconnected'));
    await login(page, url, 'hr');
    await page.unroute(isPageRequest);

    const pager = page.getByRole('navigation', { name: 'Navigasi halaman' }).getByText(ROWS_SHOWN);
    let start = performance.now();
    await page.goto(`${url}/peserta/siswa`);
    await pager.waitFor({ timeout: 60_000 });
    const firstRows = performance.now() - start;
    await page.locator('.mirror-progress').waitFor({ state: 'detached', timeout: 120_000 });
    const filled = performance.now() - start;
    start = performance.now();
    await page.reload();
    await pager.waitFor({ timeout: 30_000 });
    const later = performance.now() - start;
    await context.close();

    const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
    console.log(`mirror filled (every page of the first pull written to IndexedDB): ${s(filled)} (info)`);
    console.log(`later visit (reload), rows from the mirror: ${s(later)} (info)`);
    console.log(`Browser first rows of /peserta/siswa, new device: ${s(firstRows)} (goal < ${s(FIRST_ROWS_GOAL_MS)}) ${firstRows < FIRST_ROWS_GOAL_MS ? 'ok' : 'SHORT'}`);
  } finally {
    await browser?.close();
    await app?.close();
    await bench.dispose();
  }
}
