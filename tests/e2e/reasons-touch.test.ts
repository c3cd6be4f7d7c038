// Why an action is refused, readable on a touch phone (390 px): a refused 'Hapus' shows its
// reason on a tap and on keyboard focus (a disabled button would take neither), and a locked
// 'Edit Nilai' opens read-only with the reason as the yellow warning.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PHONE, login } from './helpers/browser';
import { dialog } from './helpers/master-data';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function touchPhone(username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'id-ID' });
  contexts.push(context);
  const page = await context.newPage();
  await login(page, server.url, username);
  return page;
}

function card(page: Page, text: string) {
  return page.locator('.data-card').filter({ hasText: text });
}

describe('a refused Hapus on a touch phone', () => {
  const reason = 'Anda tidak dapat menghapus akun Anda sendiri';

  it('should show the reason on a tap, inside the screen, and open no confirmation', async () => {
    const page = await touchPhone('hr');
    await page.goto(`${server.url}/users`);
    const own = card(page, 'EMP001');
    const hapus = own.getByRole('button', { name: 'Hapus', exact: true });
    const tip = own.locator('.reason-tip');
    await hapus.waitFor();
    await expect(hapus.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(tip.isVisible()).resolves.toBe(false);

    // force: Playwright waits for an aria-disabled button to become enabled; a finger does not.
    await hapus.tap({ force: true });
    await tip.waitFor({ state: 'visible' });
    await expect(tip.textContent()).resolves.toBe(reason);
    const box = await tip.boundingBox();
    if (!box) throw new Error('the reason has no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect(page.getByRole('alertdialog', { name: 'Hapus User' }).count()).resolves.toBe(0);

    // A tap elsewhere hides it.
    await page.getByRole('heading', { level: 1 }).tap();
    await tip.waitFor({ state: 'hidden' });

    // Reached with the keyboard (Tab from 'Edit'), it shows again; Esc hides it.
    await own.getByRole('button', { name: 'Edit', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Hapus');
    await tip.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });

    // Another user's Hapus is not refused: its tap asks to delete.
    await card(page, 'EMP002').getByRole('button', { name: 'Hapus', exact: true }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus User' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Batal' }).tap();
    await confirm.waitFor({ state: 'detached' });
  });
});

describe('a locked Edit Nilai on a touch phone', () => {
  it('should open read-only on a tap with the reason as the yellow warning', async () => {
    const reason = 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan';
    const page = await touchPhone('pembimbing');
    await page.goto(`${server.url}/approval`);
    await page.getByPlaceholder('Cari nama peserta...').fill('Dimas Saputra');
    const decided = card(page, 'Dimas Saputra');
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('.data-card')];
      return cards.length === 1 && cards[0]!.textContent!.includes('Dimas Saputra');
    });
    const edit = decided.getByRole('button', { name: 'Edit Nilai', exact: true });
    await expect(edit.getAttribute('aria-description')).resolves.toBe(reason);

    await edit.tap();
    const modal = dialog(page, 'Edit Nilai');
    const warning = modal.locator('.alert-warning');
    await warning.waitFor({ state: 'visible' });
    await expect(warning.textContent()).resolves.toBe(reason);
    // Yellow: red and green high, blue clearly lower.
    const [r, g, b] = (await warning.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(230);
    expect(g).toBeGreaterThan(230);
    expect(b).toBeLessThan(g! - 30);
    await expect(modal.getByRole('button', { name: 'Simpan Nilai', exact: true }).isDisabled()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'Tutup', exact: true }).last().tap();
    await modal.waitFor({ state: 'detached' });
  });
});
