// `node scripts/screenshots.mjs [outDir]`: screenshots of the running app (npm start on
// BASE_URL, default http://127.0.0.1:3000) at 390 px and 1280 px, for README.md and docs/, and for
// looking at the screens as a user would. Chromium carries the no-network flags (ARGS): nothing leaves the machine.
// SCENES=certificates instead shoots the certificate list with the preview open
// (screenshot-certificates[-phone].png) and the profile's signature panel as pembimbing.
// SCENES=arsip shoots the approval list's archive at 390 px (screenshot-arsip-phone.png).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const outDir = process.argv[2] ?? '.tmp/screenshots';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
];
const SHOTS = (process.env.SHOTS ?? '/,/dashboard,/profile').split(',');
const USER = process.env.SHOT_USER ?? 'hr';
const PASSWORD = process.env.SHOT_PASSWORD ?? 'hr1234';
const VIEWPORTS = [['390', { width: 390, height: 844 }], ['1280', { width: 1280, height: 800 }]];

async function loggedIn(browser, viewport, user, password) {
  const page = await (await browser.newContext({ viewport, locale: 'id-ID' })).newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByLabel('Username', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${BASE_URL}/dashboard`);
  return page;
}

/** The certificate list with the preview modal open, and the signature panel. */
async function certificateScenes(browser) {
  for (const [label, viewport] of VIEWPORTS) {
    const page = await loggedIn(browser, viewport, USER, PASSWORD);
    await page.goto(`${BASE_URL}/certificates/siswa`);
    const preview = page.getByRole('button', { name: 'Preview Sertifikat' }).first();
    await preview.waitFor();
    await page.waitForLoadState('networkidle');
    await preview.click();
    const img = page.getByRole('dialog', { name: 'Preview Sertifikat' }).getByRole('img');
    await img.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.certificate-preview')].some((el) => el.complete && el.naturalWidth > 0));
    const name = label === '390' ? 'screenshot-certificates-phone.png' : 'screenshot-certificates.png';
    await page.screenshot({ path: `${outDir}/${name}` });
    await page.context().close();
  }
  const page = await loggedIn(browser, VIEWPORTS[1][1], 'pembimbing', 'pembimbing1234');
  await page.goto(`${BASE_URL}/profile`);
  await page.getByRole('region', { name: 'Tanda Tangan' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${outDir}/screenshot-profile-signature.png`, fullPage: true });
  await page.context().close();
}

/** The approval list with its 'Arsip' switch on, at 390 px (the server's archive rows as cards). */
async function arsipScene(browser) {
  const page = await loggedIn(browser, VIEWPORTS[0][1], USER, PASSWORD);
  await page.goto(`${BASE_URL}/approval?arsip=1`);
  await page.locator('.data-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${outDir}/screenshot-arsip-phone.png` });
  await page.context().close();
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
try {
  if (process.env.SCENES === 'certificates') {
    await certificateScenes(browser);
  } else if (process.env.SCENES === 'arsip') {
    await arsipScene(browser);
  } else {
    for (const [label, viewport] of VIEWPORTS) {
      const page = await (await browser.newContext({ viewport, locale: 'id-ID' })).newPage();
      await page.goto(`${BASE_URL}/`);
      await page.screenshot({ path: `${outDir}/login-${label}.png` });
      await page.getByLabel('Username', { exact: true }).fill(USER);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${BASE_URL}/dashboard`);
      for (const path of SHOTS.filter((p) => p !== '/')) {
        await page.goto(`${BASE_URL}${path}`);
        await page.waitForLoadState('networkidle');
        const name = path.replace(/^\//, '').replace(/\//g, '-') || 'root';
        await page.screenshot({ path: `${outDir}/${name}-${label}.png`, fullPage: true });
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${outDir}`);
