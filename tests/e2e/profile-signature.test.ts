// The profile's signature panel: Pembimbing uploads a PNG (checked on the device first),
// sees it, deletes it after a confirm; BusHead has the panel, HR and Mentor do not.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { imageSize, makePng } from './helpers/certificates';
import { expectPngRefusedBeforeSending, openProfilePage } from './helpers/profile';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;

const panelOf = (page: Page) => page.getByRole('region', { name: 'Tanda Tangan' });
const fileInput = (page: Page) => page.getByLabel('File tanda tangan (PNG)');

const openProfile = (username: string, role: string) => openProfilePage(browser, server.url, username, role);

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

describe('signature panel', () => {
  it('should refuse a file that is not a PNG or is over 1 MB before sending anything', async () => {
    const page = await openProfile('pembimbing', 'Pembimbing');
    const panel = panelOf(page);
    await panel.getByText('Belum upload', { exact: true }).waitFor();
    await panel.getByText('Format PNG transparan, max 1MB.', { exact: true }).waitFor();
    await expectPngRefusedBeforeSending(page, {
      panel,
      fileInput: fileInput(page),
      uploadButton: panel.getByRole('button', { name: 'Upload', exact: true }),
      uploadPath: '/api/users/signature',
    });
    await page.context().close();
  });

  it('should upload a PNG with a preview, show it, and delete it after the confirm', async () => {
    const page = await openProfile('pembimbing', 'Pembimbing');
    const panel = panelOf(page);
    await panel.getByText('Belum upload', { exact: true }).waitFor();
    // Nothing to delete yet: 'Upload' is the panel's only button, and it is the primary one.
    await expect(panel.locator('button').allInnerTexts()).resolves.toEqual(['Upload']);
    await expect(panel.getByRole('button', { name: 'Upload', exact: true }).getAttribute('class')).resolves.toContain('btn-primary');

    await fileInput(page).setInputFiles({ name: 'ttd.png', mimeType: 'image/png', buffer: makePng(180, 60, 2) });
    await expect(imageSize(panel.getByRole('img', { name: 'Pratinjau file yang dipilih' }))).resolves.toEqual({ width: 180, height: 60 });
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await panel.getByText('Tanda tangan berhasil diupload!', { exact: true }).waitFor();
    await panel.getByText('Sudah upload', { exact: true }).waitFor();
    await expect(imageSize(panel.getByRole('img', { name: 'Tanda tangan saat ini' }))).resolves.toEqual({ width: 180, height: 60 });
    // A stored signature can be deleted, as a secondary action beside 'Upload', never the primary one.
    const remove = panel.getByRole('button', { name: 'Hapus TTD' });
    await expect(remove.isEnabled()).resolves.toBe(true);
    await expect(remove.evaluate((el) => [...el.classList])).resolves.not.toEqual(expect.arrayContaining(['btn-primary']));
    await expect(remove.evaluate((el) => [...el.classList])).resolves.not.toEqual(expect.arrayContaining(['btn-danger']));

    // Still there after a reload: the image comes from the server with the token.
    await page.reload();
    await panel.getByText('Sudah upload', { exact: true }).waitFor();
    await expect(imageSize(panel.getByRole('img', { name: 'Tanda tangan saat ini' }))).resolves.toEqual({ width: 180, height: 60 });

    await panel.getByRole('button', { name: 'Hapus TTD' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Tanda Tangan' });
    await confirm.getByText('Hapus tanda tangan?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await confirm.waitFor({ state: 'detached' });
    await panel.getByText('Sudah upload', { exact: true }).waitFor();

    await panel.getByRole('button', { name: 'Hapus TTD' }).click();
    await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
    await panel.getByText('Tanda tangan berhasil dihapus!', { exact: true }).waitFor();
    await panel.getByText('Belum upload', { exact: true }).waitFor();
    await expect(panel.getByRole('img', { name: 'Tanda tangan saat ini' }).count()).resolves.toBe(0);
    await expect(panel.getByRole('button', { name: 'Hapus TTD' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('should show the panel to BusHead only besides Pembimbing, not to HR or Mentor', async () => {
    const bushead = await openProfile('bushead', 'BusHead');
    await panelOf(bushead).getByText('Belum upload', { exact: true }).waitFor();
    await bushead.context().close();
    for (const [username, role] of [
      ['hr', 'HR'],
      ['mentor', 'Mentor'],
    ] as const) {
      const page = await openProfile(username, role);
      await page.getByRole('heading', { name: 'Ubah Password' }).waitFor();
      await expect(panelOf(page).count()).resolves.toBe(0);
      await expect(page.getByText('Format PNG transparan, max 1MB.').count()).resolves.toBe(0);
      await page.context().close();
    }
  });
});
