/**
 * The session. The token, userRole and username
 * live in sessionStorage under exactly those keys and are mirrored to Dexie meta, so the
 * service worker can replay and an installed app reopened in a fresh tab finds its session.
 *
 * - start(): sessionStorage token, else the Dexie session (restored into sessionStorage);
 *   with a token the profile is loaded while the status is 'loading' (nothing renders).
 *   401 → token and role cleared (logged out locally). No answer (offline, timeout, 5xx) →
 *   the session stays and the profile cached in Dexie is used.
 * - A change of the session in another tab (crossTab signal) reloads the profile here.
 * - logout(): clears sessionStorage, the Dexie session and the mirror; the outbox stays and
 *   replays at the same user's next login (the mirror is per user: see claimMirror).
 */
import type { SessionUser } from '@/api/auth';
import { isApiError } from '@/api/client';
import type { MagangDb } from '@/db/db';
import type * as Meta from '@/db/meta';
import type { SessionRecord } from '@/db/records';
import { SESSION_KEYS } from './session-keys';

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

interface SessionStoreDeps {
  storage: KeyValueStorage;
  /**
   * The Dexie database, or a loader of it: the app passes a loader, so Dexie and src/db/meta
   * are fetched only when the session is first written or read back (not on the login page's
   * start-up path; P6 in docs/performance.md). A stored session is warmed up at start().
   */
  db: MagangDb | (() => Promise<MagangDb>);
  /** Reads the mirrored session without Dexie (src/db/session-read); default: through Dexie. */
  readSession?: () => Promise<SessionRecord | null>;
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
  /** Logs out: sessionStorage, Dexie session and mirror tables; the outbox is kept for its user. */
  logout(): Promise<void>;
  /** Token rejected (401): clears token and role here and in Dexie; mirror and outbox stay. */
  expire(): Promise<void>;
  /** Replaces the user after a profile update (username shown in the top bar). */
  setUser(user: SessionUser): Promise<void>;
  /** Replaces the token with the fresh one a password change answered (here, in Dexie, other tabs). */
  renewToken(token: string): Promise<void>;
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
  const { storage } = deps;
  let loadedMeta: Promise<{ db: MagangDb; meta: typeof Meta }> | null = null;

  /** Runs `use` with the database and src/db/meta, loading both on first use. */
  async function withMeta<T>(use: (meta: typeof Meta, db: MagangDb) => Promise<T>): Promise<T> {
    loadedMeta ??= Promise.all([typeof deps.db === 'function' ? deps.db() : deps.db, import('@/db/meta')]).then(
      ([db, meta]) => ({ db, meta }),
      (error: unknown) => {
        loadedMeta = null; // a failed chunk load may work on the next try
        throw error;
      },
    );
    const { db, meta } = await loadedMeta;
    return use(meta, db);
  }

  const readSession = deps.readSession ?? (() => withMeta((meta, db) => meta.getSession(db)));
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

  async function persist(user: SessionUser | null, record: SessionRecord | null = currentRecord()): Promise<void> {
    if (!record) return;
    try {
      // Another user's mirror is cleared before this one's data goes in (their queue stays theirs).
      await withMeta(async (meta, db) => {
        if (user) await meta.claimMirror(db, user.id);
        await meta.saveSession(db, record);
        if (user) await meta.saveProfile(db, user);
      });
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
      const cached = await withMeta((meta, db) => meta.getCachedProfile(db)).catch(() => null);
      const matches = cached && (state.username === null || cached.username === state.username);
      if (matches) applyUser(cached, true);
      else set({ fromCache: true });
    }
  }

  async function onOtherTab(): Promise<void> {
    const saved = await readSession().catch(() => null);
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
        const saved = await readSession().catch(() => null);
        let mirrored: Promise<unknown> = Promise.resolve();
        if (!record && saved) {
          // Reopened installed app or new tab: this tab's sessionStorage is empty.
          record = saved;
          writeStorage(saved);
        } else if (record && !saved) {
          // Written while the profile loads (Dexie is fetched meanwhile), done before 'ready'.
          const toSave = record;
          mirrored = withMeta((meta, db) => meta.saveSession(db, toSave)).catch(() => undefined);
        }
        deps.crossTab?.subscribe(() => void onOtherTab());
        if (!record) {
          set({ ...LOGGED_OUT });
          return;
        }
        // The logged-in screens need Dexie: fetch it alongside the profile, not after it.
        void withMeta(async () => undefined).catch(() => undefined);
        token = record.token;
        // This device's session with its cached profile (the installed app reopened, a reload):
        // the screens open at once from the device's data, and the profile is checked meanwhile
        // (a 401 still ends the session; a new role re-runs the guards). Waiting for it first
        // showed the placeholder for up to PROFILE_TIMEOUT_MS on a link that answers nothing.
        const cached = saved?.token === token ? await withMeta((meta, db) => meta.getCachedProfile(db)).catch(() => null) : null;
        if (cached && (record.username === null || cached.username === record.username)) {
          set({ status: 'ready', token, userRole: cached.role, username: cached.username, user: cached, fromCache: true });
          void loadProfileFor(token);
          return;
        }
        set({ status: 'loading', token, userRole: record.userRole, username: record.username });
        await loadProfileFor(token);
        await mirrored;
        set({ status: 'ready' });
      })();
      return started;
    },

    async login(token, user) {
      const record = { token, userRole: user.role, username: user.username };
      writeStorage(record);
      // Stored (and the mirror claimed for this user) before the screens mount: their first pull
      // writes only while the stored session is the one it started under (sync/pull-peserta.ts),
      // so a pull begun before this write had its pages dropped and the dashboard showed zeros.
      await persist(user, record);
      set({ status: 'ready', token, userRole: user.role, username: user.username, user, fromCache: false });
      deps.crossTab?.post();
    },

    async logout() {
      storage.removeItem(SESSION_KEYS.token);
      storage.removeItem(SESSION_KEYS.userRole);
      storage.removeItem(SESSION_KEYS.username);
      // The stored session goes before the screen changes: a reload right after the logout
      // must not start from it again (Dexie may still be loading at this point).
      await withMeta((meta, db) => meta.clearUserData(db)).catch(() => undefined);
      set({ ...LOGGED_OUT });
      deps.crossTab?.post();
    },

    async expire() {
      if (!state.token) return;
      dropLocally();
      await withMeta((meta, db) => meta.clearSession(db)).catch(() => undefined);
      deps.crossTab?.post();
    },

    async setUser(user) {
      applyUser(user, false);
      await persist(user);
    },

    async renewToken(token) {
      if (!state.token) return;
      writeStorage({ token, userRole: state.userRole, username: state.username });
      set({ token });
      await persist(null);
      deps.crossTab?.post();
    },

    async reloadProfile() {
      if (state.token) await loadProfileFor(state.token);
    },
  };
  return store;
}
