/**
 * A read of the mirrored session (meta key 'session', written by src/db/meta) with the plain
 * IndexedDB API, without Dexie: the app needs it at start-up, before it knows whether anyone is
 * logged in, and Dexie stays off the login page's start-up path (docs/performance.md). It only reads: a
 * database that does not exist yet is not created (the upgrade is aborted), the connection is
 * closed at once and gives way to any version change. Never touches the DOM (page and worker).
 */
import { databaseMayExist } from './db-name';
import type { SessionRecord } from './records';

/** The meta table's key of the mirrored session. */
export const SESSION_META_KEY = 'session';
const META_STORE = 'meta';

/** True for a well-formed session record (a token, role and username as strings or null). */
export function isSessionRecord(value: unknown): value is SessionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token !== '' &&
    (v.userRole === null || typeof v.userRole === 'string') &&
    (v.username === null || typeof v.username === 'string')
  );
}

/** The session mirrored in database `dbName`, or null (no database, no session, malformed, error). */
export async function readStoredSession(dbName: string, idb: IDBFactory | null = globalThis.indexedDB ?? null): Promise<SessionRecord | null> {
  if (!idb || !(await databaseMayExist(dbName, idb))) return null;
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(dbName);
    } catch {
      resolve(null);
      return;
    }
    // No database yet (version 0 → 1): abort, so none is created; Dexie creates it later.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onsuccess = () => {
      const database = request.result;
      database.onversionchange = () => database.close();
      const done = (value: SessionRecord | null) => {
        database.close();
        resolve(value);
      };
      try {
        if (!database.objectStoreNames.contains(META_STORE)) return done(null);
        const get = database.transaction(META_STORE, 'readonly').objectStore(META_STORE).get(SESSION_META_KEY);
        get.onsuccess = () => {
          const row: unknown = get.result;
          const value = typeof row === 'object' && row !== null ? (row as { value?: unknown }).value : undefined;
          done(isSessionRecord(value) ? value : null);
        };
        get.onerror = () => done(null);
      } catch {
        done(null);
      }
    };
  });
}
