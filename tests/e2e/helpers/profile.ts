// Helpers of the profile's browser tests: opening the profile as a demo account, and the check
// both PNG panels (signature, organisation logo) share: a wrong file is refused on the device.
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { login, newContext } from './browser';
import { makePng } from './certificates';

/** A new context's page logged in as `username` on /profile, once its fresh profile load answered. */
export async function openProfilePage(browser: Browser, baseUrl: string, username: string, role: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await login(page, baseUrl, username);
  await page.goto(`${baseUrl}/profile`);
  await page.getByRole('heading', { name: 'Detail Profil' }).waitFor();
  // The fresh profile load has answered once the role is filled in.
  await expect.poll(() => page.getByLabel('Role', { exact: true }).inputValue()).toBe(role);
  return page;
}

/** A profile panel that uploads one PNG: where it is, its file input and its upload button. */
interface PngPanel {
  panel: Locator;
  fileInput: Locator;
  uploadButton: Locator;
  /** The path its upload POSTs to. */
  uploadPath: string;
}

/**
 * Checks that the panel takes PNG files only and refuses, before anything is sent, a file that
 * is not a PNG and a PNG over 1 MB, each with its reason, the upload button staying disabled.
 */
export async function expectPngRefusedBeforeSending(page: Page, { panel, fileInput, uploadButton, uploadPath }: PngPanel): Promise<void> {
  await expect(fileInput.getAttribute('accept')).resolves.toBe('image/png');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(uploadPath)) posts.push(request.url());
  });

  await fileInput.setInputFiles({ name: 'gambar.png', mimeType: 'image/png', buffer: Buffer.from('bukan gambar png') });
  await panel.getByText('File harus berupa gambar PNG', { exact: true }).waitFor();
  await expect(uploadButton.isDisabled()).resolves.toBe(true);

  const big = Buffer.concat([makePng(), Buffer.alloc(1024 * 1024)]);
  await fileInput.setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: big });
  await panel.getByText('Ukuran file maksimal 1MB', { exact: true }).waitFor();
  expect(posts).toEqual([]);
}
