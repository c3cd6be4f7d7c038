// The device mirrors only the working set. A BusHead phone (390 px) holds two participants ended
// 100 days ago (inside the 180-day window): X approved at every step, Y rejected by the
// Pembimbing (nothing left for BusHead to do). Offline, BusHead cancels its approval of X (a
// queued change); meanwhile HR moves both internships two years back, so Y leaves the working set
// (X's certificate, issued today, would keep it for the window, but the cancel revokes it). Back online: Y leaves the device (IndexedDB and the
// list), X's cancel is sent once (the server shows BusHead Menunggu) and X stays, pending again;
// searched on the device, Y's empty list says the archive has it and leads there.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARSIP_MSG } from '../../src/domain/arsip';
import { jakartaDate } from '../../src/domain/dates';
import { MSG } from '../../src/domain/messages';
import { kompetensiFor } from '../../src/domain/nilai-view';
import { PESERTA_TITLES } from '../../src/domain/peserta';
import { addDays } from '../../src/domain/presensi';
import { PHONE, login, newContext } from './helpers/browser';
import { acceptSuccess, apiPost, apiPut, apiToken, dialog } from './helpers/master-data';
import { apiGet, apiSend, serverReviews, waitForServiceWorker } from './helpers/nilai';
import { readOutbox, readStore } from './helpers/outbox';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const TODAY = jakartaDate(new Date());
const X = 'Kerja Peserta X';
const Y = 'Kerja Peserta Y';
const SEARCH = 'Cari nama peserta...';

let server: RunningServer;
let browserOfSuite: Browser;
let context: BrowserContext;
let page: Page;
const ids = new Map<string, number>();
/** Every POST /api/review/cancel/{id} the browser sends (page and service worker), by path. */
const cancels: string[] = [];

interface PesertaRow {
  id: number;
  jenjang: string;
  instansi_id: number;
  divisi_id: number;
  mentor_id: number;
}

/** X and Y through the API: every score (the mentor), then the three approvals. */
async function seed(): Promise<void> {
  const hr = await apiToken(server.url, 'hr');
  const users = await apiGet<{ data: { id: number; username: string }[] }>(server.url, 'hr', '/api/users');
  const idOf = (username: string) => users.data.find((user) => user.username === username)!.id;
  const { data: all } = await apiGet<{ data: PesertaRow[] }>(server.url, 'hr', '/api/peserta');
  const model = all.find((p) => p.jenjang === 'SMK' && p.mentor_id === idOf('mentor'))!;
  const kompetensi = await apiGet<{ data: Parameters<typeof kompetensiFor>[0] }>(server.url, 'hr', '/api/kompetensi');
  for (const [i, nama] of [X, Y].entries()) {
    const created = (await apiPost(server.url, hr, '/api/peserta', {
      jenjang: 'SMK',
      nama,
      instansi_id: model.instansi_id,
      divisi_id: model.divisi_id,
      mentor_id: idOf('mentor'),
      pembimbing_id: idOf('pembimbing'),
      nama_pembimbing: 'Ibu Sari',
      kontak_pembimbing: '6281234567890',
      tanggal_masuk: addDays(TODAY, -160),
      tanggal_selesai: addDays(TODAY, -100),
      nis: `KRJ-${i + 1}`,
      jurusan: 'Akuntansi',
    })) as { data: { id: number } };
    const id = created.data.id;
    ids.set(nama, id);
    const scores = kompetensiFor(kompetensi.data, model.divisi_id, 'SMK').map((k) => ({ peserta_id: id, kompetensi_id: k.id, skor: 88 }));
    expect((await apiSend(server.url, 'mentor', '/api/nilai/bulk', { nilai_data: scores })).status).toBe(200);
    if (nama === Y) {
      expect((await apiSend(server.url, 'pembimbing', `/api/review/reject/${id}`, { catatan: 'Tidak dilanjutkan' })).status).toBe(200);
      continue;
    }
    for (const approver of ['pembimbing', 'hr', 'bushead']) {
      expect((await apiSend(server.url, approver, `/api/review/approve/${id}`)).status).toBe(200);
    }
  }
  expect(await serverReviews(server.url, ids.get(X)!)).toEqual(['Disetujui', 'Disetujui', 'Disetujui']);
}

useServerAndBrowser(async (started, browser) => {
  server = started;
  browserOfSuite = browser;
  await seed();
  context = await newContext(browser, PHONE);
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.startsWith('/api/review/cancel/')) cancels.push(path);
  });
  page = await context.newPage();
  await login(page, server.url, 'bushead');
  await waitForServiceWorker(page);
  await page.goto(`${server.url}/approval`);
  await page.getByRole('heading', { name: 'Approval Management' }).waitFor();
}, { env: { JENDELA_KERJA_HARI: '180', JENDELA_KERJA_MENTOR_HARI: '90' } });

/** The phone card of participant `nama` (the list shows cards at 390 px). */
function cardOf(nama: string): Locator {
  return page.locator('.data-card').filter({ hasText: nama });
}

/** The ids of the participants the device's mirror holds. */
async function mirroredIds(): Promise<number[]> {
  return (await readStore<{ id: number }>(page, 'peserta')).map((row) => row.id);
}

describe('the working set on a BusHead phone', () => {
  it('should drop the participant that left the set and keep the one a queued cancel refers to, sending it once', async () => {
    const [x, y] = [ids.get(X)!, ids.get(Y)!];
    await page.getByPlaceholder(SEARCH).fill('Kerja Peserta');
    await cardOf(X).waitFor();
    await cardOf(Y).waitFor();
    expect(await mirroredIds()).toEqual(expect.arrayContaining([x, y]));

    // Offline: BusHead cancels its approval of X — queued on the device.
    await context.setOffline(true);
    await cardOf(X).getByRole('button', { name: 'Detail Approval' }).click();
    const detail = dialog(page, 'Detail Approval');
    await detail.getByText('Anda sudah menyetujui peserta ini').waitFor();
    await detail.getByRole('button', { name: 'Batal', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Konfirmasi' }).getByRole('button', { name: 'Ya', exact: true }).click();
    await acceptSuccess(page, MSG.savedOffline);
    const queued = await readStore<{ kind: string; pesertaId: number }>(page, 'outbox');
    expect(queued.map((entry) => [entry.kind, entry.pesertaId])).toEqual([['review.cancel', x]]);

    // Meanwhile HR moves both internships two years back: both leave the working set.
    const hr = await apiToken(server.url, 'hr');
    for (const id of [x, y]) {
      await apiPut(server.url, hr, `/api/peserta/${id}`, { tanggal_masuk: addDays(TODAY, -790), tanggal_selesai: addDays(TODAY, -730) });
    }

    // Back online: the cancel is sent, and the list pulled again.
    await context.setOffline(false);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 20_000 }).toBe(0);
    expect(await serverReviews(server.url, x)).toEqual(['Disetujui', 'Disetujui', 'Menunggu']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(mirroredIds, { timeout: 20_000 }).not.toContain(y);
    await cardOf(Y).waitFor({ state: 'detached' });
    expect((await readStore<{ peserta_id: number }>(page, 'reviews')).some((row) => row.peserta_id === y)).toBe(false);
    expect((await readStore<{ peserta_id: number }>(page, 'nilai')).some((row) => row.peserta_id === y)).toBe(false);

    // X stays: pending again, in the working set; a later pull keeps it.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await cardOf(X).waitFor();
    expect(await mirroredIds()).toContain(x);
    const bushead = (await readStore<{ peserta_id: number; role_reviewer: string; status: string }>(page, 'reviews')).find(
      (row) => row.peserta_id === x && row.role_reviewer === 'BusHead',
    );
    expect(bushead?.status).toBe('Menunggu');
    expect(cancels).toEqual([`/api/review/cancel/${x}`]);

    // Y is found in the archive: the empty list says the archive has it, and leads there.
    await page.getByPlaceholder(SEARCH).fill(Y);
    await page.getByText(ARSIP_MSG.emptyHint(1)).waitFor();
    await page.getByRole('button', { name: ARSIP_MSG.openArsip }).click();
    expect(await page.getByRole('switch', { name: ARSIP_MSG.label }).getAttribute('aria-checked')).toBe('true');
    await cardOf(Y).waitFor();
    expect(await mirroredIds()).not.toContain(y);
  });
  it("should say on HR's empty participant list that the Arsip holds the one searched for, and lead there", async () => {
    // Y ended two years ago and was rejected by the Pembimbing: not HR's work, so not on HR's device.
    const hrContext = await newContext(browserOfSuite);
    const hrPage = await hrContext.newPage();
    await login(hrPage, server.url, 'hr');
    await hrPage.goto(`${server.url}/peserta/siswa`);
    await hrPage.getByPlaceholder(PESERTA_TITLES.SMK.search).fill(Y);
    await hrPage.getByText(ARSIP_MSG.emptyHint(1)).waitFor({ timeout: 20_000 });
    await hrPage.getByRole('button', { name: ARSIP_MSG.openArsip }).click();
    expect(await hrPage.getByRole('switch', { name: ARSIP_MSG.label }).getAttribute('aria-checked')).toBe('true');
    await hrPage.getByRole('row').filter({ hasText: Y }).waitFor();
    await hrContext.close();
  });
});
