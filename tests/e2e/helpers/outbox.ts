// Helpers of the offline-chaos browser tests: read the app's IndexedDB outbox and session
// straight from a page of the origin (plain IndexedDB, no app code, so they work on the login
// page too), queue score saves through the app's own save path (window.__magangTest, only in the
// test build of ./test-hooks-web.ts), and read the server's records from its DATA_DIR once it stopped.
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../../server/db/client';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** An outbox row as the tests look at it. */
export interface OutboxRow {
  seq: number;
  key: string;
  user: number;
  pesertaId: number;
  state: 'pending' | 'sending' | 'conflict';
  attempts: number;
  lastError: string | null;
  payload: { nilai_data: { peserta_id: number; kompetensi_id: number; skor: number }[] };
}

/** One score of a save. */
export interface Score {
  kompetensi_id: number;
  skor: number;
}

/** Every row of one of the app's IndexedDB tables (e.g. 'peserta', 'nilai', 'outbox'). */
export function readStore<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('magang');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const read = idb.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            idb.close();
            resolve(read.result as T[]);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    store,
  );
}

/** Every outbox row, in seq order. */
export async function readOutbox(page: Page): Promise<OutboxRow[]> {
  return (await readStore<OutboxRow>(page, 'outbox')).sort((a, b) => a.seq - b.seq);
}

/** Replaces the token of the session the app mirrors in IndexedDB (what a reopened app starts with). */
export function replaceStoredToken(page: Page, token: string): Promise<void> {
  return page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('magang');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction('meta', 'readwrite');
          const store = tx.objectStore('meta');
          const get = store.get('session');
          get.onsuccess = () => {
            const row = get.result as { key: string; value: Record<string, unknown> } | undefined;
            if (!row) return reject(new Error('no stored session'));
            store.put({ ...row, value: { ...row.value, token: value } });
          };
          tx.oncomplete = () => {
            idb.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    token,
  );
}

/**
 * Turns on the test hooks for every page of the context (before any app script runs); the
 * server must serve the test build (./test-hooks-web.ts), the product build has no hooks.
 */
export async function enableTestHooks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.sessionStorage.setItem('magang:test-hooks', '1'));
}

/** Saves each change in order through the Penilaian dialog's own save (the logged-in user); returns the outcomes. */
export async function queueSaves(page: Page, changes: readonly { pesertaId: number; scores: Score[] }[]): Promise<string[]> {
  await page.waitForFunction(() => 'saveNilai' in ((window as { __magangTest?: object }).__magangTest ?? {}));
  return page.evaluate(async (list) => {
    const hooks = (window as unknown as { __magangTest: { saveNilai(id: number, s: Score[]): Promise<{ outcome: string }> } }).__magangTest;
    const outcomes: string[] = [];
    for (const change of list) outcomes.push((await hooks.saveNilai(change.pesertaId, change.scores)).outcome);
    return outcomes;
  }, changes);
}

/**
 * The server's idempotency records of a user in commit order (by the id of the transaction
 * that wrote each: a change and its key are written in one transaction). Read from DATA_DIR;
 * the server must be stopped (PGlite is one process per folder).
 */
export async function idempotencyRecords(dataDir: string, userId: number): Promise<{ key: string; status: number; path: string }[]> {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  try {
    const result = await db.query<{ key: string; status_code: number; path: string }>(
      'select key, status_code, path from idempotency_keys where user_id = $1 order by xmin::text::bigint, key',
      [userId],
    );
    return result.rows.map((row) => ({ key: row.key, status: row.status_code, path: row.path }));
  } finally {
    await db.close();
  }
}
