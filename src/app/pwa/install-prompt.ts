/**
 * Captures the browser's `beforeinstallprompt` event from app start and keeps it for the user
 * menu's 'Pasang aplikasi' entry (a store for useSyncExternalStore). Chromium fires the event
 * once per page load, possibly while the login page shows, so src/main.tsx starts listening
 * before the (lazy) layout exists. Part of the first route's JS: no imports beyond
 * ./install-platform, nothing of Dexie, zod or the layout.
 */
import {
  decideInstallOffer,
  isIosDevice,
  isRunningStandalone,
  STANDALONE_QUERY,
  type InstallOffer,
  type InstallPlatformWindow,
} from './install-platform';

/** Chromium's `beforeinstallprompt` event (not in lib.dom). `prompt()` may be called once. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** The parts of `window` the store uses; tests pass a fake. */
export interface InstallPromptWindow extends InstallPlatformWindow {
  addEventListener(type: string, listener: (event: Event) => void): void;
  matchMedia(query: string): { matches: boolean; addEventListener?(type: 'change', listener: () => void): void };
}

interface InstallPromptStore {
  subscribe(listener: () => void): () => void;
  /** The offer to show now (a primitive, so useSyncExternalStore sees a change only when it changes). */
  getSnapshot(): InstallOffer;
  /** Opens the browser's install dialog and drops the event; the user's choice, or null when none was kept (or it failed). */
  promptInstall(): Promise<'accepted' | 'dismissed' | null>;
}

function isBeforeInstallPrompt(event: Event): event is BeforeInstallPromptEvent {
  const candidate = event as Partial<BeforeInstallPromptEvent>;
  return typeof candidate.prompt === 'function' && candidate.userChoice instanceof Promise;
}

/**
 * A store listening on `win` from now on. Only the two event listeners are added at once: the
 * display-mode query (matchMedia) waits for the first read, because at start-up, before the
 * stylesheet has been applied, it costs a style update of ~20 ms on the page's busiest task
 * (Lighthouse's total blocking time, P6 in docs/performance.md); the event is what must not be missed.
 */
export function createInstallPromptStore(win: InstallPromptWindow): InstallPromptStore {
  const ios = isIosDevice(win.navigator);
  const listeners = new Set<() => void>();
  let deferred: BeforeInstallPromptEvent | null = null;
  let offer: InstallOffer = 'none';
  let watchingDisplayMode = false;

  const decide = () => decideInstallOffer({ standalone: isRunningStandalone(win), canPrompt: deferred !== null, ios });

  /** On the first read: the current offer (no one is subscribed yet to be told) and the display-mode watch. */
  function startWatching(): void {
    if (watchingDisplayMode) return;
    watchingDisplayMode = true;
    // The installed app's window can switch display mode (e.g. opened in the browser, then installed).
    win.matchMedia(STANDALONE_QUERY).addEventListener?.('change', update);
    offer = decide();
  }

  function update(): void {
    if (!watchingDisplayMode) return; // nobody has read the offer yet: the first read decides it
    const next = decide();
    if (next === offer) return;
    offer = next;
    for (const listener of listeners) listener();
  }

  win.addEventListener('beforeinstallprompt', (event) => {
    if (!isBeforeInstallPrompt(event)) return;
    // Without preventDefault Chromium shows its own mini-infobar; the menu entry replaces it.
    event.preventDefault();
    deferred = event;
    update();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    update();
  });

  return {
    subscribe(listener) {
      startWatching();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => {
      startWatching();
      return offer;
    },
    async promptInstall() {
      const event = deferred;
      if (!event) return null;
      // The event can be used once: drop it before prompting, so the entry goes away at once.
      deferred = null;
      update();
      try {
        await event.prompt();
        return (await event.userChoice).outcome;
      } catch {
        // prompt() rejects when the browser will not show the dialog now; nothing more to do.
        return null;
      }
    },
  };
}

let shared: InstallPromptStore | null = null;

/** The page's store; the first call starts listening (src/main.tsx calls it at start-up). */
export function installPromptStore(): InstallPromptStore {
  shared ??= createInstallPromptStore(window);
  return shared;
}
