// The profile's 'Logo Organisasi' panel: HR uploads a PNG (checked on the device first), sees
// it, deletes it after a confirm; offline the panel says it needs a connection and offers
// nothing; other roles do not have it.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { imageSize, makePng } from './helpers/certificates';
import { expectPngRefusedBeforeSending, openProfilePage } from './helpers/profile';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;

const panelOf = (page: Page) => page.getByRole('region', { name: 'Logo Organisasi' });
const fileInput = (page: Page) => page.getByLabel('File logo (PNG)');
const OFFLINE = 'Logo organisasi hanya dapat diubah saat online. Sambungkan perangkat ke internet lalu coba lagi.';

const openProfile = (username: string, role: string) => openProfilePage(browser, server.url, username, role);

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

describe('Logo Organisasi panel', () => {
  it('should refuse a file that is not a PNG or is over 1 MB before sending anything', async () => {
    const page = await openProfile('hr', 'HR');
    const panel = panelOf(page);
    await panel.getByText('Belum ada', { exact: true }).waitFor();
    await expectPngRefusedBeforeSending(page, {
      panel,
      fileInput: fileInput(page),
      uploadButton: panel.getByRole('button', { name: 'Upload Logo', exact: true }),
      uploadPath: '/api/organisasi/logo',
    });
    await page.context().close();
  });

  it('should upload a PNG with a preview, show it after a reload, and delete it after the confirm', async () => {
    const page = await openProfile('hr', 'HR');
    const panel = panelOf(page);
    await panel.getByText('Belum ada', { exact: true }).waitFor();
    await expect(panel.locator('button').allInnerTexts()).resolves.toEqual(['Upload Logo']);

    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(240, 90, 3) });
    await expect(imageSize(panel.getByRole('img', { name: 'Pratinjau file yang dipilih' }))).resolves.toEqual({ width: 240, height: 90 });
    await panel.getByRole('button', { name: 'Upload Logo', exact: true }).click();
    await panel.getByText('Logo organisasi berhasil diupload', { exact: true }).waitFor();
    await panel.getByText('Terpasang', { exact: true }).waitFor();
    await expect(imageSize(panel.getByRole('img', { name: 'Logo saat ini' }))).resolves.toEqual({ width: 240, height: 90 });
    await expect(panel.getByRole('img', { name: 'Pratinjau file yang dipilih' }).count()).resolves.toBe(0);

    // Replacing it: the new one shows.
    await fileInput(page).setInputFiles({ name: 'logo-baru.png', mimeType: 'image/png', buffer: makePng(120, 120, 5) });
    await panel.getByRole('button', { name: 'Upload Logo', exact: true }).click();
    await expect.poll(() => imageSize(panel.getByRole('img', { name: 'Logo saat ini' }))).toEqual({ width: 120, height: 120 });

    // Still there after a reload: the image comes from the server with the token.
    await page.reload();
    await panel.getByText('Terpasang', { exact: true }).waitFor();
    await expect(imageSize(panel.getByRole('img', { name: 'Logo saat ini' }))).resolves.toEqual({ width: 120, height: 120 });

    await panel.getByRole('button', { name: 'Hapus Logo' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Logo Organisasi' });
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await confirm.waitFor({ state: 'detached' });
    await panel.getByText('Terpasang', { exact: true }).waitFor();

    await panel.getByRole('button', { name: 'Hapus Logo' }).click();
    await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
    await panel.getByText('Logo organisasi berhasil dihapus', { exact: true }).waitFor();
    await panel.getByText('Belum ada', { exact: true }).waitFor();
    await expect(panel.getByRole('img', { name: 'Logo saat ini' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('should say offline that the logo needs a connection, and offer the upload again once online', async () => {
    const page = await openProfile('hr', 'HR');
    const panel = panelOf(page);
    await panel.getByText('Belum ada', { exact: true }).waitFor();
    await page.context().setOffline(true);
    await panel.getByText(OFFLINE, { exact: true }).waitFor();
    await expect(fileInput(page).isDisabled()).resolves.toBe(true);
    await expect(panel.getByRole('button', { name: 'Upload Logo', exact: true }).isDisabled()).resolves.toBe(true);

    await page.context().setOffline(false);
    await panel.getByText('Belum ada', { exact: true }).waitFor();
    await expect(panel.getByText(OFFLINE).count()).resolves.toBe(0);
    await expect(fileInput(page).isEnabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('should not show the panel to Pembimbing, BusHead or Mentor', async () => {
    for (const [username, role] of [
      ['pembimbing', 'Pembimbing'],
      ['bushead', 'BusHead'],
      ['mentor', 'Mentor'],
    ] as const) {
      const page = await openProfile(username, role);
      await page.getByRole('heading', { name: 'Ubah Password' }).waitFor();
      await expect(panelOf(page).count()).resolves.toBe(0);
      await page.context().close();
    }
  });
});
