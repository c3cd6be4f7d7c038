// Browser benchmark (issue goal "Browser"), with BENCH_PARTICIPANTS participants on the server
// (bench/size.ts, default 10,000). The real app: this process serves the production build
// (`npm run build` first) on a fresh database, and Debian's Chromium runs with the suite's flags
// (nothing reaches the internet), phone viewport. The login happens before the clock starts;
// the dashboard's own pull is held off so the list's visit is the device's first pull, as in
// tests/e2e/peserta-import-large.test.ts. Then, against their goals:
//   - HR's new device on /peserta/siswa: first rows (< 1 s; the median of three new devices), the working set filled — every page
//     of the first pull written, the list's mirror progress gone — (< 30 s), and the IndexedDB the
//     origin then uses (navigator.storage.estimate(), its IndexedDB part; < 40 MB);
//   - /approval, /peserta/siswa, /certificates/siswa and /dashboard, each visited once (its own
//     pulls fill the mirror) then opened afresh from the mirror: content shown (< 1 s; from the
//     navigation's start until the content's text is in the page, seen by an observer in the page,
//     with the bench's own later sight of it printed beside) and the longest main-thread task of that page load (a 'longtask'
//     PerformanceObserver, buffered, installed before the app's scripts; < 200 ms);
//   - the archive search: the 'Arsip' switch on /peserta/siswa, a common name typed, until the
//     archive's answer is on screen (< 1 s).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PHONE, launchBrowser, login } from '../tests/e2e/helpers/browser';
import { readStore } from '../tests/e2e/helpers/outbox';
import { startBenchApp } from './app';
import { COMMON_NAME_PART, generate } from './generate';
import { Client, login as apiLogin } from './http';
import { openBenchDatabase } from './server';
import { PARTICIPANTS, SHAPE, participantsLabel } from './size';

const FIRST_ROWS_GOAL_MS = 1_000;
const WORKING_SET_GOAL_MS = 30_000;
const INDEXEDDB_GOAL_BYTES = 40 * 1024 * 1024;
const SCREEN_GOAL_MS = 1_000;
const LONG_TASK_GOAL_MS = 200;
const ARCHIVE_GOAL_MS = 1_000;
/** After content shows, how long a page load's later tasks (pulls, rendering) still count. */
const SETTLE_MS = 2_000;
const WEB_ROOT = path.resolve('dist/web');

/** Installed before the app's scripts on every page load: the longest 'longtask' so far. */
const LONG_TASK_OBSERVER = `
  window.__longestTask = 0;
  window.__longTasks = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longTasks += 1;
        window.__longestTask = Math.max(window.__longestTask, entry.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__longestTask = -1;
  }`;

/**
 * Each screen's content, as a pattern of the page's text (unanchored: the body's text runs its
 * elements together). The in-page observer below reads them as they are, the bench's locators
 * as one element's whole text (wholeText). `pager`: the pager once rows are on screen.
 */
const CONTENT_TEXT = {
  approval: /Menampilkan [0-9.,]+ dari [1-9][0-9.,]* peserta/,
  pager: /Showing 1 to [0-9]+ of [1-9][0-9,.]* entries/,
  dashboard: /Dari [1-9][0-9.,]* peserta di daftar approval/,
} satisfies Record<string, RegExp>;
type ContentText = keyof typeof CONTENT_TEXT;

/** CONTENT_TEXT[key] as an element's whole text. */
const wholeText = (key: ContentText) => new RegExp(`^${CONTENT_TEXT[key].source}$`);

/**
 * Installed before the app's scripts on every page load: the moment (ms since the navigation
 * started, the clock of the page's own paint and LCP entries) each content text is first in the
 * document, checked once a frame — what the user sees, without the bench's round trips to the
 * browser, which came to 0.1–0.9 s on top of it while the app was still busy.
 */
const CONTENT_OBSERVER = `
  window.__contentShown = {};
  (() => {
    const patterns = { ${Object.entries(CONTENT_TEXT)
      .map(([key, pattern]) => `${key}: ${pattern.toString()}`)
      .join(', ')} };
    const check = () => {
      const text = document.body ? document.body.textContent || '' : '';
      let missing = 0;
      for (const [key, pattern] of Object.entries(patterns)) {
        if (window.__contentShown[key] !== undefined) continue;
        if (pattern.test(text)) window.__contentShown[key] = performance.now();
        else missing += 1;
      }
      if (missing > 0 && performance.now() < 120000) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;

/** The screens opened from the mirror, each with what shows its content. */
const pagerShown = (page: Page) => page.getByRole('navigation', { name: 'Navigasi halaman' }).getByText(wholeText('pager'));
const SCREENS: { path: string; text: ContentText; content: (page: Page) => Locator }[] = [
  { path: '/approval', text: 'approval', content: (page) => page.getByText(wholeText('approval')) },
  { path: '/peserta/siswa', text: 'pager', content: pagerShown },
  { path: '/certificates/siswa', text: 'pager', content: pagerShown },
  { path: '/dashboard', text: 'dashboard', content: (page) => page.getByText(wholeText('dashboard')) },
];

/** When the page load's content text first showed (CONTENT_OBSERVER), in ms since its navigation started. */
async function contentShownAt(page: Page, text: ContentText): Promise<number> {
  const at = await page.evaluate((key) => (window as unknown as { __contentShown: Record<string, number | undefined> }).__contentShown[key], text);
  if (at === undefined) throw new Error(`browser bench: the page showed its content but the observer did not see '${text}'`);
  return at;
}

const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function report(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name}: ${value} (goal ${goal}) ${ok ? 'ok' : 'SHORT'}`);
}

/** The longest task and the count of long tasks of the current page load. */
async function longTasks(page: Page): Promise<{ longest: number; count: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __longestTask: number; __longTasks: number };
    return { longest: w.__longestTask, count: w.__longTasks };
  });
}

/** The IndexedDB bytes of the origin (Chromium's usageDetails), or the whole usage when not detailed. */
async function indexedDbBytes(page: Page): Promise<{ bytes: number; detailed: boolean }> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> };
    const detailed = estimate.usageDetails?.indexedDB;
    return detailed === undefined ? { bytes: estimate.usage ?? 0, detailed: false } : { bytes: detailed, detailed: true };
  });
}

/** The archive search on /peserta/siswa: switch 'Arsip' on, type the name, until its rows show. */
async function archiveSearch(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/peserta/siswa`);
  await SCREENS[1]?.content(page).waitFor({ timeout: 30_000 });
  const toggle = page.getByRole('switch', { name: 'Arsip' }).or(page.getByRole('checkbox', { name: 'Arsip' })).or(page.getByRole('button', { name: 'Arsip' }));
  if ((await toggle.count()) === 0) {
    console.log("archive search on /peserta/siswa: this build has no 'Arsip' switch (it comes with the archive) — not measured");
    return;
  }
  await toggle.first().click();
  const search = page.getByRole('searchbox').first();
  const answered = page.waitForResponse((response) => response.url().includes('/arsip') && new URL(response.url()).searchParams.get('q') === COMMON_NAME_PART, { timeout: 30_000 });
  const start = performance.now();
  await search.fill(COMMON_NAME_PART);
  const response = await answered;
  // Results show: a row (or card) of the list naming the part, after the archive's answer.
  await page.locator('main').getByText(new RegExp(`\\b${COMMON_NAME_PART}\\b`)).first().waitFor({ timeout: 30_000 });
  const shown = performance.now() - start;
  const { total } = (await response.json()) as { total?: number };
  report(`archive search on /peserta/siswa ('Arsip' on, '${COMMON_NAME_PART}' typed; ${total ?? '?'} found), until results show`, s(shown), `< ${s(ARCHIVE_GOAL_MS)}`, shown < ARCHIVE_GOAL_MS);
}

/** New devices whose first rows are measured (the first one also fills its working set). */
const FIRST_ROWS_DEVICES = 3;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * A new HR device (own storage) with the observers installed, logged in: the dashboard's own
 * pull is held off, so the list's visit is the device's first pull.
 */
async function newDevice(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'id-ID' });
  await context.addInitScript(LONG_TASK_OBSERVER);
  await context.addInitScript(CONTENT_OBSERVER);
  const page = await context.newPage();
  const isPageRequest = (address: URL) => address.pathname === '/api/peserta' && address.searchParams.has('limit');
  await page.route(isPageRequest, (route) => route.abort('internetdisconnected'));
  await login(page, url, 'hr');
  await page.unroute(isPageRequest);
  return context;
}

/** Opens /peserta/siswa on a new device: when its first rows showed (in the page) and when the bench saw them. */
async function firstRowsOf(page: Page, url: string): Promise<{ shown: number; seen: number }> {
  const start = performance.now();
  await page.goto(`${url}/peserta/siswa`);
  await SCREENS[1]?.content(page).waitFor({ timeout: 60_000 });
  return { seen: performance.now() - start, shown: await contentShownAt(page, 'pager') };
}

export async function benchBrowser(): Promise<void> {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error(`browser bench: ${WEB_ROOT} has no build — run npm run build first`);
  const bench = await openBenchDatabase();
  const { database } = bench;
  console.log(`\nbrowser (Chromium, phone viewport, the production build, ${bench.label}, ${participantsLabel()}, shape '${SHAPE}')`);
  let app: FastifyInstance | null = null;
  let browser: Browser | null = null;
  try {
    const started = await startBenchApp(database, bench.dataDir, WEB_ROOT);
    app = started.app;
    const { url } = started;
    const client = new Client(started.port, 1, await apiLogin(started.port, 'hr', 'hr1234'));
    await generate(database.db, client, PARTICIPANTS);
    client.close();

    browser = await launchBrowser();
    const context = await newDevice(browser, url);
    const page = context.pages()[0] as Page;

    // The new device: first rows, then the working set written, then what IndexedDB holds.
    const start = performance.now();
    const firstRows = [await firstRowsOf(page, url)];
    await page.locator('.mirror-progress').waitFor({ state: 'detached', timeout: 300_000 });
    const filled = performance.now() - start;
    const firstVisit = await longTasks(page);
    const stored = await indexedDbBytes(page);
    const mirrored = (await readStore<{ id: number }>(page, 'peserta')).length;
    console.log(`participants the new HR device mirrors (its working set): ${mirrored.toLocaleString('en')} of ${PARTICIPANTS.toLocaleString('en')} (info)`);
    // Two more new devices, first rows only: one figure is mostly the server's cache that moment
    // (the same build gave 0.64-1.13 s on three devices in a row), the median of three is not.
    for (let device = 2; device <= FIRST_ROWS_DEVICES; device += 1) {
      const other = await newDevice(browser, url);
      firstRows.push(await firstRowsOf(other.pages()[0] as Page, url));
      await other.close();
    }
    const firstRowsMedian = median(firstRows.map((figure) => figure.shown));
    report(
      `Browser first rows of /peserta/siswa, new HR device (median of ${FIRST_ROWS_DEVICES} devices: ${firstRows.map((figure) => `${s(figure.shown)}, seen by the bench after ${s(figure.seen)}`).join('; ')})`,
      s(firstRowsMedian),
      `< ${s(FIRST_ROWS_GOAL_MS)}`,
      firstRowsMedian < FIRST_ROWS_GOAL_MS,
    );
    report(
      `working set filled (every page of the first pull written to IndexedDB; longest task meanwhile ${ms(firstVisit.longest)}, ${firstVisit.count} long tasks)`,
      s(filled),
      `< ${s(WORKING_SET_GOAL_MS)}`,
      filled < WORKING_SET_GOAL_MS,
    );
    const mb = `${(stored.bytes / 1024 / 1024).toFixed(1)} MB`;
    report(stored.detailed ? 'IndexedDB used after the first pull' : 'storage used after the first pull (IndexedDB not detailed: the whole origin)', mb, `< ${INDEXEDDB_GOAL_BYTES / 1024 / 1024} MB`, stored.bytes < INDEXEDDB_GOAL_BYTES);

    // Each screen opened afresh, rendered from the mirror: a first visit lets the screen's own
    // pulls fill what it shows (certificates, the inbox), then the timed visit.
    for (const screen of SCREENS) {
      const priming = performance.now();
      await page.goto(`${url}${screen.path}`);
      await screen.content(page).waitFor({ timeout: 120_000 });
      const primed = performance.now() - priming;
      await page.waitForTimeout(SETTLE_MS);
      console.log(`${screen.path} first visit on this device (its own pulls included): ${s(primed)} (info)`);
      const opened = performance.now();
      await page.goto(`${url}${screen.path}`);
      await screen.content(page).waitFor({ timeout: 60_000 });
      const seen = performance.now() - opened;
      const shown = await contentShownAt(page, screen.text);
      await page.waitForTimeout(SETTLE_MS);
      const tasks = await longTasks(page);
      report(`${screen.path} content from the mirror (seen by the bench after ${s(seen)})`, s(shown), `< ${s(SCREEN_GOAL_MS)}`, shown < SCREEN_GOAL_MS);
      report(
        `${screen.path} longest main-thread task (load + ${s(SETTLE_MS)}; ${tasks.count} long tasks)`,
        tasks.longest < 0 ? 'no longtask observer in this browser' : ms(tasks.longest),
        `< ${LONG_TASK_GOAL_MS} ms`,
        tasks.longest >= 0 && tasks.longest < LONG_TASK_GOAL_MS,
      );
    }

    await archiveSearch(page, url);
    await context.close();
  } finally {
    await browser?.close();
    await app?.close();
    await bench.dispose();
  }
}
