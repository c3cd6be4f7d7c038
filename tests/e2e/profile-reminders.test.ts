// The profile's 'Terima pengingat' switch: on by default, saved at once and kept after a reload,
// a 44 px touch target on a phone, and offline it says it needs a connection and cannot change.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openProfilePage } from './helpers/profile';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

const panelOf = (page: Page) => page.getByRole('region', { name: 'Pengingat' });
const switchOf = (page: Page) => panelOf(page).getByRole('checkbox', { name: 'Terima pengingat' });

describe("'Terima pengingat' switch", () => {
  it('should be on by default, save a change at once and show it after a reload', async () => {
    const page = await openProfilePage(browser, server.url, 'bushead', 'BusHead');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => switchOf(page).isEnabled()).toBe(true);
    await expect(switchOf(page).isChecked()).resolves.toBe(true);
    const box = await panelOf(page).locator('label.reminder-switch').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    await switchOf(page).click();
    await panelOf(page).getByText('Pengaturan pengingat disimpan', { exact: true }).waitFor();
    await expect(switchOf(page).isChecked()).resolves.toBe(false);
    await page.reload();
    await expect.poll(() => switchOf(page).isEnabled()).toBe(true);
    await expect(switchOf(page).isChecked()).resolves.toBe(false);

    await switchOf(page).click();
    await panelOf(page).getByText('Pengaturan pengingat disimpan', { exact: true }).waitFor();
    await expect(switchOf(page).isChecked()).resolves.toBe(true);
    await page.context().close();
  });

  it('should say offline that the switch needs a connection, and allow it again once online', async () => {
    const page = await openProfilePage(browser, server.url, 'mentor', 'Mentor');
    await expect.poll(() => switchOf(page).isEnabled()).toBe(true);
    await page.context().setOffline(true);
    await panelOf(page).getByText('Pengaturan pengingat hanya dapat diubah saat online.', { exact: true }).waitFor();
    await expect(switchOf(page).isDisabled()).resolves.toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => switchOf(page).isEnabled()).toBe(true);
    await page.context().close();
  });
});
