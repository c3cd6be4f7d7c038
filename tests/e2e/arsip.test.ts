// The 'Arsip' switch of the participant, approval and certificate lists. The archive endpoints
// (GET /api/peserta/arsip, GET /api/sertifikat/arsip) are answered here by route interception
// with rows made from the seeded server's own rows (renamed 'Arsip …', ids the mirror does not
// hold), searched and paged as the server does. Switching on shows the server's rows in the
// list's table (cards at 390 px) with its pager, page 2, search, the offline text; a reload
// keeps the switch (?arsip=1); switching off shows the mirror again; the archive rows open their
// detail read-only; axe finds no serious violation at 390 and 1280 px.
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARSIP_MSG } from '../../src/domain/arsip';
import type { Peserta } from '../../src/domain/peserta';
import type { SertifikatRow } from '../../src/domain/sertifikat-terbit';
import { violationsAtWidths, waitForLoaded } from './helpers/a11y';
import { DESKTOP, PHONE, login, newContext } from './helpers/browser';
import { pagerInfo } from './helpers/master-data';
import { apiGet } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let pesertaTemplate: Peserta;
let sertifikatTemplate: SertifikatRow;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  const peserta = await apiGet<{ data: Peserta[] }>(server.url, 'hr', '/api/peserta?jenjang=SMK');
  const sertifikat = await apiGet<{ data: SertifikatRow[] }>(server.url, 'hr', '/api/sertifikat/peserta?jenjang=SMK');
  pesertaTemplate = peserta.data[0]!;
  sertifikatTemplate = sertifikat.data[0]!;
});

const APPROVED = [
  { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null },
  { role_reviewer: 'HR', status: 'Disetujui', catatan: null },
  { role_reviewer: 'BusHead', status: 'Disetujui', catatan: 'Selesai dengan baik' },
] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** 12 finished participants the device does not mirror, newest first ('Arsip Siswa 01' … '12'). */
function archivePeserta(): Peserta[] {
  return Array.from({ length: 12 }, (_, i) => ({
    ...pesertaTemplate,
    id: 900_001 + i,
    nama: `Arsip Siswa ${two(i + 1)}`,
    tanggal_masuk: `2023-${two(12 - i)}-01`,
    tanggal_selesai: `2023-${two(12 - i)}-20`,
    reviews: [...APPROVED],
    status: { is_complete: true },
  }));
}

/** 7 certificate rows of finished participants, by name ('Arsip Sertifikat 01' … '07'). */
function archiveSertifikat(): SertifikatRow[] {
  return Array.from({ length: 7 }, (_, i) => ({ ...sertifikatTemplate, id: 910_001 + i, nama: `Arsip Sertifikat ${two(i + 1)}` }));
}

/** What the fake archive was asked: each request's query. */
interface FakeArchive {
  queries: URLSearchParams[];
  /** Milliseconds to hold the answer of a query (default none). */
  delay: (query: URLSearchParams) => number;
}

/** Answers `path` like the server: `q` in the name (any case), `page` / `limit`, `{data, total, page, limit}`. */
async function fakeArchive<T extends { nama: string }>(page: Page, path: string, rows: readonly T[]): Promise<FakeArchive> {
  const fake: FakeArchive = { queries: [], delay: () => 0 };
  await page.route(`**${path}?**`, async (route: Route, request: Request) => {
    const query = new URL(request.url()).searchParams;
    fake.queries.push(query);
    const wait = fake.delay(query);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const q = (query.get('q') ?? '').toLowerCase();
    const matching = rows.filter((row) => row.nama.toLowerCase().includes(q));
    const pageNo = Number(query.get('page') ?? '1');
    const limit = Number(query.get('limit') ?? '5');
    const data = matching.slice((pageNo - 1) * limit, pageNo * limit);
    await route
      .fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data, total: matching.length, page: pageNo, limit }) })
      .catch(() => undefined); // an aborted request has no one to answer
  });
  return fake;
}

async function openAs(viewport: typeof DESKTOP, path: string, username = 'hr'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await login(page, server.url, username);
  await page.goto(`${server.url}${path}`);
  return { context, page };
}

const arsipSwitch = (page: Page) => page.getByRole('switch', { name: ARSIP_MSG.label });

/** The names the list shows (table rows at 1280 px, cards at 390 px), in order. */
async function shownNames(page: Page): Promise<string[]> {
  await waitForLoaded(page);
  // The approval list's name cell has the division below the name.
  const cells = page.locator('.name-cell-main, .data-table tbody td.col-nama:not(:has(.name-cell-main)), .data-card-title:not(:has(.name-cell-main))');
  return (await cells.allTextContents()).map((text) => text.trim());
}

describe('Arsip on Daftar Peserta Siswa (HR, 1280 px)', () => {
  it('should page and search the server, keep the switch over a reload, say it needs a connection, and show the mirror when off', async () => {
    const { context, page } = await openAs(DESKTOP, '/peserta/siswa');
    const fake = await fakeArchive(page, '/api/peserta/arsip', archivePeserta());
    try {
      await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
      const mirrorNames = await shownNames(page);
      await expect(arsipSwitch(page).getAttribute('aria-checked')).resolves.toBe('false');
      await expect(arsipSwitch(page).getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent())).resolves.toBe(ARSIP_MSG.explain);
      const size = await arsipSwitch(page).boundingBox();
      expect(size?.height).toBeGreaterThanOrEqual(44);

      // On by keyboard: the server's first page, in the same table with the same columns and pager.
      await arsipSwitch(page).focus();
      await page.keyboard.press('Space');
      await expect(arsipSwitch(page).getAttribute('aria-checked')).resolves.toBe('true');
      await expect.poll(() => new URL(page.url()).searchParams.get('arsip')).toBe('1');
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Siswa 01', 'Arsip Siswa 02', 'Arsip Siswa 03', 'Arsip Siswa 04', 'Arsip Siswa 05']);
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['No', 'Nama', 'Sekolah', 'Divisi', 'Mentor', 'Action']);
      await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 12 entries');
      const first = fake.queries[0]!;
      expect(Object.fromEntries(first)).toEqual({ daftar: 'peserta', jenjang: 'SMK', page: '1', limit: '5' });
      // Read-only: Detail, no Edit or Hapus.
      const row = page.getByRole('row').filter({ hasText: 'Arsip Siswa 01' });
      await expect(row.getByRole('button').count()).resolves.toBe(1);
      await expect(row.getByRole('button', { name: 'Detail', exact: true }).count()).resolves.toBe(1);

      // Page 2: numbered on from 6.
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Siswa 06', 'Arsip Siswa 07', 'Arsip Siswa 08', 'Arsip Siswa 09', 'Arsip Siswa 10']);
      await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 10 of 12 entries');
      await expect(page.locator('.data-table tbody tr').first().locator('td').first().textContent()).resolves.toBe('6');
      expect(fake.queries.at(-1)?.get('page')).toBe('2');

      // A search is sent to the server (debounced: one request for the whole text) and goes back to page 1.
      const before = fake.queries.length;
      await page.getByPlaceholder('Cari Nama atau Sekolah').pressSequentially('siswa 1', { delay: 30 });
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Siswa 10', 'Arsip Siswa 11', 'Arsip Siswa 12']);
      expect(fake.queries.slice(before).map((q) => `${q.get('q')}|${q.get('page')}`)).toEqual(['siswa 1|1']);
      await expect(page.getByRole('navigation', { name: 'Navigasi halaman' }).count()).resolves.toBe(0);

      // The detail opens from the archive row itself (the mirror does not hold it).
      await page.getByRole('row').filter({ hasText: 'Arsip Siswa 11' }).getByRole('button', { name: 'Detail', exact: true }).click();
      const detail = page.getByRole('dialog', { name: 'Detail Peserta Siswa' });
      await detail.getByText('Arsip Siswa 11', { exact: true }).waitFor();
      await detail.getByRole('button', { name: 'Tutup' }).first().click();
      await detail.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Bersihkan pencarian' }).click();

      // A reload keeps the switch on (the URL holds it).
      await page.reload();
      await expect.poll(() => arsipSwitch(page).getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 12 entries');

      // Offline: the text, no rows; back online: the rows again.
      await context.setOffline(true);
      try {
        await page.getByText(ARSIP_MSG.offline, { exact: true }).waitFor();
        await expect(page.getByRole('row').filter({ hasText: 'Arsip Siswa' }).count()).resolves.toBe(0);
      } finally {
        await context.setOffline(false);
      }
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Siswa 01', 'Arsip Siswa 02', 'Arsip Siswa 03', 'Arsip Siswa 04', 'Arsip Siswa 05']);

      expect(await violationsAtWidths(page, 'Arsip peserta', () => waitForLoaded(page))).toEqual([]);
      await page.setViewportSize(DESKTOP);

      // Off: the mirror's list again, and the URL forgets the switch.
      await arsipSwitch(page).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('arsip')).toBeNull();
      await expect.poll(() => pagerInfo(page).textContent()).toBe('Showing 1 to 5 of 10 entries');
      await expect(shownNames(page)).resolves.toEqual(mirrorNames);
    } finally {
      await context.close();
    }
  });

  it('should show the failure with a retry when the server answers an error', async () => {
    const { context, page } = await openAs(DESKTOP, '/peserta/siswa?arsip=1');
    let fail = true;
    await page.route('**/api/peserta/arsip?**', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'rusak' }) })
        : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [], total: 0, page: 1, limit: 5 }) }),
    );
    try {
      await page.reload(); // the route is in place before the first archive request
      const alert = page.getByRole('alert').filter({ hasText: 'Gagal memuat data' });
      await alert.waitFor();
      fail = false;
      await alert.getByRole('button', { name: 'Coba lagi' }).click();
      await page.getByText('Tidak ada data', { exact: true }).waitFor();
      await expect(alert.count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('Arsip on Approval (HR, 390 px)', () => {
  it('should list the server’s approval rows as cards, page them, ignore a late answer, and open Detail Approval read-only', async () => {
    const { context, page } = await openAs(PHONE, '/approval?arsip=1');
    const fake = await fakeArchive(page, '/api/peserta/arsip', archivePeserta());
    try {
      await page.reload(); // the route is in place before the first archive request
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Siswa 01', 'Arsip Siswa 02', 'Arsip Siswa 03', 'Arsip Siswa 04', 'Arsip Siswa 05']);
      expect(Object.fromEntries(fake.queries[0]!)).toEqual({ daftar: 'approval', page: '1', limit: '5' });
      await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 1 to 5 of 12 entries');
      // No to-do filter, sort or refresh in the archive.
      await expect(page.getByRole('button', { name: /Perlu tindakan saya/ }).count()).resolves.toBe(0);
      await expect(page.getByRole('combobox', { name: 'Urutkan' }).count()).resolves.toBe(0);

      // Page 2 answers late; page 1 asked after it wins.
      fake.delay = (query) => (query.get('page') === '2' ? 1500 : 0);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: '1', exact: true }).click();
      await page.waitForTimeout(2000);
      await expect(shownNames(page)).resolves.toEqual(['Arsip Siswa 01', 'Arsip Siswa 02', 'Arsip Siswa 03', 'Arsip Siswa 04', 'Arsip Siswa 05']);
      fake.delay = () => 0;
      await page.getByRole('button', { name: '3', exact: true }).click();
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Siswa 11', 'Arsip Siswa 12']);

      const card = page.locator('.data-card').filter({ hasText: 'Arsip Siswa 12' });
      await expect(card.getByText('Disetujui').count()).resolves.toBeGreaterThan(0);
      await card.getByRole('button', { name: 'Detail Approval' }).click();
      const detail = page.getByRole('dialog', { name: 'Detail Approval' });
      await detail.getByText(ARSIP_MSG.readOnly, { exact: true }).waitFor();
      for (const action of ['Setujui', 'Tolak', 'Batal']) await expect(detail.getByRole('button', { name: action, exact: true }).count()).resolves.toBe(0);
      await waitForLoaded(page, detail);
      expect(await violationsAtWidths(page, 'Detail Approval arsip')).toEqual([]);
      await page.setViewportSize(PHONE);
      await detail.getByRole('button', { name: 'Tutup' }).last().click();
      await detail.waitFor({ state: 'detached' });
      expect(await violationsAtWidths(page, 'Arsip approval', () => waitForLoaded(page))).toEqual([]);
      await page.setViewportSize(PHONE);

      // Off: the device's list with its to-do filter again.
      await arsipSwitch(page).click();
      await page.getByRole('button', { name: /Perlu tindakan saya/ }).waitFor();
      await expect.poll(async () => (await shownNames(page)).some((name) => name.startsWith('Arsip Siswa'))).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('Arsip on Sertifikat Siswa (HR, 1280 px)', () => {
  it('should list the server’s completed participants by page and preview one', async () => {
    const { context, page } = await openAs(DESKTOP, '/certificates/siswa');
    const fake = await fakeArchive(page, '/api/sertifikat/arsip', archiveSertifikat());
    try {
      await page.getByRole('heading', { level: 1, name: 'Sertifikat Siswa' }).waitFor();
      await waitForLoaded(page);
      await arsipSwitch(page).click();
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Sertifikat 01', 'Arsip Sertifikat 02', 'Arsip Sertifikat 03', 'Arsip Sertifikat 04', 'Arsip Sertifikat 05']);
      expect(Object.fromEntries(fake.queries[0]!)).toEqual({ jenjang: 'SMK', page: '1', limit: '5' });
      await expect(page.getByRole('button', { name: 'Cetak Semua' }).isDisabled()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(() => shownNames(page)).toEqual(['Arsip Sertifikat 06', 'Arsip Sertifikat 07']);
      await expect(pagerInfo(page).textContent()).resolves.toBe('Showing 6 to 7 of 7 entries');

      const row = page.getByRole('row').filter({ hasText: 'Arsip Sertifikat 07' });
      await expect(row.getByRole('button', { name: 'Terbitkan ulang' }).count()).resolves.toBe(0);
      await row.getByRole('button', { name: 'Preview Sertifikat' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview Sertifikat' });
      await preview.getByRole('img').waitFor();
      await preview.getByRole('button', { name: 'Tutup' }).last().click();
      await preview.waitFor({ state: 'detached' });

      expect(await violationsAtWidths(page, 'Arsip sertifikat', () => waitForLoaded(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
