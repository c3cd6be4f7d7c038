/**
 * Cross-tab session signal. sessionStorage is per tab, so a login or logout in one tab is
 * announced to the others by writing a marker to localStorage: the `storage` event fires in
 * every other tab of the origin (never in the writer), which then re-reads the Dexie session.
 */
import type { CrossTabSignal } from './session-store';

/** localStorage key whose changes mean "the session changed in another tab". */
export const SESSION_CHANGED_KEY = 'magang:session-changed';

/** The signal over localStorage; a no-op where localStorage is unavailable. */
export function createCrossTabSignal(): CrossTabSignal {
  return {
    post() {
      try {
        window.localStorage.setItem(SESSION_CHANGED_KEY, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
      } catch {
        // Storage disabled: other tabs notice on their next request instead.
      }
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === SESSION_CHANGED_KEY || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
