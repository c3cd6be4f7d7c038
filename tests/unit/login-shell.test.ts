// src/app/login-shell: whether the login page may wait for the user before loading the app.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mayHaveSession } from '@/app/login-shell';
import { DB_NAME } from '@/db/db-name';

const storage = (token: string | null) => () => ({ getItem: (key: string) => (key === 'token' ? token : null) });

/** Deletes the app's database (a file of the same worker may have made it: files share one IndexedDB). */
async function deleteAppDatabase(): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = () => resolve();
  });
}

beforeEach(deleteAppDatabase);
afterEach(deleteAppDatabase);

describe('mayHaveSession', () => {
  it('should be false on a first visit: no token in the tab, no database of the app', async () => {
    expect(await mayHaveSession(storage(null), indexedDB)).toBe(false);
    expect(await mayHaveSession(storage(null), null)).toBe(false);
  });

  it('should be true with a token in this tab', async () => {
    expect(await mayHaveSession(storage('t1'), indexedDB)).toBe(true);
  });

  it("should be true when the app's database exists (an earlier login on this device)", async () => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(await mayHaveSession(storage(null), indexedDB)).toBe(true);
  });

  it('should be true when it cannot tell (no databases(), or storage throws)', async () => {
    const withoutList = { open: indexedDB.open.bind(indexedDB) } as unknown as IDBFactory;
    expect(await mayHaveSession(storage(null), withoutList)).toBe(true);
    const failing = { databases: () => Promise.reject(new Error('denied')) } as unknown as IDBFactory;
    expect(await mayHaveSession(storage(null), failing)).toBe(true);
    const throwing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(await mayHaveSession(throwing, indexedDB)).toBe(false);
  });
});
