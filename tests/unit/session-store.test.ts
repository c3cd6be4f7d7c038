import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/api/auth';
import { ApiError } from '@/api/client';
import { createSessionStore, type CrossTabSignal, type KeyValueStorage } from '@/app/session/session-store';
import { MagangDb } from '@/db/db';
import { getCachedProfile, getSession, saveProfile, saveSession } from '@/db/meta';

const hr: SessionUser = { id: 1, employee_id: 'EMP001', username: 'hr', role: 'HR', signature_url: null };

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function fakeCrossTab(): CrossTabSignal & { fire(): void; posts: number } {
  const listeners = new Set<() => void>();
  const signal = {
    posts: 0,
    post() {
      signal.posts++;
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    fire() {
      for (const l of listeners) l();
    },
  };
  return signal;
}

/** A profile load the server refuses: the token is no longer valid. */
async function refusedToken(): Promise<SessionUser> {
  throw new ApiError(401, 'Sesi tidak valid', 'Sesi tidak valid');
}

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`session-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('session store start()', () => {
  it('should be logged out without a token anywhere', async () => {
    const store = createSessionStore({ storage: memoryStorage(), db, loadProfile: async () => hr });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', token: null, user: null });
  });

  it('should load the profile for the sessionStorage token and store user and role', async () => {
    const storage = memoryStorage({ token: 't1' });
    const store = createSessionStore({ storage, db, loadProfile: async () => hr });
    const started = store.start();
    expect(store.getState().status).toBe('loading');
    await started;
    expect(store.getState()).toMatchObject({ status: 'ready', token: 't1', userRole: 'HR', username: 'hr', user: hr });
    expect(storage.data.get('userRole')).toBe('HR');
    expect(await getSession(db)).toEqual({ token: 't1', userRole: 'HR', username: 'hr' });
    expect(await getCachedProfile(db)).toEqual(hr);
  });

  it('should restore the Dexie session into an empty sessionStorage (app reopened)', async () => {
    await saveSession(db, { token: 'saved', userRole: 'HR', username: 'hr' });
    const storage = memoryStorage();
    const store = createSessionStore({ storage, db, loadProfile: async () => hr });
    await store.start();
    expect(storage.data.get('token')).toBe('saved');
    expect(store.getState().user).toEqual(hr);
  });

  it('should clear token and role on a 401', async () => {
    const storage = memoryStorage({ token: 'old', userRole: 'HR', username: 'hr' });
    await saveSession(db, { token: 'old', userRole: 'HR', username: 'hr' });
    const store = createSessionStore({
      storage,
      db,
      loadProfile: refusedToken,
    });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', token: null, userRole: null, user: null });
    expect(storage.data.has('token')).toBe(false);
    expect(storage.data.has('userRole')).toBe(false);
    expect(await getSession(db)).toBeNull();
  });

  it('should keep the session and use the cached profile when offline', async () => {
    await saveSession(db, { token: 't', userRole: 'HR', username: 'hr' });
    await saveProfile(db, hr);
    const store = createSessionStore({
      storage: memoryStorage(),
      db,
      loadProfile: async () => {
        throw new ApiError(0, 'offline');
      },
    });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', token: 't', user: hr, fromCache: true });
  });

  it("should be ready at once from this device's cached profile and take the fresh one when it answers", async () => {
    await saveSession(db, { token: 't', userRole: 'HR', username: 'hr' });
    await saveProfile(db, hr);
    let answer: (user: SessionUser) => void = () => undefined;
    const fresh = new Promise<SessionUser>((resolve) => (answer = resolve));
    const store = createSessionStore({ storage: memoryStorage(), db, loadProfile: () => fresh });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', token: 't', user: hr, fromCache: true });

    answer({ ...hr, role: 'BusHead' });
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ userRole: 'BusHead', fromCache: false }));
    await vi.waitFor(async () => expect((await getCachedProfile(db))?.role).toBe('BusHead'));
  });

  it('should end the session when the profile checked after a cached start answers 401', async () => {
    await saveSession(db, { token: 't', userRole: 'HR', username: 'hr' });
    await saveProfile(db, hr);
    const storage = memoryStorage();
    const store = createSessionStore({
      storage,
      db,
      loadProfile: refusedToken,
    });
    await store.start();
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ status: 'ready', token: null, user: null }));
    expect(storage.data.has('token')).toBe(false);
    await vi.waitFor(async () => expect(await getSession(db)).toBeNull());
  });

  it("should wait for the profile when the cached one is another user's", async () => {
    await saveSession(db, { token: 't', userRole: 'HR', username: 'hr' });
    await saveProfile(db, { ...hr, username: 'someone-else' });
    const store = createSessionStore({ storage: memoryStorage(), db, loadProfile: async () => hr });
    const started = store.start();
    await vi.waitFor(() => expect(store.getState().status).toBe('loading'));
    await started;
    expect(store.getState()).toMatchObject({ status: 'ready', user: hr, fromCache: false });
  });
});

describe('session store login/logout', () => {
  it('should store the login and announce it to other tabs', async () => {
    const storage = memoryStorage();
    const crossTab = fakeCrossTab();
    const store = createSessionStore({ storage, db, loadProfile: async () => hr, crossTab });
    await store.start();
    await store.login('new', hr);
    expect(Object.fromEntries(storage.data)).toEqual({ token: 'new', userRole: 'HR', username: 'hr' });
    expect(await getSession(db)).toEqual({ token: 'new', userRole: 'HR', username: 'hr' });
    expect(crossTab.posts).toBe(1);
  });

  it('should keep the user and store the fresh token of a password change', async () => {
    const storage = memoryStorage();
    const crossTab = fakeCrossTab();
    const store = createSessionStore({ storage, db, loadProfile: async () => hr, crossTab });
    await store.start();
    await store.login('old', hr);
    await store.renewToken('fresh');
    expect(store.getState()).toMatchObject({ status: 'ready', token: 'fresh', userRole: 'HR', username: 'hr', user: hr });
    expect(Object.fromEntries(storage.data)).toEqual({ token: 'fresh', userRole: 'HR', username: 'hr' });
    expect(await getSession(db)).toEqual({ token: 'fresh', userRole: 'HR', username: 'hr' });
    expect(crossTab.posts).toBe(2);
  });

  it('should clear sessionStorage, the Dexie session and the mirror on logout', async () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, db, loadProfile: async () => hr });
    await store.start();
    await store.login('t', hr);
    await db.divisi.put({ id: 1, nama: 'IT' });
    await store.logout();
    expect(storage.data.size).toBe(0);
    expect(await getSession(db)).toBeNull();
    expect(await db.divisi.count()).toBe(0);
    expect(store.getState().token).toBeNull();
  });
});

describe('session store cross-tab change', () => {
  it('should reload the profile when another tab changed the session', async () => {
    let loads = 0;
    const crossTab = fakeCrossTab();
    const store = createSessionStore({
      storage: memoryStorage({ token: 't' }),
      db,
      loadProfile: async () => {
        loads++;
        return hr;
      },
      crossTab,
    });
    await store.start();
    crossTab.fire();
    await new Promise((r) => setTimeout(r, 20));
    expect(loads).toBe(2);
  });

  it('should log out locally when another tab logged out', async () => {
    const crossTab = fakeCrossTab();
    const storage = memoryStorage();
    const store = createSessionStore({ storage, db, loadProfile: async () => hr, crossTab });
    await store.start();
    await store.login('t', hr);
    await db.meta.clear(); // the other tab's logout
    crossTab.fire();
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().token).toBeNull();
    expect(storage.data.has('token')).toBe(false);
  });
});

describe('session store with Dexie loaded lazily (the app: Dexie off the start-up path)', () => {
  it('should not load the database for a logged-out start, and load it for a login', async () => {
    let loads = 0;
    const loader = async () => {
      loads++;
      return db;
    };
    const store = createSessionStore({ storage: memoryStorage(), db: loader, readSession: async () => null, loadProfile: async () => hr });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'ready', token: null });
    expect(loads).toBe(0);
    await store.login('t', hr);
    expect(loads).toBe(1);
    expect(await getSession(db)).toEqual({ token: 't', userRole: 'HR', username: 'hr' });
  });

  it('should restore the session the quick read found and mirror a sessionStorage-only one', async () => {
    await saveSession(db, { token: 'saved', userRole: 'HR', username: 'hr' });
    const reopened = createSessionStore({
      storage: memoryStorage(),
      db: async () => db,
      readSession: () => getSession(db),
      loadProfile: async () => hr,
    });
    await reopened.start();
    expect(reopened.getState()).toMatchObject({ status: 'ready', token: 'saved', user: hr });

    await db.meta.clear();
    const tabOnly = createSessionStore({
      storage: memoryStorage({ token: 'tab' }),
      db: async () => db,
      readSession: async () => null,
      loadProfile: async () => {
        throw new ApiError(0, 'offline');
      },
    });
    await tabOnly.start();
    expect(tabOnly.getState()).toMatchObject({ status: 'ready', token: 'tab', fromCache: true });
    expect(await getSession(db)).toEqual({ token: 'tab', userRole: null, username: null });
  });
});
