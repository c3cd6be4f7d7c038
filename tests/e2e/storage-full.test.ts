// A full device in the browser: IndexedDB refuses writes with QuotaExceededError (injected into
// the page's IDBObjectStore). A mentor's score save is still queued and delivered, or refused
// before it is accepted with the input kept; the banner says so and frees the mirror, after
// which the screen pulls anew and the queue survives.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { acceptSuccess } from './helpers/master-data';
import { pendingText, searchFor, serverScoreRows, openPenilaianAsMentor, scoreInDialog } from './helpers/nilai';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SEARCH = 'Cari nama peserta...';
const MIRROR_STORES = ['peserta', 'nilai', 'reviews'];

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  ({ context, page } = await openPenilaianAsMentor(browser, server.url));
});

/**
 * Makes the page's IndexedDB refuse every put and add on `stores` as a full device does (a
 * DOMException named QuotaExceededError); null gives the space back.
 */
async function fillDevice(target: Page, stores: string[] | null): Promise<void> {
  await target.evaluate((names) => {
    const holder = window as unknown as { quotaOriginals?: Pick<IDBObjectStore, 'put' | 'add'> };
    const proto = IDBObjectStore.prototype;
    holder.quotaOriginals ??= { put: proto.put, add: proto.add };
    const { put, add } = holder.quotaOriginals;
    if (names === null) {
      proto.put = put;
      proto.add = add;
      return;
    }
    const refuse = (original: typeof put): typeof put =>
      function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
        if (names.includes(this.name)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    proto.put = refuse(put);
    proto.add = refuse(add);
  }, stores);
}

/** How many records each of `stores` of the app's database holds. */
function storeCounts(target: Page, stores: string[]): Promise<Record<string, number>> {
  return target.evaluate(
    (names) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('magang');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(names, 'readonly');
          const counts = names.map((name) => tx.objectStore(name).count());
          tx.oncomplete = () => {
            open.result.close();
            resolve(Object.fromEntries(names.map((name, i) => [name, counts[i]!.result])));
          };
        };
      }),
    stores,
  );
}

/** The layout's storage-full banner (the one with the button that frees the mirror). */
function storageBanner(target: Page) {
  return target.getByRole('alert').filter({ hasText: MSG.storageFull }).filter({ has: target.getByRole('button', { name: MSG.freeStorage }) });
}


describe('a full device', () => {
  it('should refuse a save it cannot queue with the message, keeping the input', async () => {
    await context.setOffline(true);
    try {
      await fillDevice(page, [...MIRROR_STORES, 'outbox']);
      const modal = await scoreInDialog(page, 'Dewi Kartika Sari', [70, 71, 72, 73]);
      await modal.getByText(MSG.storageFull, { exact: true }).waitFor();
      const values = await modal.getByRole('spinbutton').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(values).toEqual(['70', '71', '72', '73']);
      await storageBanner(page).waitFor();
      await expect(pendingText(page, 1).count()).resolves.toBe(0);
      await modal.getByRole('button', { name: 'Batal', exact: true }).click();
    } finally {
      await fillDevice(page, null);
      await context.setOffline(false);
    }
    await page.getByRole('button', { name: MSG.freeStorage }).click();
    await storageBanner(page).waitFor({ state: 'detached' });
    // The freed screen pulls its list anew.
    await searchFor(page, SEARCH, 'Dewi Kartika Sari');
    await page.getByPlaceholder(SEARCH).fill('');
  });

  it('should queue a save whose mirror write is refused, free the mirror without losing it, and deliver it', async () => {
    await context.setOffline(true);
    try {
      await fillDevice(page, MIRROR_STORES);
      await scoreInDialog(page, 'Sekar Ayuningtyas', [81, 82, 83, 84]);
      await acceptSuccess(page, MSG.savedOffline);
      await pendingText(page, 1).waitFor();
      await storageBanner(page).waitFor();

      // Space is given back and the mirror freed while still offline: the queue stays.
      await fillDevice(page, null);
      await page.getByRole('button', { name: MSG.freeStorage }).click();
      await storageBanner(page).waitFor({ state: 'detached' });
      await expect(storeCounts(page, ['peserta', 'outbox'])).resolves.toEqual({ peserta: 0, outbox: 1 });
      await pendingText(page, 1).waitFor();
    } finally {
      await fillDevice(page, null);
      await context.setOffline(false);
    }
    // Online again: the entry is delivered and the screen refills its list from the server.
    await pendingText(page, 1).waitFor({ state: 'hidden', timeout: 20_000 });
    const rows = await serverScoreRows(server.url, 20);
    expect(rows.map((r) => r.skor).sort()).toEqual([81, 82, 83, 84]);
    await searchFor(page, SEARCH, 'Sekar Ayuningtyas');
  });
});
