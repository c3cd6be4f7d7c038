/**
 * The session (spec section 4, ARCHITECTURE.md "Session"). The token, userRole and username
 * live in sessionStorage under exactly those keys and are mirrored to Dexie meta, so the
 * service worker can replay and an installed app reopened in a fresh tab finds its session.
 *
 * - start(): sessionStorage token, else the Dexie session (restored into sessionStorage);
 *   with a token the profile is loaded while the status is 'loading' (nothing renders).
 *   401 → token and role cleared (logged out locally). No answer (offline, timeout, 5xx) →
 *   the session stays and the profile cached in Dexie is used.
 * - A change of the session in another tab (crossTab signal) reloads the profile here.
 * - logout(): clears sessionStorage, the Dexie session, the mirror and the user's outbox.
 */
import type { SessionUser } from '@/api/auth';
import { isApiError } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { clearSession, clearUserData, getCachedProfile, getSession, saveProfile, saveSession } from '@/db/meta';
import type { SessionRecord } from '@/db/records';

/** sessionStorage keys of spec section 3. */
export const SESSION_KEYS = { token: 'token', userRole: 'userRole', username: 'username' } as const;

export interface SessionState {
  /** 'loading' while the session is restored or the profile of a new token is fetched. */
  status: 'loading' | 'ready';
  token: string | null;
  /** The role as stored (the profile's role once loaded). */
  userRole: string | null;
  username: string | null;
  /** The loaded profile; null when logged out or when neither server nor cache had it. */
  user: SessionUser | null;
  /** True when `user` came from the Dexie cache because the server could not be reached. */
  fromCache: boolean;
}

/** A storage like sessionStorage (injected so tests and broken browsers can substitute it). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Tells other tabs that the session changed, and hears them. */
export interface CrossTabSignal {
  post(): void;
  subscribe(listener: () => void): () => void;
}

export interface SessionStoreDeps {
  storage: KeyValueStorage;
  db: MagangDb;
  /** GET /api/auth/profile with the current token; rejects with an ApiError. */
  loadProfile: () => Promise<SessionUser>;
  crossTab?: CrossTabSignal;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Restores the session and loads the profile; safe to call more than once. */
  start(): Promise<void>;
  /** Stores a fresh login (state first, synchronously; then Dexie; then other tabs). */
  login(token: string, user: SessionUser): Promise<void>;
  /** Logs out: sessionStorage, Dexie session, mirror tables and this user's outbox. */
  logout(): Promise<void>;
  /** Token rejected (401): clears token and role here and in Dexie; mirror and outbox stay. */
  expire(): Promise<void>;
  /** Replaces the user after a profile update (username shown in the top bar). */
  setUser(user: SessionUser): Promise<void>;
  /** Fetches the profile again in the background (cross-tab change, back online). */
  reloadProfile(): Promise<void>;
}

const LOGGED_OUT: SessionState = {
  status: 'ready',
  token: null,
  userRole: null,
  username: null,
  user: null,
  fromCache: false,
};

/** Creates the session store; call start() once before rendering the router. */
export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { storage, db } = deps;
  let state: SessionState = { ...LOGGED_OUT, status: 'loading' };
  const listeners = new Set<() => void>();
  let started: Promise<void> | null = null;

  function set(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function writeStorage(record: SessionRecord): void {
    storage.setItem(SESSION_KEYS.token, record.token);
    if (record.userRole) storage.setItem(SESSION_KEYS.userRole, record.userRole);
    else storage.removeItem(SESSION_KEYS.userRole);
    if (record.username) storage.setItem(SESSION_KEYS.username, record.username);
    else storage.removeItem(SESSION_KEYS.username);
  }

  function currentRecord(): SessionRecord | null {
    return state.token ? { token: state.token, userRole: state.userRole, username: state.username } : null;
  }

  async function persist(user: SessionUser | null): Promise<void> {
    const record = currentRecord();
    if (!record) return;
    try {
      await saveSession(db, record);
      if (user) await saveProfile(db, user);
    } catch {
      // IndexedDB unavailable (private mode): the tab's session still works, only offline
      // reopening is lost.
    }
  }

  function applyUser(user: SessionUser, fromCache: boolean): void {
    set({ user, userRole: user.role, username: user.username, fromCache });
    if (state.token) writeStorage({ token: state.token, userRole: user.role, username: user.username });
  }

  function dropLocally(): void {
    storage.removeItem(SESSION_KEYS.token);
    storage.removeItem(SESSION_KEYS.userRole);
    set({ ...LOGGED_OUT, username: state.username });
  }

  async function loadProfileFor(token: string): Promise<void> {
    try {
      const user = await deps.loadProfile();
      if (state.token !== token) return; // logged out or switched meanwhile
      applyUser(user, false);
      await persist(user);
    } catch (error) {
      if (state.token !== token) return;
      if (isApiError(error) && error.status === 401) {
        await store.expire();
        return;
      }
      // Offline or server trouble: keep the session, show what the device has.
      const cached = await getCachedProfile(db).catch(() => null);
      const matches = cached && (state.username === null || cached.username === state.username);
      if (matches) applyUser(cached, true);
      else set({ fromCache: true });
    }
  }

  async function onOtherTab(): Promise<void> {
    const saved = await getSession(db).catch(() => null);
    if (!saved) {
      if (state.token) dropLocally();
      return;
    }
    if (saved.token === state.token) {
      await loadProfileFor(saved.token);
      return;
    }
    // Another tab logged in: one session per browser (the mirror and outbox are shared).
    writeStorage(saved);
    set({ ...LOGGED_OUT, status: 'loading', token: saved.token, userRole: saved.userRole, username: saved.username });
    await loadProfileFor(saved.token);
    set({ status: 'ready' });
  }

  const store: SessionStore = {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start() {
      started ??= (async () => {
        let token = storage.getItem(SESSION_KEYS.token);
        let record: SessionRecord | null = token
          ? { token, userRole: storage.getItem(SESSION_KEYS.userRole), username: storage.getItem(SESSION_KEYS.username) }
          : null;
        const saved = await getSession(db).catch(() => null);
        if (!record && saved) {
          // Reopened installed app or new tab: this tab's sessionStorage is empty.
          record = saved;
          writeStorage(saved);
        } else if (record && !saved) {
          await saveSession(db, record).catch(() => undefined);
        }
        deps.crossTab?.subscribe(() => void onOtherTab());
        if (!record) {
          set({ ...LOGGED_OUT });
          return;
        }
        token = record.token;
        set({ status: 'loading', token, userRole: record.userRole, username: record.username });
        await loadProfileFor(token);
        set({ status: 'ready' });
      })();
      return started;
    },

    async login(token, user) {
      writeStorage({ token, userRole: user.role, username: user.username });
      set({ status: 'ready', token, userRole: user.role, username: user.username, user, fromCache: false });
      await persist(user);
      deps.crossTab?.post();
    },

    async logout() {
      const userId = state.user?.id ?? null;
      storage.removeItem(SESSION_KEYS.token);
      storage.removeItem(SESSION_KEYS.userRole);
      storage.removeItem(SESSION_KEYS.username);
      set({ ...LOGGED_OUT });
      await clearUserData(db, userId).catch(() => undefined);
      deps.crossTab?.post();
    },

    async expire() {
      if (!state.token) return;
      dropLocally();
      await clearSession(db).catch(() => undefined);
      deps.crossTab?.post();
    },

    async setUser(user) {
      applyUser(user, false);
      await persist(user);
    },

    async reloadProfile() {
      if (state.token) await loadProfileFor(state.token);
    },
  };
  return store;
}
