// The session store and the per-user device data: logout keeps the unsent queue,
// a login of another user (after a logout or an expired session) clears the mirror first, and
// the same user's login keeps it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/api/auth';
import { createSessionStore, type KeyValueStorage } from '@/app/session/session-store';
import { MagangDb } from '@/db/db';
import { getMirrorOwner } from '@/db/meta';
import { enqueue } from '@/sync/outbox';
import { peserta } from '../helpers/factories';

const mentor: SessionUser = { id: 3, employee_id: 'EMP003', username: 'mentor', role: 'Mentor', signature_url: null };
const hr: SessionUser = { id: 1, employee_id: 'EMP001', username: 'hr', role: 'HR', signature_url: null };

function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const save = (pesertaId: number) => ({
  user: mentor.id,
  role: mentor.role,
  kind: 'nilai.save' as const,
  pesertaId,
  payload: { nilai_data: [{ peserta_id: pesertaId, kompetensi_id: 10, skor: 99 }] },
});

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`session-users-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('session store and the per-user mirror', () => {
  it('should keep the queued changes on logout and clear the mirror', async () => {
    const store = createSessionStore({ storage: memoryStorage(), db, loadProfile: async () => mentor });
    await store.start();
    await store.login('m1', mentor);
    expect(await getMirrorOwner(db)).toBe(mentor.id);
    await db.peserta.put(peserta(1));
    await enqueue(db, save(1));
    await store.logout();
    expect(await db.peserta.count()).toBe(0);
    expect(await db.nilai.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.user, e.pesertaId])).toEqual([[mentor.id, 1]]);
    expect(await getMirrorOwner(db)).toBeNull();
  });

  it("should clear the previous user's mirror when another user logs in after an expired session", async () => {
    const store = createSessionStore({ storage: memoryStorage(), db, loadProfile: async () => mentor });
    await store.start();
    await store.login('m1', mentor);
    await db.peserta.put(peserta(1));
    await enqueue(db, save(1));
    await store.expire(); // 401: no logout, the mirror stays for now
    expect(await db.peserta.count()).toBe(1);
    await store.login('h1', hr);
    expect(await db.peserta.count()).toBe(0);
    expect(await db.nilai.count()).toBe(0);
    expect(await getMirrorOwner(db)).toBe(hr.id);
    expect(await db.outbox.count()).toBe(1);
  });

  it('should keep the mirror when the same user logs in again after an expired session', async () => {
    const store = createSessionStore({ storage: memoryStorage(), db, loadProfile: async () => mentor });
    await store.start();
    await store.login('m1', mentor);
    await db.peserta.put(peserta(1));
    await store.expire();
    await store.login('m2', mentor);
    expect(await db.peserta.count()).toBe(1);
  });
});
