// The mentor's Presensi screen at 390 px: a tap online reaches the server at once (the row says
// 'Terkirim', a short notice, no dialog); a week's cell is marked through its picker, which keeps
// each tap at once; offline, 'Tandai semua Hadir' and an Izin — waiting on its row for its note
// (one inline error, no dialog) — are kept as ONE change that survives a reload and is sent once
// (one PUT, one idempotency record) when the device is back online; a tap queued while the
// Pembimbing decided is refused on its row with the lock's text. The mentor's dashboard says 'Presensi hari ini: n dari m ditandai' with the
// server's numbers, on this device and on a fresh one at 1280 px, and its line opens the
// screen. Axe finds nothing serious on the day, the week and the picker. The server runs
// with every weekday a working day (HARI_KERJA=1-7), which the device learns from the profile, so
// the test does not depend on the weekday it runs on. Its participants' internships cover today.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateId, formatHariTanggal, jakartaDate } from '../../src/domain/dates';
import { PRESENSI_MSG, addDays } from '../../src/domain/presensi';
import { PRESENSI_SCREEN_MSG } from '../../src/domain/presensi-screen';
import { kompetensiFor } from '../../src/domain/nilai-view';
import { expectAccessible, waitForScreen } from './helpers/a11y';
import { PHONE, launchBrowser, login, newContext } from './helpers/browser';
import { dialog } from './helpers/master-data';
import { apiGet, apiSend, waitForServiceWorker } from './helpers/nilai';
import { idempotencyRecords, readOutbox, readStore } from './helpers/outbox';
import { type RunningServer, startServer } from './helpers/server';
import { addMentorPeserta } from './helpers/presensi';

const TODAY = jakartaDate(new Date());
const NAMES = ['Presensi Satu', 'Presensi Dua', 'Presensi Tiga'] as const;
type Name = (typeof NAMES)[number];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let mentorId: number;
const ids = new Map<Name, number>();
/** Every PUT /api/presensi the browser sends (page and service worker). */
const puts: string[] = [];

/** Adds the three participants of the demo mentor (internship: two weeks ago to a month ahead), all scores for the third. */
async function seed(): Promise<void> {
  const added = await addMentorPeserta(server.url, NAMES, { from: addDays(TODAY, -14), to: addDays(TODAY, 30) }, 'PRS');
  mentorId = added.mentorId;
  for (const [nama, id] of added.ids) ids.set(nama as Name, id);
  // The third gets every score, so the Pembimbing can decide on it (which locks its attendance).
  const kompetensi = await apiGet<{ data: Parameters<typeof kompetensiFor>[0] }>(server.url, 'hr', '/api/kompetensi');
  const scores = kompetensiFor(kompetensi.data, added.divisiId, 'SMK').map((k) => ({ peserta_id: ids.get('Presensi Tiga')!, kompetensi_id: k.id, skor: 85 }));
  const saved = await apiSend(server.url, 'mentor', '/api/nilai/bulk', { nilai_data: scores });
  expect(saved.status).toBe(200);
}

/** The server's marks of a participant. */
async function serverMarks(nama: Name): Promise<{ tanggal: string; status: string; catatan: string | null }[]> {
  const answer = await apiGet<{ data: { tanggal: string; status: string; catatan: string | null }[] }>(server.url, 'mentor', `/api/presensi/peserta/${ids.get(nama)}`);
  return answer.data.map(({ tanggal, status, catatan }) => ({ tanggal, status, catatan }));
}

/**
 * The dashboard's numbers as the server has them: the mentor's participants whose internship
 * covers today (m), and of them those with a mark today (n).
 */
async function todayOnServer(): Promise<{ marked: number; active: number }> {
  const { data: peserta } = await apiGet<{ data: { id: number; tanggal_masuk: string; tanggal_selesai: string }[] }>(server.url, 'mentor', '/api/nilai/mentor/peserta');
  const { data: marks } = await apiGet<{ data: { peserta_id: number; tanggal: string }[] }>(server.url, 'mentor', '/api/presensi');
  const markedToday = new Set(marks.filter((mark) => mark.tanggal === TODAY).map((mark) => mark.peserta_id));
  const active = peserta.filter((p) => p.tanggal_masuk <= TODAY && TODAY <= p.tanggal_selesai);
  return { marked: active.filter((p) => markedToday.has(p.id)).length, active: active.length };
}

/** The name search of the screen. */
const search = (): Locator => page.getByRole('searchbox', { name: PRESENSI_SCREEN_MSG.search });

/** The day view's row of a participant. */
const rowOf = (nama: Name): Locator => page.locator('.presensi-row').filter({ hasText: nama });
const button = (nama: Name, status: string): Locator => rowOf(nama).getByRole('button', { name: status, exact: true });

/** The short notice at the foot of the screen. */
const notice = (text: string): Locator => page.getByRole('status').filter({ hasText: text });

async function expectPressed(nama: Name, status: string): Promise<void> {
  await expect.poll(() => button(nama, status).getAttribute('aria-pressed')).toBe('true');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HARI_KERJA: '1-7' } }), launchBrowser()]);
  await seed();
  context = await newContext(browser, PHONE);
  context.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/presensi') puts.push(request.url());
  });
  page = await context.newPage();
  await login(page, server.url, 'mentor');
  await waitForServiceWorker(page);
  // At 390 px the menu is a drawer.
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Presensi', exact: true }).click();
  await waitForScreen(page, 'Presensi Peserta Magang');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Presensi screen (390 px)', () => {
  it("should open on today, list the mentor's active participants and save a mark online", async () => {
    await page.getByText(formatHariTanggal(TODAY), { exact: true }).waitFor();
    // The device learned the server's working days from the profile.
    const hariKerja = async () => (await readStore<{ key: string; value: unknown }>(page, 'meta')).find((row) => row.key === 'hari-kerja')?.value;
    await expect.poll(hariKerja).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await page.getByLabel('Tanggal', { exact: true }).inputValue()).toBe(TODAY);
    // Nothing after today: the next day's button is off.
    expect(await page.getByRole('button', { name: 'Hari berikutnya' }).isDisabled()).toBe(true);
    for (const nama of NAMES) await rowOf(nama).getByText(PRESENSI_SCREEN_MSG.notMarked).waitFor();

    // The buttons are large enough to tap.
    const box = await button('Presensi Satu', 'Hadir').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await search().fill('Satu');
    await rowOf('Presensi Dua').waitFor({ state: 'hidden' });
    // A tap keeps the mark: sent at once, the row says so, a short notice and no dialog.
    await button('Presensi Satu', 'Hadir').click();
    await expectPressed('Presensi Satu', 'Hadir');
    await rowOf('Presensi Satu').getByText(PRESENSI_SCREEN_MSG.sent, { exact: true }).waitFor();
    await notice(PRESENSI_SCREEN_MSG.sentNotice('Presensi Satu', 'Hadir')).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Simpan', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'presensi day @390');
    expect(await serverMarks('Presensi Satu')).toEqual([{ tanggal: TODAY, status: 'Hadir', catatan: null }]);
    await search().fill('');
    await rowOf('Presensi Dua').waitFor();
  });

  it("should count today's mark on the dashboard, here and on a fresh device, and open the screen from that line", async () => {
    // Only 'Presensi Satu' is marked today (the test above); the demo participants active today are not.
    const today = await todayOnServer();
    expect(today.marked).toBe(1);
    expect(today.active).toBeGreaterThanOrEqual(NAMES.length);
    const line = PRESENSI_SCREEN_MSG.todayLine(1, today.active);

    // This device (390 px): the mark it saved counts at once.
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('link', { name: line, exact: true }).click();
    await page.waitForURL(`${server.url}/presensi`);
    await waitForScreen(page, PRESENSI_SCREEN_MSG.title);
    await expectPressed('Presensi Satu', 'Hadir');

    // A fresh device (1280 px) pulls the mark and shows the same line, right after the login.
    const desk = await newContext(browser);
    try {
      const other = await desk.newPage();
      await login(other, server.url, 'mentor');
      await other.getByRole('link', { name: line, exact: true }).click();
      await other.waitForURL(`${server.url}/presensi`);
      await waitForScreen(other, PRESENSI_SCREEN_MSG.title);
      const hadir = other.locator('.presensi-row').filter({ hasText: 'Presensi Satu' }).getByRole('button', { name: 'Hadir', exact: true });
      await expect.poll(() => hadir.getAttribute('aria-pressed')).toBe('true');
    } finally {
      await desk.close();
    }
  });

  it('should mark a cell of the week through its picker, which keeps each tap at once, scroll the days sideways and keep the names in view', async () => {
    await page.getByRole('tab', { name: 'Mingguan' }).click();
    const box = page.getByRole('region', { name: 'Presensi satu minggu' });
    await box.waitFor();
    const cell = page.getByRole('button', { name: `Presensi Satu, ${formatDateId(TODAY)}: Hadir` });
    await expect.poll(() => cell.textContent()).toBe('H');
    // 390 px: the table scrolls inside its box, the names column stays, and a cue says more days lie to the side.
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByText(PRESENSI_SCREEN_MSG.scrollHint).waitFor();
    const name = box.getByRole('rowheader', { name: 'Presensi Satu' });
    const before = (await name.boundingBox())!.x;
    await box.evaluate((el) => el.scrollBy({ left: 200 }));
    await expect.poll(async () => (await name.boundingBox())!.x).toBe(before);
    await expectAccessible(page, 'presensi week @390');

    await cell.click();
    const picker = dialog(page, `Presensi Satu — ${formatDateId(TODAY)}`);
    // Nothing in the picker pretends to store: a tap does.
    expect(await picker.getByRole('button', { name: 'Selesai', exact: true }).count()).toBe(0);
    await picker.getByRole('button', { name: 'Sakit', exact: true }).click();
    await picker.getByText(PRESENSI_SCREEN_MSG.sent, { exact: true }).waitFor();
    await expect.poll(() => serverMarks('Presensi Satu')).toEqual([{ tanggal: TODAY, status: 'Sakit', catatan: null }]);
    await picker.getByLabel('Catatan (opsional)').fill('Demam');
    await picker.getByLabel('Catatan (opsional)').press('Enter');
    await expectAccessible(page, 'presensi week picker @390');
    await expect.poll(() => serverMarks('Presensi Satu')).toEqual([{ tanggal: TODAY, status: 'Sakit', catatan: 'Demam' }]);
    await picker.getByRole('button', { name: 'Tutup', exact: true }).first().click();
    await expect.poll(() => page.getByRole('button', { name: `Presensi Satu, ${formatDateId(TODAY)}: Sakit` }).textContent()).toBe('S');
    await page.getByRole('tab', { name: 'Harian' }).click();
    await expectPressed('Presensi Satu', 'Sakit');
  });

  it('should keep "Tandai semua Hadir" and an Izin offline as one change that survives a reload and is sent once', async () => {
    const putsBefore = puts.length;
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Tandai semua Hadir' }).click();
    await expectPressed('Presensi Dua', 'Hadir');
    await expectPressed('Presensi Tiga', 'Hadir');
    // A marked row keeps its mark.
    await expectPressed('Presensi Satu', 'Sakit');
    await rowOf('Presensi Dua').getByText(PRESENSI_SCREEN_MSG.onDevice).waitFor();
    expect(await readOutbox(page)).toHaveLength(1);
    // Izin needs its note: it waits on the row with ONE inline error, no dialog, and is not queued yet.
    await button('Presensi Dua', 'Izin').click();
    await expectPressed('Presensi Dua', 'Izin');
    await rowOf('Presensi Dua').getByText(PRESENSI_MSG.catatanRequired).waitFor();
    await rowOf('Presensi Dua').getByText(PRESENSI_SCREEN_MSG.waitingNote).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByText(PRESENSI_MSG.catatanRequired).count()).toBe(1);
    const waiting = await readOutbox(page);
    expect(waiting).toHaveLength(1);
    expect(JSON.stringify(waiting[0]!.payload)).not.toContain('Izin');
    await rowOf('Presensi Dua').getByLabel('Catatan (wajib)').fill('Acara keluarga');
    await rowOf('Presensi Dua').getByLabel('Catatan (wajib)').press('Enter');
    await rowOf('Presensi Dua').getByText(PRESENSI_SCREEN_MSG.onDevice).waitFor();
    await rowOf('Presensi Tiga').getByText(PRESENSI_SCREEN_MSG.onDevice).waitFor();
    // The note folded into the day's waiting change: still ONE entry.
    const queued = await readOutbox(page);
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued[0]!.payload)).toContain('Acara keluarga');

    // Reloaded offline (the service worker serves the app): the marks and their queued state are there.
    await page.reload();
    await waitForScreen(page, 'Presensi Peserta Magang');
    await expectPressed('Presensi Dua', 'Izin');
    expect(await rowOf('Presensi Dua').getByLabel('Catatan (wajib)').inputValue()).toBe('Acara keluarga');
    await expectPressed('Presensi Tiga', 'Hadir');
    await rowOf('Presensi Dua').getByText(PRESENSI_SCREEN_MSG.onDevice).waitFor();
    expect(await readOutbox(page)).toHaveLength(1);
    expect(puts.length).toBe(putsBefore);

    await context.setOffline(false);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 30_000 }).toBe(0);
    await rowOf('Presensi Dua').getByText(PRESENSI_SCREEN_MSG.sent, { exact: true }).waitFor();
    expect(await serverMarks('Presensi Dua')).toEqual([{ tanggal: TODAY, status: 'Izin', catatan: 'Acara keluarga' }]);
    expect(await serverMarks('Presensi Tiga')).toEqual([{ tanggal: TODAY, status: 'Hadir', catatan: null }]);
    expect(await serverMarks('Presensi Satu')).toEqual([{ tanggal: TODAY, status: 'Sakit', catatan: 'Demam' }]);
    expect(puts.length - putsBefore).toBe(1);
  });

  it("should refuse a tap queued while the Pembimbing decided, with the lock's text on its row", async () => {
    await context.setOffline(true);
    const approved = await apiSend(server.url, 'pembimbing', `/api/review/approve/${ids.get('Presensi Tiga')}`);
    expect(approved.status).toBe(200);
    // The device does not know yet: the row is still open, and the tap is kept.
    await button('Presensi Tiga', 'Alpa').click();
    await rowOf('Presensi Tiga').getByText(PRESENSI_SCREEN_MSG.onDevice).waitFor();

    await context.setOffline(false);
    const refusal = rowOf('Presensi Tiga').locator('.refused-mark');
    await refusal.getByText(PRESENSI_MSG.locked).waitFor({ timeout: 30_000 });
    // The server's mark is back, and once the reviews are pulled the row is locked with the text visible.
    await expectPressed('Presensi Tiga', 'Hadir');
    await rowOf('Presensi Tiga').locator('.presensi-lock').getByText(PRESENSI_MSG.locked).waitFor({ timeout: 30_000 });
    expect(await button('Presensi Tiga', 'Alpa').isDisabled()).toBe(true);
    await expectAccessible(page, 'presensi refused and locked @390');
    // The week shows the lock under the name and a locked cell, and its picker the lock's text with the buttons off.
    await page.getByRole('tab', { name: 'Mingguan' }).click();
    await page.getByRole('rowheader', { name: /Presensi Tiga/ }).getByText(PRESENSI_SCREEN_MSG.lockedShort).waitFor();
    const lockedCell = page.getByRole('button', { name: `Presensi Tiga, ${formatDateId(TODAY)}: Hadir` });
    expect(await lockedCell.evaluate((el) => el.classList.contains('is-locked'))).toBe(true);
    await lockedCell.click();
    const picker = dialog(page, `Presensi Tiga — ${formatDateId(TODAY)}`);
    await picker.getByText(PRESENSI_MSG.locked).first().waitFor();
    expect(await picker.getByRole('button', { name: 'Sakit', exact: true }).isDisabled()).toBe(true);
    await picker.getByRole('button', { name: 'Tutup', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Harian' }).click();
    expect(await serverMarks('Presensi Tiga')).toEqual([{ tanggal: TODAY, status: 'Hadir', catatan: null }]);
  });

  it('should hold one idempotency record per sent change and none for the refused one', async () => {
    await server.stop();
    const records = (await idempotencyRecords(server.dataDir, mentorId)).filter((record) => record.path === '/api/presensi');
    // The day's tap, the picker's tap and its note, the offline day.
    expect(records.map((record) => record.status)).toEqual([200, 200, 200, 200]);
    expect(puts).toHaveLength(4);
  });
});
