// The app's frame on a phone: the top bar at 320 and 390 px offline with a queued change never
// widens the page and keeps the username readable (the Offline badge and '{n} perubahan
// tertunda' on a row of their own, 'Sinkronkan' in its panel); the approval cards' status badges
// stay inside their card at 390 px; and a routine save says 'Sukses' in a notice that blocks
// nothing (no dialog, no backdrop, the page goes on taking clicks) and goes with its OK.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { PHONE, login, newContext } from './helpers/browser';
import { dialog, successNotice } from './helpers/master-data';
import { pendingText, scoreInDialog, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

/** Left and right edges of an element on the screen. */
async function edges(target: Locator): Promise<{ left: number; right: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  return { left: box.x, right: box.x + box.width };
}

/** The page scrolls sideways: the document is wider than the window. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
}

describe('the top bar on a phone', () => {
  it('should fit 320 and 390 px offline with a queued change, the username readable', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, server.url, 'mentor');
    await waitForServiceWorker(page);
    await page.goto(`${server.url}/penilaian`);
    await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
    await context.setOffline(true);
    await scoreInDialog(page, 'Sekar Ayuningtyas', [81, 82, 83, 84]);
    await page.getByText(MSG.savedOffline, { exact: true }).waitFor();
    await page.goto(`${server.url}/notifikasi`);
    const bar = page.getByRole('banner');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: PHONE.height });
      const badge = bar.getByText(MSG.offlineBadge, { exact: true });
      const queue = pendingText(page, 1);
      await badge.waitFor();
      await queue.waitFor();
      expect(await scrollsSideways(page), `the page scrolls sideways at ${width} px`).toBe(false);
      for (const part of [badge, queue, bar.locator('.user-name')]) {
        const { left, right } = await edges(part);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(width);
      }
      // The username shows whole: nothing of it is cut off.
      const name = bar.locator('.user-name');
      await expect(name.textContent()).resolves.toBe('mentor');
      await expect(name.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
      // 'Sinkronkan' is one tap away, in the queue's panel, inside the screen.
      await queue.click();
      const sync = page.getByRole('region', { name: 'Perubahan tertunda' }).getByRole('button', { name: MSG.syncNow });
      await sync.waitFor();
      expect((await edges(sync)).right).toBeLessThanOrEqual(width);
      expect(await scrollsSideways(page)).toBe(false);
      await page.keyboard.press('Escape');
    }
    await context.setOffline(false);
    await context.close();
  });
});

describe('the approval cards at 390 px', () => {
  it("should keep every status badge inside its card ('Menunggu Pembimbing' among them)", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, server.url, 'hr');
    await page.goto(`${server.url}/approval`);
    const cards = page.getByRole('list', { name: /./ }).locator('li.data-card');
    await cards.first().waitFor();
    await page.locator('.data-card-status').getByText('Menunggu Pembimbing', { exact: true }).first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const card = await edges(cards.nth(i));
      const badges = cards.nth(i).locator('.data-card-status .badge');
      for (let b = 0; b < (await badges.count()); b++) {
        const badge = await edges(badges.nth(b));
        expect(badge.left).toBeGreaterThanOrEqual(card.left);
        expect(badge.right, `badge ${b} of card ${i}`).toBeLessThanOrEqual(card.right);
      }
    }
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });
});

describe("the 'Sukses' of a routine save", () => {
  it('should be a notice that blocks nothing and goes with its OK', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, server.url, 'hr');
    await page.goto(`${server.url}/divisi`);
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const edit = dialog(page, 'Edit Divisi');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    const notice = successNotice(page, 'Divisi berhasil diperbarui');
    await notice.waitFor();
    // A live region, no dialog: nothing modal is open, nothing covers the page.
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    await expect(page.locator('[aria-modal="true"], .modal-overlay').count()).resolves.toBe(0);
    const { left, right } = await edges(notice.locator('.toast-body'));
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(PHONE.width);
    // The page goes on taking clicks while it shows.
    await page.getByRole('button', { name: 'Tambah Divisi' }).first().click();
    const add = dialog(page, 'Tambah Divisi');
    await add.waitFor();
    await add.getByRole('button', { name: 'Batal' }).click();
    await notice.getByRole('button', { name: 'OK', exact: true }).click();
    await notice.waitFor({ state: 'hidden' });
    await context.close();
  });
});
