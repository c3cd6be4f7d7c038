/**
 * The app's singletons: the API client and the session store, wired to each other (the client
 * reads the token from the session; a 401 on an authenticated call expires the session).
 * Everything here is on the start-up path of every page: Dexie (src/db/db) is loaded only when
 * the session store first needs it, and the profile is checked without zod (P6 in docs/performance.md).
 */
import { createApiClient } from '@/api/client';
import { getProfile } from '@/api/session-auth';
import { DB_NAME } from '@/db/db-name';
import { readStoredSession } from '@/db/session-read';
import { createCrossTabSignal } from './session/cross-tab';
import { safeSessionStorage } from './session/safe-storage';
import { createSessionStore } from './session/session-store';

/** How long the start-up profile load may take before the cached profile is used. */
const PROFILE_TIMEOUT_MS = 6_000;

export const api = createApiClient({
  getToken: () => session.getState().token,
  // Only a 401 to the current token ends the session: a request still in flight with the token
  // a password change just replaced is answered 401 too.
  onUnauthorized: (_error, token) => {
    if (token === session.getState().token) void session.expire();
  },
});

export const session = createSessionStore({
  storage: safeSessionStorage(),
  db: () => import('@/db/db').then((module) => module.db),
  readSession: () => readStoredSession(DB_NAME),
  loadProfile: () => getProfile(api, PROFILE_TIMEOUT_MS),
  crossTab: createCrossTabSignal(),
});
