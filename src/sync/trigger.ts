/**
 * Asking for a replay (docs/architecture.md, "The outbox and its replay", step 2): a 'REPLAY'
 * message to the active service worker plus a Background Sync registration where the browser has
 * it, so the worker replays even after the page is gone. Works from the page; in contexts without a
 * service worker it does nothing (the caller's own fallback, replayOutbox(), then does the work).
 */
import { OUTBOX_SYNC_TAG } from './constants';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks the service worker to replay; resolves true when a worker was asked. */
export async function requestReplay(): Promise<boolean> {
  const container = (globalThis as { navigator?: { serviceWorker?: ServiceWorkerContainer } }).navigator?.serviceWorker;
  if (!container?.controller) return false;
  container.controller.postMessage({ type: 'REPLAY' });
  try {
    const registration = await container.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Background Sync refused (e.g. permission): the message and the page's fallbacks remain.
  }
  return true;
}
