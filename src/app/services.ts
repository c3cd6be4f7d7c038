/**
 * The app's singletons: the API client and the session store, wired to each other (the client
 * reads the token from the session; a 401 on an authenticated call expires the session).
 */
import { getProfile } from '@/api/auth';
import { createApiClient } from '@/api/client';
import { db } from '@/db/db';
import { createCrossTabSignal } from './session/cross-tab';
import { safeSessionStorage } from './session/safe-storage';
import { createSessionStore } from './session/session-store';

/** How long the start-up profile load may take before the cached profile is used. */
export const PROFILE_TIMEOUT_MS = 6_000;

export const api = createApiClient({
  getToken: () => session.getState().token,
  onUnauthorized: () => void session.expire(),
});

export const session = createSessionStore({
  storage: safeSessionStorage(),
  db,
  loadProfile: () => getProfile(api, PROFILE_TIMEOUT_MS),
  crossTab: createCrossTabSignal(),
});
