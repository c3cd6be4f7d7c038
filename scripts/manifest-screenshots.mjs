// `node scripts/manifest-screenshots.mjs`: the two screenshots of public/manifest.webmanifest
// (shown by the browser's install dialog), taken from the running app with the demo data
// (`npm start` on BASE_URL, default http://127.0.0.1:3000, SEED=demo): the mentor's Penilaian
// on a 390x844 phone (form_factor narrow) and HR's dashboard at 1280x800 (wide). Written to
// public/screenshots/ and committed; the service worker does not precache them
// (vite.config.ts globIgnores). Chromium carries the no-network flags (ARGS): nothing leaves the machine.
import { mkdirSync, statSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT_DIR = new URL('../public/screenshots/', import.meta.url);
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
];
// File names carry the size the manifest declares; tests/e2e/install-prompt.test.ts checks both agree.
// `ready`: a text that shows only once the pulls have filled the screen (not its empty state).
const SHOTS = [
  { file: 'penilaian-mentor-390x844.png', user: 'mentor', password: 'mentor1234', path: '/penilaian', ready: /^Nilai$/, viewport: { width: 390, height: 844 } },
  { file: 'dashboard-hr-1280x800.png', user: 'hr', password: 'hr1234', path: '/dashboard', ready: /^Dari \d+ peserta di daftar approval$/, viewport: { width: 1280, height: 800 } },
];

mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: 1, locale: 'id-ID' });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.getByLabel('Username', { exact: true }).fill(shot.user);
    await page.getByLabel('Password', { exact: true }).fill(shot.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    if (shot.path !== '/dashboard') await page.goto(`${BASE_URL}${shot.path}`);
    const ready = page.getByText(shot.ready).first();
    // Seen on this machine: right after a login the dashboard sometimes stays on its empty
    // state until the next load; one reload brings the data from the mirror.
    await ready.waitFor({ timeout: 10_000 }).catch(async () => {
      await page.reload();
      await ready.waitFor({ timeout: 30_000 });
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const path = new URL(shot.file, OUT_DIR).pathname;
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    console.log(`wrote public/screenshots/${shot.file} (${statSync(path).size} bytes)`);
    await context.close();
  }
} finally {
  await browser.close();
}
