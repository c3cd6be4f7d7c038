import { useSyncExternalStore } from 'react';
import { session } from '../services';
import type { SessionState } from './session-store';

/** The current session state; re-renders on every change. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
