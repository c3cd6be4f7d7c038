// Browser benchmark (issue goal "Browser"): HR's first visit of /peserta/siswa with 10,000
// participants on a new device — how long until the first rows show (goal < 2 s) while the
// mirror fills page by page — and a later visit, rendered from the mirror. The real app: this
// process serves the production build (`npm run build` first) on a fresh database, and Debian's
// Chromium runs with the suite's flags (nothing reaches the internet). The login happens
// before the clock starts; the dashboard's own pull is held off so the list's visit is the
// device's first pull, as in tests/e2e/peserta-import-large.test.ts.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/app';
import { type Config, DEFAULT_ORGANISASI } from '../server/config';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { PHONE, launchBrowser, login } from '../tests/e2e/helpers/browser';
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
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  try {
    await migrate(database);
    await seed(database.db, 'demo');
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir: bench.dataDir,
      databaseUrl: undefined,
      jwtSecret: randomBytes(32).toString('base64url'),
      jwtTtlSeconds: 3600,
      seed: 'demo',
      webDir: WEB_ROOT,
      organisasi: { ...DEFAULT_ORGANISASI },
    };
    app = await buildApp({ db: database.db, database, config, webRoot: WEB_ROOT, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = new Client((app.server.address() as AddressInfo).port, 1, await apiLogin((app.server.address() as AddressInfo).port, 'hr', 'hr1234'));
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
