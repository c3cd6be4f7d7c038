/**
 * Service worker registration (production only) and the "new version" state behind the
 * update prompt. A new worker waits; the prompt's button asks it to skipWaiting and the page
 * reloads once the new worker controls it.
 *
 * src/boot.ts registers on every page once it is idle after `load`, also on the login page of a
 * first visit where the app itself loads only when the form is used; this module is part of
 * boot's tiny early chunk (vite.config.ts), so the update prompt that loads with the app later
 * reads the same state. Keep its static imports to none: workbox-window is fetched on demand.
 */

/** How often an open app asks the server for a new service worker. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let applyWaiting: (() => void) | null = null;
let registering: Promise<void> | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Registers /sw.js in production builds; a second call returns the first one's promise, so the
 * page registers once. workbox-window is fetched here, not with the start-up JS.
 */
export function registerServiceWorker(): Promise<void> {
  registering ??= register();
  return registering;
}

async function register(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });

  wb.addEventListener('waiting', () => {
    applyWaiting = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    emit();
  });

  void wb.register().catch(() => undefined);
  window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
}

/** True while a new version waits for the user's 'Muat ulang'. */
export function isUpdateWaiting(): boolean {
  return applyWaiting !== null;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Activates the waiting worker; the page reloads when it takes control. */
export function applyUpdate(): void {
  applyWaiting?.();
}
