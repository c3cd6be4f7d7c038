// The mentor's and approver's day without dead ends: a refused change shown on the row and in
// its score dialog, loading that is not "empty", the approval list's own to-do first with the
// quick filter 'Perlu tindakan saya' (and its URL), forbidden actions that look forbidden, and
// the mentor's labelled 'Nilai' button on a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, login, newContext } from './helpers/browser';
import { acceptSuccess, dialog } from './helpers/master-data';
import { apiSend, pendingText, rowOf, searchFor, serverScores, waitForServiceWorker } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const SEARCH = 'Cari nama peserta...';
const LOCK_PEMBIMBING = 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval';
const OWN_DECISION = 'Nilai tidak dapat diubah karena Anda sudah memberikan keputusan';
const COUNT = /^Menampilkan \d+ dari \d+ peserta$/;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

async function openPage(username: string, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  await login(page, server.url, username);
  return { context, page };
}

/** The Status column texts of the approval table, top to bottom (current page). */
function statuses(page: Page): Promise<string[]> {
  return page.locator('tbody tr td.col-status').allTextContents();
}

describe('a refused change in context (mentor)', () => {
  it('should mark the row with the refusal text and show it with the server scores in the dialog', async () => {
    const { context, page } = await openPage('mentor');
    await waitForServiceWorker(page);
    await page.goto(`${server.url}/penilaian`);
    await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
    const before = await serverScores(server.url, 6);
    await context.setOffline(true);
    try {
      const row = await searchFor(page, SEARCH, 'Nabila Rahmawati');
      await row.getByRole('button', { name: 'Nilai', exact: true }).click();
      const modal = dialog(page, 'Penilaian - Nabila Rahmawati');
      const inputs = modal.getByRole('spinbutton');
      await inputs.first().waitFor();
      for (let i = 0; i < (await inputs.count()); i += 1) await inputs.nth(i).fill('55');
      await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
      await acceptSuccess(page, 'Tersimpan di perangkat, menunggu koneksi');
      await pendingText(page, 1).waitFor();
      expect((await apiSend(server.url, 'pembimbing', '/api/review/approve/6')).status).toBe(200);
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('banner').getByRole('button', { name: /perubahan ditolak/ }).waitFor({ timeout: 20_000 });

    // The row itself says what happened and why.
    const row = rowOf(page, 'Nabila Rahmawati');
    await row.getByText('Perubahan ditolak', { exact: true }).waitFor();
    await row.getByText(LOCK_PEMBIMBING, { exact: true }).waitFor();
    // The lock is visible before opening: the 'Nilai' button carries the reason.
    const nilai = row.getByRole('button', { name: 'Nilai', exact: true });
    await expect(nilai.getAttribute('title')).resolves.toBe(LOCK_PEMBIMBING);

    // The dialog repeats it above the inputs, which hold the server's scores again.
    await nilai.click();
    const modal = dialog(page, 'Penilaian - Nabila Rahmawati');
    const alert = modal.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(`Perubahan ditolak: ${LOCK_PEMBIMBING}`);
    await expect(alert.textContent()).resolves.toContain('Nilai yang tampil adalah nilai di server.');
    const values = await modal.getByRole('spinbutton').evaluateAll((all) => all.map((i) => (i as HTMLInputElement).value));
    expect(values.map(Number).sort()).toEqual([...before.values()].sort());
    await expect(modal.getByRole('button', { name: 'Simpan', exact: true }).isDisabled()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'Batal', exact: true }).click();
    await modal.waitFor({ state: 'detached' });

    // Dismissing in the top bar's list removes the mark.
    await page.getByRole('banner').getByRole('button', { name: /perubahan ditolak/ }).click();
    await page.getByRole('region', { name: 'Perubahan tertunda' }).getByRole('button', { name: 'Abaikan', exact: true }).click();
    await row.getByText('Perubahan ditolak', { exact: true }).waitFor({ state: 'detached' });
  });
});

describe('approval list: loading, default order, quick filter, forbidden actions', () => {
  let page: Page;

  it("should show one 'Memuat data…' and never 'Menampilkan 0 dari 0 peserta' on the first load", async () => {
    ({ page } = await openPage('pembimbing'));
    await page.addInitScript(() => {
      const seen = { loading: false, zero: false, mostLoading: 0, emptyBar: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        const text = document.body?.textContent ?? '';
        const loading = text.split('Memuat data…').length - 1;
        if (loading > 0) seen.loading = true;
        seen.mostLoading = Math.max(seen.mostLoading, loading);
        if (text.includes('Menampilkan 0 dari 0 peserta')) seen.zero = true;
        if (document.querySelector('.mirror-progress [aria-valuenow="0"]')) seen.emptyBar = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/approval`);
    await page.getByText(COUNT).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, unknown> }).__seen);
    // One loading indicator for the list, and no progress bar standing at 0 % while the size is unknown.
    expect(seen).toEqual({ loading: true, zero: false, mostLoading: 1, emptyBar: false });
  });

  it("should list the viewer's 'Perlu Tindakan' first and filter to it with 'Perlu tindakan saya'", async () => {
    // Nabila was approved above: the pembimbing's to-do is Intan, Galih and Andi.
    await expect(statuses(page)).resolves.toEqual([
      'Perlu Tindakan',
      'Perlu Tindakan',
      'Perlu Tindakan',
      expect.not.stringMatching(/Perlu Tindakan/),
      expect.not.stringMatching(/Perlu Tindakan/),
    ]);
    const names = await page.locator('tbody tr td.col-nama .name-cell-main').allTextContents();
    expect(names.slice(0, 3)).toEqual(['Intan Permata Sari', 'Galih Prasetyo', 'Andi Wijaya']);

    const quick = page.getByRole('button', { name: /^Perlu tindakan saya/ });
    await expect(quick.textContent()).resolves.toBe('Perlu tindakan saya3');
    await expect(quick.getAttribute('aria-pressed')).resolves.toBe('false');
    await quick.click();
    await page.waitForURL(`${server.url}/approval?status=perlu_tindakan`);
    await expect(quick.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByText(/^Menampilkan 3 dari \d+ peserta$/).waitFor();
    await expect(statuses(page)).resolves.toEqual(['Perlu Tindakan', 'Perlu Tindakan', 'Perlu Tindakan']);

    // A sorted column overrides the default order.
    const header = page.getByRole('columnheader', { name: /Periode/ });
    await header.getByRole('button').click();
    const sorted = await page.locator('tbody tr td.col-nama .name-cell-main').allTextContents();
    expect(sorted).toEqual(['Andi Wijaya', 'Galih Prasetyo', 'Intan Permata Sari']);
    await header.getByRole('button').click();
    await header.getByRole('button').click();

    await quick.click();
    await page.waitForURL(`${server.url}/approval`);
    await page.getByText(COUNT).filter({ hasNotText: 'Menampilkan 3 dari' }).waitFor();

    // The dashboard's link lands filtered.
    await page.goto(`${server.url}/approval?status=perlu_tindakan`);
    await page.getByText(/^Menampilkan 3 dari \d+ peserta$/).waitFor();
    await expect(page.getByRole('button', { name: /^Perlu tindakan saya/ }).getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('should open a locked Edit Nilai read-only with the reason as the yellow warning, and label Detail Approval', async () => {
    await page.goto(`${server.url}/approval`);
    const decided = await searchFor(page, SEARCH, 'Dimas Saputra');
    const edit = decided.getByRole('button', { name: 'Edit Nilai', exact: true });
    await expect(edit.getAttribute('title')).resolves.toBe(OWN_DECISION);
    await expect(edit.getAttribute('aria-description')).resolves.toBe(OWN_DECISION);
    await edit.click();
    const modal = dialog(page, 'Edit Nilai');
    const warning = modal.locator('.alert-warning');
    await expect(warning.textContent()).resolves.toBe(OWN_DECISION);
    await expect(modal.getByRole('button', { name: 'Simpan Nilai', exact: true }).isDisabled()).resolves.toBe(true);
    await expect(modal.getByRole('button', { name: 'Reset Semua', exact: true }).isDisabled()).resolves.toBe(true);
    const inputs = await modal.getByRole('spinbutton').evaluateAll((all) => all.map((i) => (i as HTMLInputElement).disabled));
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every(Boolean)).toBe(true);
    await modal.getByRole('button', { name: 'Tutup', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });

    const open = await searchFor(page, SEARCH, 'Intan Permata Sari');
    await expect(open.getByRole('button', { name: 'Edit Nilai', exact: true }).isEnabled()).resolves.toBe(true);
    const detail = open.getByRole('button', { name: 'Detail Approval', exact: true });
    await expect(detail.innerText()).resolves.toBe('Detail Approval');
    await expect(detail.getAttribute('title')).resolves.toBe('Detail Approval');
  });
});

describe('the mentor on a phone', () => {
  it("should offer a labelled 'Nilai' button of at least 44 px on every card, with the lock reason when locked", async () => {
    const { page } = await openPage('mentor', PHONE);
    await page.goto(`${server.url}/penilaian`);
    await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
    const cards = page.locator('.data-card');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBe(5);
    for (let i = 0; i < count; i += 1) {
      const button = cards.nth(i).getByRole('button', { name: 'Nilai', exact: true });
      await expect(button.innerText()).resolves.toBe('Nilai');
      const box = await button.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    // 'Penilaian belum lengkap' is the mentor's to-do: the warning (amber) badge.
    await page.getByPlaceholder(SEARCH).fill('Yoga Aditya');
    const todo = page.locator('.data-card').filter({ hasText: 'Yoga Aditya' });
    await todo.getByText('Penilaian belum lengkap').waitFor();
    await expect(todo.getByText('Penilaian belum lengkap').getAttribute('class')).resolves.toContain('warning');
    // Rizky Pratama is approved by all three: the button still opens (read-only) and says why.
    await page.getByPlaceholder(SEARCH).fill('Rizky Pratama');
    const locked = page.locator('.data-card').filter({ hasText: 'Rizky Pratama' });
    await locked.waitFor();
    await expect(locked.getByRole('button', { name: 'Nilai', exact: true }).getAttribute('title')).resolves.toBe(
      'Nilai tidak dapat diedit. BusHead sudah melakukan approval',
    );
  });
});
