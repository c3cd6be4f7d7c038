// The silent reloads: the mentor list and the approval list pull again when the
// tab becomes visible (the approval list only when its last load is over 2 s old).
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext } from './helpers/browser';
import { apiGet, apiSend, searchFor } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

interface ApiPeserta {
  id: number;
  nama: string;
  nilai: unknown[];
  kompetensi_count: number;
  reviews: { role_reviewer: string; status: string }[];
}

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  [server, browser] = [started, launched];
});

/** A seeded participant of the mentor, fully scored (so in the approval list), no decision yet. */
async function undecidedScored(): Promise<ApiPeserta> {
  const { data } = await apiGet<{ data: ApiPeserta[] }>(server.url, 'mentor', '/api/nilai/mentor/peserta');
  const found = data.find(
    (p) => p.kompetensi_count > 0 && p.nilai.length >= p.kompetensi_count && p.reviews.every((r) => r.status === 'Menunggu'),
  );
  if (!found) throw new Error('the demo seed has no scored, undecided participant');
  return found;
}

/** What a user does by switching back to the tab (headless tabs stay 'visible'). */
async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

describe('silent reload on tab visibility', () => {
  it('should show the mentor a decision taken elsewhere when the tab becomes visible', async () => {
    const target = await undecidedScored();
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, 'mentor');
    await page.goto(`${server.url}/penilaian`);
    const row = await searchFor(page, 'Cari nama peserta...', target.nama);
    await row.getByText('Menunggu Approval').waitFor();

    expect((await apiSend(server.url, 'pembimbing', `/api/review/approve/${target.id}`)).status).toBe(200);
    await returnToTab(page);
    await row.getByText('Disetujui 1 dari 3').waitFor();
  });

  it('should reload the approval list on visibility once the last load is over 2 s old', async () => {
    const target = await undecidedScored();
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, 'hr');
    await page.goto(`${server.url}/approval`);
    const row = await searchFor(page, 'Cari nama peserta...', target.nama);
    await row.getByText('Menunggu Pembimbing').waitFor();

    expect((await apiSend(server.url, 'pembimbing', `/api/review/approve/${target.id}`)).status).toBe(200);
    await page.waitForTimeout(2_100);
    await returnToTab(page);
    await row.getByText('Perlu Tindakan').waitFor();
  });
});

describe('approval list as BusHead', () => {
  it('should offer Detail Approval but never Edit Nilai', async () => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, 'bushead');
    await page.goto(`${server.url}/approval`);
    await page.getByRole('button', { name: 'Detail Approval', exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Edit Nilai', exact: true }).count()).toBe(0);
  });
});
