/**
 * A full device: IndexedDB refuses a write with QuotaExceededError (Dexie wraps it as
 * Dexie.QuotaExceededError, a bulk write as a BulkError of them, an aborted transaction as an
 * AbortError with the cause inside). This module recognises that error wherever it is nested
 * and owns the in-memory "storage full" signal of this context: the `quotaWatch` middleware
 * raises it on every refused write, the page shows it and offers to free the mirror, and a
 * successful free lowers it. It never frees anything itself and never touches the outbox.
 */
import type { DBCore, DBCoreMutateResponse, Middleware } from 'dexie';

const QUOTA_ERROR_NAME = 'QuotaExceededError';

/** True when `error` is, or wraps, a QuotaExceededError. */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  if (e.name === QUOTA_ERROR_NAME) return true;
  if (isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1)) return true;
  return typeof e.failures === 'object' && e.failures !== null && Object.values(e.failures).some((f) => isQuotaError(f, depth + 1));
}

let storageFull = false;
const listeners = new Set<() => void>();

function setStorageFull(value: boolean): void {
  if (storageFull === value) return;
  storageFull = value;
  for (const listener of listeners) listener();
}

/** Whether a write of this context was refused for lack of space since the last free. */
export function isStorageFull(): boolean {
  return storageFull;
}

/** Raises the signal (a write was refused for lack of space). */
function reportStorageFull(): void {
  setStorageFull(true);
}

/** Lowers the signal (after the mirror was freed). */
export function clearStorageFull(): void {
  setStorageFull(false);
}

/** Calls `listener` whenever the signal changes; returns the unsubscribe. */
export function subscribeStorageFull(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function watchResponse(response: DBCoreMutateResponse): DBCoreMutateResponse {
  if (response.numFailures > 0 && Object.values(response.failures).some((f) => isQuotaError(f))) reportStorageFull();
  return response;
}

/**
 * Dexie middleware raising the signal for every write refused for quota: a rejected or
 * partly failed mutation, and a read-write transaction aborted with QuotaExceededError (a
 * browser may refuse only at commit).
 */
export const quotaWatch: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'quota-watch',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const tx = down.transaction(stores, mode, options) as unknown as Partial<IDBTransaction>;
        if (mode === 'readwrite' && typeof tx.addEventListener === 'function') {
          tx.addEventListener('abort', () => {
            if (isQuotaError(tx.error)) reportStorageFull();
          });
        }
        return tx as never;
      },
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          mutate: (request) =>
            table.mutate(request).then(watchResponse, (error: unknown) => {
              if (isQuotaError(error)) reportStorageFull();
              throw error;
            }),
        };
      },
    };
  },
};
