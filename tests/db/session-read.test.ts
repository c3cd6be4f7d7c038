// The start-up read of the mirrored session without Dexie (src/db/session-read).
import { afterEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { saveSession } from '@/db/meta';
import { readStoredSession } from '@/db/session-read';

let n = 0;
const opened: MagangDb[] = [];
function freshName(): string {
  return `session-read-test-${n++}`;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name ?? '');
}

describe('readStoredSession', () => {
  it('should read the session Dexie stored', async () => {
    const db = new MagangDb(freshName());
    opened.push(db);
    await saveSession(db, { token: 't1', userRole: 'HR', username: 'hr' });
    db.close();
    expect(await readStoredSession(db.name)).toEqual({ token: 't1', userRole: 'HR', username: 'hr' });
  });

  it('should answer null without creating a database that does not exist', async () => {
    const name = freshName();
    expect(await readStoredSession(name)).toBeNull();
    expect(await databaseNames()).not.toContain(name);
    // Dexie still creates and opens it afterwards.
    const db = new MagangDb(name);
    opened.push(db);
    await saveSession(db, { token: 't2', userRole: null, username: null });
    expect(await readStoredSession(name)).toEqual({ token: 't2', userRole: null, username: null });
  });

  it('should answer null when nobody is logged in or the entry is malformed', async () => {
    const db = new MagangDb(freshName());
    opened.push(db);
    await db.open();
    expect(await readStoredSession(db.name)).toBeNull();
    await db.meta.put({ key: 'session', value: { token: '', userRole: 'HR', username: 'hr' } });
    expect(await readStoredSession(db.name)).toBeNull();
  });

  it('should not block Dexie opening the database while it reads', async () => {
    const db = new MagangDb(freshName());
    opened.push(db);
    await saveSession(db, { token: 't3', userRole: 'HR', username: 'hr' });
    const [read, count] = await Promise.all([readStoredSession(db.name), db.meta.count()]);
    expect(read?.token).toBe('t3');
    expect(count).toBe(1);
  });

  it('should not even open a database the browser does not list', async () => {
    const name = freshName();
    let opens = 0;
    const counting = new Proxy(indexedDB, {
      get(target, key) {
        if (key === 'open') return (...args: Parameters<IDBFactory['open']>) => (opens++, target.open(...args));
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await readStoredSession(name, counting)).toBeNull();
    expect(opens).toBe(0);
  });

  it('should still read (and create nothing) where the browser cannot list its databases', async () => {
    const db = new MagangDb(freshName());
    opened.push(db);
    await saveSession(db, { token: 't4', userRole: 'Mentor', username: 'mentor' });
    db.close();
    const withoutList = new Proxy(indexedDB, {
      get(target, key) {
        if (key === 'databases') return undefined;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await readStoredSession(db.name, withoutList)).toEqual({ token: 't4', userRole: 'Mentor', username: 'mentor' });
    const absent = freshName();
    expect(await readStoredSession(absent, withoutList)).toBeNull();
    expect(await databaseNames()).not.toContain(absent);
  });

  it('should answer null without IndexedDB', async () => {
    expect(await readStoredSession('any', null)).toBeNull();
  });
});
