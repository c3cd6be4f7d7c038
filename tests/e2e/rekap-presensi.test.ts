// Rekap Presensi (HR): the demo mentor marks two weeks of July 2026 through the API; HR's screen
// shows, page by page, the very counts GET /api/presensi/rekap computes, with the totals row;
// the level, division and name filters narrow it; an invalid period asks nothing; 'Unduh Excel'
// saves the workbook under its name and it opens; offline the screen says so and keeps what it
// showed; the coverage ('Tercatat / Hari Kerja') beside '% Hadir', flagged when low, and a note
// when the total's coverage is low; at 390 px the filters fold behind 'Filter' and each card is at
// most three lines; axe finds no serious violation at 390 and 1280 px.
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateId } from '../../src/domain/dates';
import { PRESENSI_MSG, type PresensiStatus, type RekapRow, rekapFileName, rekapTotals } from '../../src/domain/presensi';
import { cakupanPersen, cakupanRendah, formatPersen } from '../../src/domain/kehadiran';
import { REKAP_MSG, formatCakupan, formatPersenHadir, rekapCardLines, rekapCardSummary } from '../../src/domain/rekap-presensi';
import { violationsAtWidths, waitForLoaded } from './helpers/a11y';
import { PHONE, login, newContext } from './helpers/browser';
import { downloadOf } from './helpers/certificates';
import { apiToken, apiPut, pagerInfo } from './helpers/master-data';
import { apiGet } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const FROM = '2026-07-06';
const TO = '2026-07-31';
/** Working days (Monday to Saturday) inside every marked participant's internship. */
const DAYS = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-13', '2026-07-14', '2026-07-15'];
/** Demo participants the mentor may still mark (no Pembimbing decision), in their internship all of DAYS. */
const MARKED = ['Anisa Fitriani', 'Yoga Aditya', 'Galih Prasetyo', 'Intan Permata Sari', 'Kevin Hidayat', 'Larasati Wulandari', 'Reza Firmansyah'];
const STATUSES: readonly PresensiStatus[] = ['Hadir', 'Hadir', 'Izin', 'Hadir', 'Sakit', 'Alpa', 'Hadir'];

let server: RunningServer;
let browser: Browser;

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  const before = await rekapOf('');
  const ids = MARKED.map((nama) => {
    const row = before.find((r) => r.nama === nama);
    if (!row) throw new Error(`${nama} is not in the recap of ${FROM}..${TO}`);
    return row.peserta_id;
  });
  // Each participant gets its own mix of statuses; one day is left unmarked for some.
  const presensi = ids.flatMap((pesertaId, p) =>
    DAYS.slice(0, DAYS.length - (p % 3)).map((tanggal, d) => {
      const status = STATUSES[(p + d) % STATUSES.length]!;
      return { peserta_id: pesertaId, tanggal, status, catatan: status === 'Izin' ? 'Keperluan keluarga' : null };
    }),
  );
  await apiPut(server.url, await apiToken(server.url, 'mentor'), '/api/presensi', { presensi });
});

async function rekapOf(query: string): Promise<RekapRow[]> {
  const answer = await apiGet<{ data: RekapRow[] }>(server.url, 'hr', `/api/presensi/rekap?from=${FROM}&to=${TO}${query}`);
  return answer.data;
}

/**
 * Opens the screen logged in as HR: from the sidebar's Management group at 1280 px, by its
 * address on a phone (the sidebar is a drawer there).
 */
async function openRekap(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await login(page, server.url, 'hr');
  if (viewport === PHONE) await page.goto(`${server.url}/rekap-presensi`);
  else {
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    await nav.getByRole('button', { name: 'Management', exact: true }).click();
    await nav.getByRole('link', { name: 'Rekap Presensi' }).click();
  }
  await page.getByRole('heading', { level: 1, name: REKAP_MSG.title }).waitFor();
  await waitForLoaded(page);
  return page;
}

const filters = (page: Page) => page.getByRole('form', { name: 'Filter rekap presensi' });

/** Sets the filter form (opening it first where it is folded, on a phone) and presses 'Tampilkan'; waits for the answer's period line. */
async function show(page: Page, choice: { from?: string; to?: string; jenjang?: string; divisi?: string } = {}): Promise<void> {
  const toggle = page.getByRole('button', { name: REKAP_MSG.filter, exact: true });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const form = filters(page);
  await form.getByLabel(REKAP_MSG.dari).fill(choice.from ?? FROM);
  await form.getByLabel(REKAP_MSG.sampai).fill(choice.to ?? TO);
  await form.getByLabel(REKAP_MSG.jenjang).selectOption({ label: choice.jenjang ?? 'Semua' });
  await form.getByLabel(REKAP_MSG.divisi).selectOption({ label: choice.divisi ?? REKAP_MSG.semuaDivisi });
  const answered = page.waitForResponse((response) => response.url().includes('/api/presensi/rekap?'));
  await form.getByRole('button', { name: REKAP_MSG.tampilkan }).click();
  await answered;
  await page.getByText(REKAP_MSG.shown(formatDateId(choice.from ?? FROM), formatDateId(choice.to ?? TO))).waitFor();
  await waitForLoaded(page);
}

/** The cell texts of every row the table shows on the current page. */
function pageRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

/** The 'Tercatat / Hari Kerja' cell: the coverage, with its flag when low. */
function cakupanCell(counts: { tercatat: number; hari_kerja: number }): string {
  return `${formatCakupan(counts.tercatat, counts.hari_kerja)}${cakupanRendah(counts.tercatat, counts.hari_kerja) ? REKAP_MSG.cakupanRendah : ''}`;
}

/** What the screen must show of a recap row: its cells in the table's order. */
function expectedCells(row: RekapRow): string[] {
  return [row.nama, row.jenjang, row.divisi, ...[row.hadir, row.izin, row.sakit, row.alpa].map(String), cakupanCell(row), formatPersenHadir(row.persen_hadir)];
}

/** Every row of the table across its pages (Next until the last page), checking each page holds at most 5. */
async function allRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: REKAP_MSG.tableLabel });
  const seen: string[][] = [];
  const next = page.getByRole('navigation', { name: 'Navigasi halaman' }).getByRole('button', { name: 'Next' });
  for (;;) {
    const rows = await pageRows(table);
    expect(rows.length).toBeLessThanOrEqual(5);
    seen.push(...rows);
    if ((await next.count()) === 0 || (await next.isDisabled())) return seen;
    const first = rows[0]![0]!;
    await next.click();
    await table.locator('tbody tr').first().filter({ hasNotText: first }).waitFor();
  }
}

/** The text of each element as seen (the words only screen readers get left out). */
function visibleLines(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '').trim();
    }),
  );
}

/**
 * How many lines of text each element shows: its visible text boxes (not the words only screen
 * readers get) grouped by the line they sit on. Self-contained: it runs in the page.
 */
function lineCounts(elements: Element[]): number[] {
  return elements.map((element) => {
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0));
    }
    boxes.sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      // A box that starts below the middle of the current line opens the next one.
      if (box.top >= bottom - box.height / 2) {
        count += 1;
        bottom = box.bottom;
      } else bottom = Math.max(bottom, box.bottom);
    }
    return count;
  });
}

/** Serious axe violations found by the tests below, checked by the last one. */
const found: string[] = [];

describe('Rekap Presensi', () => {
  it("should show the server's counts page by page with the totals, narrowed by every filter", async () => {
    const page = await openRekap();
    await show(page);
    const all = await rekapOf('');
    expect(all.length).toBeGreaterThan(5);
    expect(all.filter((row) => MARKED.includes(row.nama)).every((row) => row.tercatat > 0)).toBe(true);
    await expect(pagerInfo(page).textContent()).resolves.toBe(`Showing 1 to 5 of ${all.length} entries`);
    expect(await allRows(page)).toEqual(all.map(expectedCells));

    const totals = rekapTotals(all);
    const foot = await page.locator('tfoot td').allTextContents();
    expect(foot.map((text) => text.trim())).toEqual([
      REKAP_MSG.total, '', '',
      ...[totals.hadir, totals.izin, totals.sakit, totals.alpa].map(String),
      cakupanCell(totals),
      formatPersenHadir(totals.persen_hadir),
    ]);
    // Eight of the period's working days are marked at most: every coverage is low (each row's
    // and the total's cell above carry 'Cakupan rendah'), and a note above the table says so.
    expect(all.filter((row) => MARKED.includes(row.nama)).every((row) => cakupanRendah(row.tercatat, row.hari_kerja))).toBe(true);
    expect(cakupanRendah(totals.tercatat, totals.hari_kerja)).toBe(true);
    await page
      .getByText(REKAP_MSG.cakupanRendahNote(totals.tercatat, totals.hari_kerja, formatPersen(cakupanPersen(totals.tercatat, totals.hari_kerja))), { exact: true })
      .waitFor();

    await show(page, { jenjang: 'Siswa' });
    const siswa = await rekapOf('&jenjang=SMK');
    expect(siswa.length).toBeLessThan(all.length);
    expect(await allRows(page)).toEqual(siswa.map(expectedCells));

    const divisi = await apiGet<{ data: { id: number; nama: string }[] }>(server.url, 'hr', '/api/divisi');
    const ti = divisi.data.find((row) => row.nama === 'Teknologi Informasi')!;
    await show(page, { divisi: ti.nama });
    const inTi = await rekapOf(`&divisi_id=${ti.id}`);
    expect(inTi.length).toBeLessThan(all.length);
    expect(await allRows(page)).toEqual(inTi.map(expectedCells));

    await show(page);
    await page.getByRole('searchbox', { name: REKAP_MSG.search }).fill('laras');
    const table = page.getByRole('table', { name: REKAP_MSG.tableLabel });
    await table.locator('tbody tr').filter({ hasNotText: 'Larasati' }).first().waitFor({ state: 'detached' });
    expect(await pageRows(table)).toEqual(all.filter((row) => row.nama === 'Larasati Wulandari').map(expectedCells));
    await page.getByRole('searchbox', { name: REKAP_MSG.search }).fill('tidak ada nama ini');
    await page.getByText(REKAP_MSG.noMatch).waitFor();

    // A period no internship meets: the empty text, no totals row.
    await page.getByRole('searchbox', { name: REKAP_MSG.search }).fill('');
    await show(page, { from: '2020-01-06', to: '2020-01-31' });
    await table.getByText(REKAP_MSG.empty).waitFor();
    await expect(page.locator('tfoot').count()).resolves.toBe(0);
    await page.context().close();
  });

  it("should refuse a period that ends before it starts with the schema's text, and ask nothing", async () => {
    const page = await openRekap();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/presensi/rekap')) asked.push(request.url());
    });
    const form = filters(page);
    await form.getByLabel(REKAP_MSG.dari).fill('2026-07-31');
    await form.getByLabel(REKAP_MSG.sampai).fill('2026-07-06');
    await form.getByRole('button', { name: REKAP_MSG.tampilkan }).click();
    await form.getByText(PRESENSI_MSG.rekapPeriod).waitFor();
    await expect(form.getByLabel(REKAP_MSG.sampai).getAttribute('aria-invalid')).resolves.toBe('true');
    await form.getByLabel(REKAP_MSG.dari).fill('2024-01-01');
    await form.getByLabel(REKAP_MSG.sampai).fill('2026-07-06');
    await form.getByRole('button', { name: REKAP_MSG.tampilkan }).click();
    await form.getByText(PRESENSI_MSG.rekapTooLong).waitFor();
    expect(asked).toEqual([]);
    await page.context().close();
  });

  it("should save 'Unduh Excel' under the recap's file name, a workbook that opens with the same rows", async () => {
    const page = await openRekap();
    await show(page, { jenjang: 'Mahasiswa' });
    const file = await downloadOf(page, () => page.getByRole('button', { name: REKAP_MSG.unduh }).click());
    expect(file.name).toBe(rekapFileName(FROM, TO));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Mahasiswa']);
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => names.push(String(row.getCell(2).value ?? '')));
    const mahasiswa = await rekapOf('&jenjang=Mahasiswa');
    for (const row of mahasiswa) expect(names).toContain(row.nama);
    await page.context().close();
  });

  it('should say offline that the recap needs a connection, keep the rows shown, refuse the download with a toast, and load again online', async () => {
    const page = await openRekap();
    await show(page);
    const table = page.getByRole('table', { name: REKAP_MSG.tableLabel });
    const shown = await pageRows(table);
    await page.context().setOffline(true);
    await page.getByText(REKAP_MSG.offline).waitFor();
    await page.getByText(REKAP_MSG.offlineKept).waitFor();
    await filters(page).getByRole('button', { name: REKAP_MSG.tampilkan }).click();
    await page.getByRole('button', { name: REKAP_MSG.unduh }).click();
    await page.getByRole('status').filter({ hasText: REKAP_MSG.unduhOffline }).waitFor();
    expect(await pageRows(table)).toEqual(shown);
    found.push(...(await violationsAtWidths(page, 'rekap presensi offline', () => waitForLoaded(page))));

    const answered = page.waitForResponse((response) => response.url().includes('/api/presensi/rekap?'));
    await page.context().setOffline(false);
    await answered;
    await page.getByText(REKAP_MSG.offline).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('should fold the filters and show one card of at most three lines per participant, and the totals card, at 390 px', async () => {
    const page = await openRekap(PHONE);
    // The filters start folded behind 'Filter', and fold again once 'Tampilkan' asked.
    const toggle = page.getByRole('button', { name: REKAP_MSG.filter, exact: true });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(filters(page).isVisible()).resolves.toBe(false);
    await show(page);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(filters(page).isVisible()).resolves.toBe(false);

    const cards = page.getByRole('list', { name: REKAP_MSG.tableLabel });
    await cards.waitFor();
    await expect(page.locator('table').count()).resolves.toBe(0);
    const all = await rekapOf('');
    // Five participants, then the totals card.
    await expect(cards.locator('li.data-card').count()).resolves.toBe(6);
    const first = cards.locator('li.data-card').first();
    await expect(first.locator('.rekap-card-nama').textContent()).resolves.toBe(all[0]!.nama);
    await expect(first.locator('.data-card-status').textContent()).resolves.toBe(`% Hadir: ${formatPersenHadir(all[0]!.persen_hadir)}`);
    await expect(visibleLines(first.locator('.rekap-card-line'))).resolves.toEqual(rekapCardLines(rekapCardSummary(all[0]!)));
    const total = cards.locator('li.data-card-footer');
    await expect(total.locator('.rekap-card-nama').textContent()).resolves.toBe(REKAP_MSG.total);
    await expect(visibleLines(total.locator('.rekap-card-line'))).resolves.toEqual([rekapCardLines(rekapCardSummary({ ...rekapTotals(all), divisi: '', jenjang: 'SMK' }))[1]]);

    // Every card, the totals' too, is at most three lines of text, and none is wider than the screen.
    const lines = await cards.locator('li.data-card').evaluateAll(lineCounts);
    expect(lines.every((count) => count >= 2 && count <= 3), `lines per card: ${lines.join(', ')}`).toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).resolves.toBe(true);
    found.push(...(await violationsAtWidths(page, 'rekap presensi', () => waitForLoaded(page))));
    await page.context().close();
  });

  it('should have no serious axe violation at 390 and 1280 px, online and offline', () => {
    expect(found, found.join('\n')).toEqual([]);
  });
});
