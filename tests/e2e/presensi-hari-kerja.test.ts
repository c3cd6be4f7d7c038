// Days that are not working days, on a 390 px phone: the server's working days leave out today's
// weekday (HARI_KERJA), so '/presensi' opens on the latest working day (yesterday) with its
// weekday's name; today still lists the participants, unmarkable, under one 'bukan hari kerja'
// note with a way back; the dashboard asks nothing today; the tabs say 'Harian' / 'Mingguan'. The
// week grid keeps names whole, colours a mark as the day's button does, and says that more days
// lie to the side until the last one is in view.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHariTanggal, jakartaDate } from '../../src/domain/dates';
import { addDays, weekdayOf } from '../../src/domain/presensi';
import { PRESENSI_SCREEN_MSG as T } from '../../src/domain/presensi-screen';
import { waitForScreen } from './helpers/a11y';
import { PHONE, launchBrowser, login, newContext } from './helpers/browser';
import { addMentorPeserta } from './helpers/presensi';
import { type RunningServer, startServer } from './helpers/server';

const TODAY = jakartaDate(new Date());
const YESTERDAY = addDays(TODAY, -1);
/** Every weekday but today's. */
const HARI_KERJA = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== weekdayOf(TODAY)).join(',');
const NAME = 'Kartikasari Wulandaritama';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HARI_KERJA } }), launchBrowser()]);
  await addMentorPeserta(server.url, [NAME], { from: addDays(TODAY, -20), to: addDays(TODAY, 30) }, 'HK');
  page = await (await newContext(browser, PHONE)).newPage();
  await login(page, server.url, 'mentor');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = () => page.locator('.presensi-row').filter({ hasText: NAME });

describe('Non-working days (390 px)', () => {
  it('should ask nothing on the dashboard today', async () => {
    await page.getByRole('link', { name: T.todayNotWorking, exact: true }).waitFor();
    expect(await page.getByText(/^Presensi hari ini:/).count()).toBe(0);
  });

  it('should open on the latest working day, named with its weekday, and list today unmarkable with a way back', async () => {
    await page.getByRole('link', { name: T.todayNotWorking, exact: true }).click();
    await waitForScreen(page, T.title);
    expect(await page.getByRole('tab').allTextContents()).toEqual([T.dayView, T.weekView]);
    await expect.poll(() => page.getByLabel('Tanggal', { exact: true }).inputValue()).toBe(YESTERDAY);
    await page.getByText(formatHariTanggal(YESTERDAY), { exact: true }).waitFor();
    await row().getByRole('button', { name: 'Hadir', exact: true }).click();
    await row().getByText(T.sent, { exact: true }).waitFor();

    await page.getByRole('button', { name: T.nextDay }).click();
    await page.getByText(T.notWorkingDay(formatHariTanggal(TODAY))).waitFor();
    await row().waitFor();
    expect(await row().getByRole('button', { name: 'Hadir', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: T.markAllHadir }).count()).toBe(0);
    await page.getByRole('button', { name: T.toWorkingDay(formatHariTanggal(YESTERDAY)) }).click();
    await expect.poll(() => page.getByLabel('Tanggal', { exact: true }).inputValue()).toBe(YESTERDAY);
  });

  it('should keep names whole, colour a mark as the day does, and cue the days to the side', async () => {
    const pressed = await row().getByRole('button', { name: 'Hadir', exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.getByRole('tab', { name: T.weekView }).click();
    const box = page.getByRole('region', { name: T.weekTable });
    await box.waitFor();
    const name = box.getByRole('rowheader', { name: NAME });
    // Each word of the name sits on one line.
    const brokenWords = await name.evaluate((th) => {
      const text = th.firstChild!;
      const words = text.textContent!.split(' ');
      let at = 0;
      let broken = 0;
      for (const word of words) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        if (range.getClientRects().length > 1) broken += 1;
        at += word.length + 1;
      }
      return broken;
    });
    expect(brokenWords).toBe(0);
    const cell = page.getByRole('button', { name: new RegExp(`^${NAME}, .*: Hadir$`) });
    expect(await cell.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(pressed);
    // More days to the right: a visible cue, gone once the last day is in view.
    const cue = page.getByText(T.scrollHint);
    await cue.waitFor();
    await box.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
    await cue.waitFor({ state: 'hidden' });
  });
});
