// A full device: IndexedDB refuses writes with QuotaExceededError. Nothing queued may be lost,
// the user is told, and freeing the mirror (never the outbox) lets pulls refill it.
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb, db as appDb } from '@/db/db';
import {
  claimMirror,
  freeMirror,
  getCachedProfile,
  getCursor,
  getMirrorOwner,
  getOrganisasi,
  getSession,
  markPulled,
  saveOrganisasi,
  saveProfile,
  saveSession,
  setCursor,
  wasPulled,
} from '@/db/meta';
import { clearStorageFull, isQuotaError, isStorageFull } from '@/db/quota';
import { MSG } from '@/domain/messages';
import { saveNilai } from '@/sync/changes';
import { enqueue } from '@/sync/outbox';
import { pullMentorPeserta } from '@/sync/pull-peserta';
import { submitChange } from '@/sync/submit';
import { peserta, MENTOR_PROFILE, mentorScoreChange } from '../helpers/factories';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';

const MIRROR_WRITES = ['peserta', 'nilai', 'reviews'];


/**
 * Makes IndexedDB refuse every put and add on the object stores `stores` the way a full device
 * does (a DOMException named QuotaExceededError); returns the undo.
 */
function fillDevice(stores: readonly string[]): () => void {
  const proto = globalThis.IDBObjectStore.prototype;
  const { put, add } = proto;
  const refuse = (original: typeof put) =>
    function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (stores.includes(this.name)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    };
  proto.put = refuse(put);
  proto.add = refuse(add);
  return () => {
    proto.put = put;
    proto.add = add;
  };
}

/** A fake API answering GET /api/nilai/mentor/peserta with `rows`. */
function mentorApi(rows: unknown[]) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async () => new Response(JSON.stringify({ data: rows }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  });
}

let db: MagangDb;
let n = 0;
let undo: (() => void) | null = null;
beforeEach(async () => {
  clearStorageFull();
  db = new MagangDb(`storage-full-${n++}`);
  await saveSession(db, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
  await saveProfile(db, MENTOR_PROFILE);
  await claimMirror(db, MENTOR_PROFILE.id);
});
afterEach(async () => {
  undo?.();
  undo = null;
  await db.delete();
});

describe('isQuotaError', () => {
  it.each([
    ['a DOMException', new DOMException('full', 'QuotaExceededError'), true],
    ["Dexie's QuotaExceededError", new Dexie.QuotaExceededError('full'), true],
    ['an AbortError wrapping one', new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')), true],
    ['a BulkError of them', new Dexie.BulkError('bulkPut failed', { 0: new DOMException('full', 'QuotaExceededError') }), true],
    ['another DOMException', new DOMException('bad key', 'DataError'), false],
    ['an Error', new Error('QuotaExceededError'), false],
    ['null', null, false],
  ])('should tell %s', (_, error, expected) => {
    expect(isQuotaError(error)).toBe(expected);
  });
});

describe('a mirror write refused for quota', () => {
  it('should raise the storage-full signal on any table write', async () => {
    undo = fillDevice(['grade']);
    await expect(db.grade.bulkPut([{ id: 1 } as never])).rejects.toSatisfy(isQuotaError);
    expect(isStorageFull()).toBe(true);
  });

  it('should keep an offline score save queued when its optimistic mirror change does not fit', async () => {
    undo = fillDevice(MIRROR_WRITES);
    expect(await submitChange(db, mentorScoreChange(80), { online: false })).toEqual({ outcome: 'queued' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'nilai.save', pesertaId: 1, state: 'pending', payload: mentorScoreChange(80).payload });
    expect(await db.nilai.count()).toBe(0);
    expect(isStorageFull()).toBe(true);

    // Once the mirror is freed and refilled, the queued score is laid over the pulled row.
    await freeMirror(db);
    undo();
    undo = null;
    await pullMentorPeserta(mentorApi([peserta(1)]), db);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 80, pendingKey: entry!.key });
  });

  it('should send an online score save and drop its entry although the answer cannot be mirrored', async () => {
    const server = new FakeNilaiServer('Mentor');
    undo = fillDevice(MIRROR_WRITES);
    expect(await submitChange(db, mentorScoreChange(70), { online: true, api: server.client() })).toEqual({ outcome: 'sent' });
    expect(server.scoresOf(1)).toEqual({ 10: 70 });
    expect(server.applied).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('should refuse a save before accepting it, with the message, when not even the entry fits; earlier entries stay', async () => {
    const earlier = await enqueue(db, mentorScoreChange(60));
    undo = fillDevice([...MIRROR_WRITES, 'outbox']);
    expect(await submitChange(db, mentorScoreChange(80), { online: false })).toEqual({ outcome: 'storage-full' });
    expect((await db.outbox.toArray()).map((row) => row.key)).toEqual([earlier.key]);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 60, pendingKey: earlier.key });
  });

  it("should give the Penilaian dialog's save the storage-full message", async () => {
    await saveSession(appDb, { token: 'tok', userRole: 'Mentor', username: 'mentor' });
    undo = fillDevice([...MIRROR_WRITES, 'outbox']);
    try {
      const result = await saveNilai({ user: MENTOR_PROFILE.id, role: 'Mentor', pesertaId: 1, nilai: mentorScoreChange(80).payload.nilai_data }, false);
      expect(result).toEqual({ outcome: 'refused', message: MSG.storageFull });
      expect(MSG.storageFull.startsWith('Penyimpanan perangkat penuh')).toBe(true);
      expect(await appDb.outbox.count()).toBe(0);
    } finally {
      await appDb.delete();
    }
  });

  it('should leave the queue and the mirror as they were when a pull cannot write', async () => {
    await pullMentorPeserta(mentorApi([peserta(1)]), db);
    const entry = await enqueue(db, mentorScoreChange(90));
    undo = fillDevice(MIRROR_WRITES);
    await expect(pullMentorPeserta(mentorApi([peserta(1, { nama: 'Nama Baru' }), peserta(2)]), db)).rejects.toSatisfy(isQuotaError);
    expect(isStorageFull()).toBe(true);
    expect(await db.outbox.toArray()).toEqual([{ ...entry }]);
    expect((await db.peserta.toArray()).map((row) => row.nama)).toEqual(['Peserta 1']);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 90, pendingKey: entry.key });
  });
});

describe('freeMirror', () => {
  it('should empty every mirror table, cursor, pull mark and the organisation, and keep the outbox, session, profile and owner', async () => {
    await pullMentorPeserta(mentorApi([peserta(1), peserta(2)]), db);
    const entry = await enqueue(db, mentorScoreChange(85));
    await db.grade.put({ id: 1 } as never);
    await db.images.put({ sha256: 'a'.repeat(64), png: new Uint8Array([1]) });
    await setCursor(db, 'peserta', '500');
    await markPulled(db, 'grade');
    await saveOrganisasi(db, { nama: 'PT Sinar Retail Nusantara', kota: 'Jakarta' });

    await freeMirror(db);

    for (const table of ['peserta', 'nilai', 'reviews', 'grade', 'images'] as const) {
      expect(await db.table(table).count()).toBe(0);
    }
    expect(await getCursor(db, 'peserta')).toBeNull();
    expect(await wasPulled(db, 'grade')).toBe(false);
    expect(await getOrganisasi(db)).toBeNull();
    expect(await db.outbox.toArray()).toEqual([{ ...entry }]);
    expect(await getSession(db)).toEqual({ token: 'tok', userRole: 'Mentor', username: 'mentor' });
    expect(await getCachedProfile(db)).toEqual(MENTOR_PROFILE);
    expect(await getMirrorOwner(db)).toBe(MENTOR_PROFILE.id);
  });
});
