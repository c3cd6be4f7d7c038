import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import {
  claimMirror,
  clearSession,
  clearUserData,
  getCachedProfile,
  getCursor,
  getMirrorOwner,
  getOrganisasi,
  getSession,
  readHariKerja,
  saveOrganisasi,
  saveProfile,
  saveSession,
  setCursor,
} from '@/db/meta';
import { peserta } from '../helpers/factories';

const profile = { id: 4, employee_id: 'EMP004', username: 'mentor', role: 'Mentor', signature_url: null };
let db: MagangDb;
let n = 0;

beforeEach(() => {
  db = new MagangDb(`meta-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('session in meta', () => {
  it('should return null when no session was saved', async () => {
    expect(await getSession(db)).toBeNull();
  });

  it('should save, load and clear the session', async () => {
    await saveSession(db, { token: 't1', userRole: 'HR', username: 'hr' });
    expect(await getSession(db)).toEqual({ token: 't1', userRole: 'HR', username: 'hr' });
    await clearSession(db);
    expect(await getSession(db)).toBeNull();
  });

  it('should ignore a malformed session entry', async () => {
    await db.meta.put({ key: 'session', value: { token: '' } });
    expect(await getSession(db)).toBeNull();
  });
});

/** Counts the puts that reach `meta` (a put of an existing key is an update). */
function countMetaWrites(): { count: number } {
  const writes = { count: 0 };
  db.meta.hook('creating', () => void (writes.count += 1));
  db.meta.hook('updating', () => void (writes.count += 1));
  return writes;
}

describe('session and profile written again at every start', () => {
  it('should not write a session or profile the table holds already, and write a changed one', async () => {
    await saveSession(db, { token: 't1', userRole: 'Mentor', username: 'mentor' });
    await saveProfile(db, profile);
    const writes = countMetaWrites();
    await saveSession(db, { token: 't1', userRole: 'Mentor', username: 'mentor' });
    await saveProfile(db, { ...profile });
    expect(writes.count).toBe(0);

    await saveSession(db, { token: 't2', userRole: 'Mentor', username: 'mentor' });
    await saveProfile(db, { ...profile, username: 'mentor2' });
    expect(writes.count).toBe(2);
    expect(await getSession(db)).toEqual({ token: 't2', userRole: 'Mentor', username: 'mentor' });
    expect((await getCachedProfile(db))?.username).toBe('mentor2');
  });
});

describe('working days of attendance', () => {
  it('should fall back to Monday to Saturday before any profile brought them', async () => {
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('should keep the working days of the profile apart from the cached profile, and across logout', async () => {
    await saveProfile(db, { ...profile, hari_kerja: [1, 2, 3, 4, 5] });
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5]);
    expect(await getCachedProfile(db)).toEqual(profile);
    // A profile without them (the answer of a username change) keeps the last ones.
    await saveProfile(db, { ...profile, username: 'mentor2' });
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5]);
    await clearUserData(db);
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5]);
  });

  it('should ignore a malformed entry', async () => {
    await db.meta.put({ key: 'hari-kerja', value: [0, 9] });
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('cached profile', () => {
  it('should store the profile and drop it with the session', async () => {
    await saveProfile(db, profile);
    expect(await getCachedProfile(db)).toEqual(profile);
    await clearSession(db);
    expect(await getCachedProfile(db)).toBeNull();
  });
});

describe('pull cursors', () => {
  it('should keep one cursor per mirror table', async () => {
    await setCursor(db, 'peserta', '2024-01-01T00:00:00Z');
    expect(await getCursor(db, 'peserta')).toBe('2024-01-01T00:00:00Z');
    expect(await getCursor(db, 'nilai')).toBeNull();
  });
});

describe('clearUserData', () => {
  it('should clear session, cursors, mirror and owner but keep every outbox entry', async () => {
    await saveSession(db, { token: 't', userRole: 'Mentor', username: 'mentor' });
    await saveProfile(db, profile);
    await setCursor(db, 'peserta', 'c');
    await claimMirror(db, 4);
    await db.peserta.put(peserta(1, { nama: 'Ani', mentor_id: 4, pembimbing_id: 2 }));
    const base = { kind: 'nilai.save' as const, role: 'Mentor', pesertaId: 1, payload: {}, createdAt: 1, state: 'pending' as const, attempts: 0, lastError: null };
    await db.outbox.bulkAdd([
      { ...base, key: 'mine', user: 4 },
      { ...base, key: 'other', user: 9 },
    ]);

    await clearUserData(db);

    expect(await getSession(db)).toBeNull();
    expect(await getCachedProfile(db)).toBeNull();
    expect(await getCursor(db, 'peserta')).toBeNull();
    expect(await getMirrorOwner(db)).toBeNull();
    expect(await db.peserta.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.key)).toEqual(['mine', 'other']);
  });
});

describe('claimMirror', () => {
  it('should clear the mirror, cursors and organisation when another user claims it', async () => {
    await claimMirror(db, 4);
    await setCursor(db, 'peserta', 'c');
    await saveOrganisasi(db, { nama: 'PT A', kota: 'Jakarta' });
    await db.peserta.put(peserta(1, { nama: 'Ani', mentor_id: 4, pembimbing_id: 2 }));
    await db.nilai.put({ peserta_id: 1, kompetensi_id: 2, skor: 80, pendingKey: 'k' });
    const base = { kind: 'nilai.save' as const, role: 'Mentor', pesertaId: 1, payload: {}, createdAt: 1, state: 'pending' as const, attempts: 0, lastError: null };
    await db.outbox.add({ ...base, key: 'mine', user: 4 });

    expect(await claimMirror(db, 9)).toBe(true);

    expect(await getMirrorOwner(db)).toBe(9);
    expect(await db.peserta.count()).toBe(0);
    expect(await db.nilai.count()).toBe(0);
    expect(await getCursor(db, 'peserta')).toBeNull();
    expect(await getOrganisasi(db)).toBeNull();
    expect((await db.outbox.toArray()).map((e) => e.key)).toEqual(['mine']);
  });

  it('should keep the mirror when the same user claims it again', async () => {
    await claimMirror(db, 4);
    await setCursor(db, 'peserta', 'c');
    await db.peserta.put(peserta(1, { nama: 'Ani', mentor_id: 4, pembimbing_id: 2 }));

    expect(await claimMirror(db, 4)).toBe(false);

    expect(await db.peserta.count()).toBe(1);
    expect(await getCursor(db, 'peserta')).toBe('c');
  });

  it('should clear a mirror nobody owns (an install from before owners were recorded)', async () => {
    await db.peserta.put(peserta(1, { nama: 'Ani', mentor_id: 4, pembimbing_id: 2 }));
    expect(await claimMirror(db, 4)).toBe(true);
    expect(await db.peserta.count()).toBe(0);
  });
});
