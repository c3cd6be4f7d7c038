// A page being left ends what it has under way in IndexedDB: WebKit kept a page left in its
// back/forward cache with a transaction open, and every later page waited for it.
import { IDBDatabase as FakeIDBDatabase } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { releaseDatabaseOnPageHide } from '@/app/release-database';

/** A window stand-in: events and a reload that is counted. */
function fakeWindow(): Window & { reloads: number } {
  const target = new EventTarget() as EventTarget & { location: { reload(): void }; reloads: number };
  target.reloads = 0;
  target.location = { reload: () => (target.reloads += 1) };
  return target as unknown as Window & { reloads: number };
}

function open(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('meta');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function pageEvent(type: string, persisted: boolean): Event {
  return Object.assign(new Event(type), { persisted });
}

describe('releaseDatabaseOnPageHide', () => {
  // One prototype patched for the whole file, as the page does once at start.
  const win = fakeWindow();
  releaseDatabaseOnPageHide(win, FakeIDBDatabase.prototype as unknown as IDBDatabase);

  it('should abort a transaction still under way and close the connection on pagehide', async () => {
    const db = await open('release-a');
    const tx = db.transaction('meta', 'readwrite');
    tx.objectStore('meta').put('value', 'key');
    const ended = new Promise<string>((resolve) => {
      tx.oncomplete = () => resolve('complete');
      tx.onabort = () => resolve('abort');
    });
    win.dispatchEvent(pageEvent('pagehide', true));
    await expect(ended).resolves.toBe('abort');
    expect(() => db.transaction('meta')).toThrow();

    // The write was rolled back, and the database is free for the next page.
    const next = await open('release-a');
    const read = next.transaction('meta').objectStore('meta').get('key');
    await expect(new Promise((resolve) => (read.onsuccess = () => resolve(read.result)))).resolves.toBeUndefined();
    next.close();
  });

  it('should leave finished transactions alone', async () => {
    const db = await open('release-b');
    const tx = db.transaction('meta', 'readwrite');
    tx.objectStore('meta').put('kept', 'key');
    await new Promise((resolve) => (tx.oncomplete = resolve));
    win.dispatchEvent(pageEvent('pagehide', false));
    const next = await open('release-b');
    const read = next.transaction('meta').objectStore('meta').get('key');
    await expect(new Promise((resolve) => (read.onsuccess = () => resolve(read.result)))).resolves.toBe('kept');
    next.close();
  });

  it('should load a page shown again from the back/forward cache afresh', () => {
    const before = win.reloads;
    win.dispatchEvent(pageEvent('pageshow', false));
    expect(win.reloads).toBe(before);
    win.dispatchEvent(pageEvent('pageshow', true));
    expect(win.reloads).toBe(before + 1);
  });
});
