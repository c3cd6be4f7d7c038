/**
 * The service worker. It owns the precache (the built app shell, injected by vite-plugin-pwa
 * at build time), the navigation fallback to index.html, and the hooks that start an outbox
 * replay (`sync` event, 'REPLAY' message), and Web Push (./push.ts: show, open on click). It never caches /api responses: API data lives in
 * Dexie, written by the page and by src/sync. It imports only src/sync, src/db and src/domain.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG } from '@/sync/constants';
import { startReplay } from '@/sync/replay';
import { installPushHandlers } from './push';

/** Background Sync event; not part of TypeScript's lib.webworker, so declared here. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Messages the page may post to the worker. */
type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'REPLAY' };

function isWorkerMessage(data: unknown): data is WorkerMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    ((data as { type?: unknown }).type === 'SKIP_WAITING' || (data as { type?: unknown }).type === 'REPLAY')
  );
}

// A new worker waits until the page's 'Muat ulang' button sends SKIP_WAITING; once it
// activates (also on the very first install) it takes control of open pages at once, so the
// first visit is already controlled and works offline on the next load.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links (/dashboard, /peserta/siswa, ...) get the precached shell; /api never does:
// API requests are not routed here at all, so they always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
);

self.addEventListener('message', (event) => {
  if (!isWorkerMessage(event.data)) return;
  if (event.data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  event.waitUntil(startReplay());
});

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // A run that stopped on the network rejects, so the browser schedules another sync.
  event.waitUntil(
    startReplay().then((result) => {
      if (result.status === 'offline') throw new Error('outbox replay: server unreachable');
    }),
  );
});

installPushHandlers();
