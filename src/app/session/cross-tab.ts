/**
 * Cross-tab session signal. sessionStorage is per tab, so a login or logout in one tab is
 * announced to the others on a BroadcastChannel of the origin: it reaches every other tab (a
 * channel object never receives its own messages), which then re-reads the Dexie session.
 *
 * Not localStorage's `storage` event: adding that listener makes Chromium load the origin's
 * localStorage on the spot, ~17 ms of every logged-in start's main thread (P6 in docs/performance.md).
 */
import type { CrossTabSignal } from './session-store';

/** The channel's name; every tab of the origin opens the same one. */
const SESSION_CHANNEL = 'magang:session-changed';

/** The signal over a BroadcastChannel; a no-op where there is none (other tabs notice on their next request). */
export function createCrossTabSignal(): CrossTabSignal {
  let channel: BroadcastChannel | null | undefined;
  // One channel per tab, opened on first use: posting and listening share it, so a tab never
  // hears its own announcement.
  const open = (): BroadcastChannel | null => {
    if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
    return channel;
  };
  return {
    post() {
      open()?.postMessage('changed');
    },
    subscribe(listener) {
      const target = open();
      if (!target) return () => undefined;
      const onMessage = () => listener();
      target.addEventListener('message', onMessage);
      return () => target.removeEventListener('message', onMessage);
    },
  };
}
