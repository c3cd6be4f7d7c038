/**
 * Service worker registration (production only) and the "new version" state behind the
 * update prompt. A new worker waits; the prompt's button asks it to skipWaiting and the page
 * reloads once the new worker controls it.
 */

/** How often an open app asks the server for a new service worker. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let applyWaiting: (() => void) | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Registers /sw.js; call once at start-up in production builds. workbox-window is fetched
 * here, after the first render, not with the start-up JS (goal P6); it registers after the
 * page's `load` event anyway.
 */
export async function registerServiceWorker(): Promise<void> {
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
