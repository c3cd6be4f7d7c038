// The device's data: persistent storage asked for at login (the profile page carries no
// technical note about it); logging out with queued changes warns ('{n} perubahan belum terkirim. …', keyboard and
// a 390 px phone) and keeps them for that user; the next user of the device sees none of the
// previous user's mirror or queue, and the changes replay at the same user's next login.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, login, newContext } from './helpers/browser';
import { acceptSuccess, dialog } from './helpers/master-data';
import { type OutboxRow, readOutbox, readStore } from './helpers/outbox';
import { pendingText, searchFor, serverScores, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const NAME = 'Nabila Rahmawati';
const WARNING = '1 perubahan belum terkirim. Keluar sekarang? Perubahan tetap tersimpan di perangkat ini dan dikirim saat Anda masuk lagi.';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pesertaId: number;
let before: Map<number, number>;

/** Polls `check` until it holds. */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens the user menu and chooses Logout with the keyboard only. */
async function logoutWithKeyboard(): Promise<void> {
  await page.getByRole('button', { name: 'Menu pengguna' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Logout' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Enter');
}

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  context = await newContext(browser);
  // Count the app's persist() requests, still answered by the browser itself.
  await context.addInitScript(() => {
    const storage = navigator.storage;
    if (!storage?.persist) return;
    const original = storage.persist.bind(storage);
    storage.persist = () => {
      localStorage.setItem('test:persist-calls', String(Number(localStorage.getItem('test:persist-calls') ?? '0') + 1));
      return original();
    };
  });
  page = await context.newPage();
});

describe("the device's data", () => {
  it('should ask to keep the device storage at login, without a technical note on the profile page', async () => {
    await login(page, server.url, 'mentor');
    await waitUntil('persist() after login', () => page.evaluate(() => Number(localStorage.getItem('test:persist-calls')) >= 1));
    await page.goto(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'Detail Profil' }).waitFor();
    await page.getByRole('heading', { name: 'Informasi Akun' }).waitFor();
    await expect(page.getByText('Penyimpanan perangkat', { exact: false }).count()).resolves.toBe(0);
  });

  it('should warn before logging out with a queued change, by keyboard on a phone, and keep it', async () => {
    await waitForServiceWorker(page);
    await page.goto(`${server.url}/penilaian`);
    await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
    const row = await searchFor(page, 'Cari nama peserta...', NAME);
    pesertaId = (await readStore<{ id: number; nama: string }>(page, 'peserta')).find((p) => p.nama === NAME)!.id;
    before = await serverScores(server.url, pesertaId);

    await server.stop(); // online, but no server: the save stays queued
    await row.getByRole('button', { name: 'Nilai', exact: true }).click();
    const modal = dialog(page, `Penilaian - ${NAME}`);
    const inputs = modal.getByRole('spinbutton');
    await inputs.first().waitFor();
    for (let i = 0; i < (await inputs.count()); i += 1) await inputs.nth(i).fill('77');
    await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
    await acceptSuccess(page, 'Tersimpan di perangkat, menunggu koneksi');
    await pendingText(page, 1).waitFor();

    await page.setViewportSize(PHONE);
    await logoutWithKeyboard();
    const warning = page.getByRole('alertdialog', { name: 'Keluar' });
    await warning.getByText(WARNING, { exact: true }).waitFor();
    const cancel = warning.getByRole('button', { name: 'Batal', exact: true });
    await expect(cancel.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const box = await warning.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // Esc cancels: still logged in, focus back on the user menu.
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/penilaian');
    await expect(
      page.getByRole('button', { name: 'Menu pengguna' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);

    await logoutWithKeyboard();
    await warning.getByText(WARNING, { exact: true }).waitFor();
    await page.keyboard.press('Tab');
    await expect(
      warning.getByRole('button', { name: 'Keluar', exact: true }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.setViewportSize(DESKTOP);

    // Kept for the mentor; the mirror is gone.
    const outbox = await readOutbox(page);
    expect(outbox.map((entry) => [entry.pesertaId, entry.state])).toEqual([[pesertaId, 'pending']]);
    for (const table of ['peserta', 'nilai', 'reviews', 'kompetensi']) expect(await readStore(page, table), table).toEqual([]);
  });

  it("should show the next user none of the previous user's data, then replay it at that user's login", async () => {
    await server.start();
    await login(page, server.url, 'pembimbing');
    await page.goto(`${server.url}/approval`);
    await waitUntil('the pembimbing mirror', async () => (await readStore(page, 'peserta')).length > 0);
    // The pembimbing's mirror holds the server's scores, not the mentor's queued 77s.
    await waitUntil('Nabila in the mirror', async () => (await readStore(page, 'nilai')).some((n) => n.peserta_id === pesertaId));
    const nilai = (await readStore<{ peserta_id: number; kompetensi_id: number; skor: number; pendingKey?: string }>(page, 'nilai')).filter(
      (n) => n.peserta_id === pesertaId,
    );
    expect(new Map(nilai.map((n) => [n.kompetensi_id, n.skor]))).toEqual(before);
    expect(nilai.some((n) => n.pendingKey !== undefined)).toBe(false);
    await expect(page.getByRole('banner').getByText(/perubahan tertunda/).count()).resolves.toBe(0);
    // Not sent under the pembimbing's name either.
    expect(await serverScores(server.url, pesertaId)).toEqual(before);
    const kept: OutboxRow[] = await readOutbox(page);
    expect(kept).toHaveLength(1);

    // The pembimbing has nothing queued: logout goes straight to the login page.
    await page.getByRole('button', { name: 'Menu pengguna' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);

    // The mentor again: the change is sent.
    await login(page, server.url, 'mentor');
    await waitUntil('the queued save on the server', async () => [...(await serverScores(server.url, pesertaId)).values()].every((s) => s === 77));
    await waitUntil('an empty outbox', async () => (await readOutbox(page)).length === 0);
  });
});
