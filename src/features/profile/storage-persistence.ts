/**
 * The device's storage (IndexedDB holds the mirror and the unsent changes): after login the
 * app asks the browser to keep it (`navigator.storage.persist()`), and the profile page shows
 * whether the browser granted that. Where the Storage API is missing the answer is 'unknown'.
 */
import { MSG } from '@/domain/messages';

/** What the browser decided: kept until the user clears it, evictable under pressure, or no API. */
export type StoragePersistence = 'persistent' | 'best-effort' | 'unknown';

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

/** Whether the browser keeps this site's storage now; never rejects. */
export async function readStoragePersistence(storage = storageManager()): Promise<StoragePersistence> {
  try {
    if (typeof storage?.persisted !== 'function') return 'unknown';
    return asPersistence(await storage.persisted());
  } catch {
    return 'unknown';
  }
}

/** The profile page's sentence for a persistence state. */
export function storagePersistenceText(state: StoragePersistence): string {
  if (state === 'persistent') return MSG.storagePersistent;
  if (state === 'best-effort') return MSG.storageBestEffort;
  return MSG.storageUnknown;
}
