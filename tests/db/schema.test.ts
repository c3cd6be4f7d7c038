import { afterEach, describe, expect, it } from 'vitest';
import { MagangDb, MIRROR_TABLES } from '@/db/db';

let db: MagangDb;
afterEach(async () => {
  await db.delete();
});

describe('MagangDb', () => {
  it('should open version 1 with the mirror, outbox and meta tables', async () => {
    db = new MagangDb('schema-test');
    await db.open();
    expect(db.verno).toBe(1);
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual([...MIRROR_TABLES, 'outbox', 'meta'].sort());
  });

  it('should key nilai and reviews by their compound keys', async () => {
    db = new MagangDb('schema-keys');
    await db.nilai.put({ peserta_id: 1, kompetensi_id: 2, skor: 80 });
    await db.nilai.put({ peserta_id: 1, kompetensi_id: 2, skor: 90 });
    await db.reviews.put({ peserta_id: 1, role_reviewer: 'HR', status: 'Menunggu' });
    expect(await db.nilai.count()).toBe(1);
    expect((await db.nilai.get([1, 2]))?.skor).toBe(90);
    expect(await db.reviews.where('peserta_id').equals(1).count()).toBe(1);
  });

  it('should number outbox entries in insertion order and refuse a duplicate key', async () => {
    db = new MagangDb('schema-outbox');
    const entry = {
      user: 7,
      role: 'Mentor',
      kind: 'nilai.save' as const,
      pesertaId: 3,
      payload: {},
      createdAt: Date.now(),
      state: 'pending' as const,
      attempts: 0,
      lastError: null,
    };
    const first = await db.outbox.add({ ...entry, key: 'a' });
    const second = await db.outbox.add({ ...entry, key: 'b' });
    expect(Number(second)).toBeGreaterThan(Number(first));
    await expect(db.outbox.add({ ...entry, key: 'a' })).rejects.toThrow();
  });
});
