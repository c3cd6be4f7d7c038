/**
 * The device's storage (IndexedDB holds the mirror and the unsent changes): after login the
 * app asks the browser to keep it (`navigator.storage.persist()`). Where the Storage API is
 * missing the answer is 'unknown'.
 */

/** What the browser decided: kept until the user clears it, evictable under pressure, or no API. */
type StoragePersistence = 'persistent' | 'best-effort' | 'unknown';

type StorageLike = Pick<StorageManager, 'persist' | 'persisted'>;

function storageManager(): Partial<StorageLike> | undefined {
  return (globalThis as { navigator?: { storage?: Partial<StorageLike> } }).navigator?.storage;
}

function asPersistence(granted: boolean): StoragePersistence {
  return granted ? 'persistent' : 'best-effort';
}

/** Asks for persistent storage (after login); never rejects. */
export async function requestPersistentStorage(storage = storageManager()): Promise<StoragePersistence> {
  try {
    if (typeof storage?.persisted === 'function' && (await storage.persisted())) return 'persistent';
    if (typeof storage?.persist !== 'function') return 'unknown';
    return asPersistence(await storage.persist());
  } catch {
    return 'unknown';
  }
}
