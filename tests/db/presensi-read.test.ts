import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { readPresensiDay, readPresensiOf } from '@/db/presensi-read';
import type { OutboxRecord } from '@/db/records';

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`presensi-read-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

const mark = (peserta_id: number, tanggal: string, status: 'Hadir' | 'Sakit' = 'Hadir') => ({ peserta_id, tanggal, status, catatan: null });
const entry = (over: Partial<OutboxRecord>): OutboxRecord => ({
  key: crypto.randomUUID(),
  user: 3,
  role: 'Mentor',
  kind: 'presensi.save',
  pesertaId: 1,
  payload: { presensi: [mark(1, '2026-11-23')] },
  createdAt: 0,
  state: 'conflict',
  attempts: 0,
  lastError: 'Presensi tidak dapat diubah. Pembimbing sudah memberi keputusan untuk peserta ini',
  ...over,
});

describe('the attendance reads', () => {
  it("should read a day's marks by participant, pending ones flagged", async () => {
    await db.presensi.bulkPut([mark(1, '2026-11-23'), { ...mark(2, '2026-11-23', 'Sakit'), pendingKey: 'k', base: null }, mark(1, '2026-11-24')]);
    const day = await readPresensiDay(db, '2026-11-23', 3);
    expect([...day.marks.keys()].sort()).toEqual([1, 2]);
    expect(day.marks.get(2)).toMatchObject({ status: 'Sakit', pendingKey: 'k' });
    expect(day.refused).toEqual([]);
  });

  it("should list the user's refused saves of that day with their text, not another day's, user's or a pending one", async () => {
    await db.outbox.bulkAdd([
      entry({}),
      entry({ payload: { presensi: [mark(1, '2026-11-24')] } }),
      entry({ user: 9 }),
      entry({ state: 'pending', lastError: null }),
      entry({ kind: 'nilai.save', payload: null }),
    ]);
    const day = await readPresensiDay(db, '2026-11-23', 3);
    expect(day.refused).toEqual([
      { seq: 1, message: 'Presensi tidak dapat diubah. Pembimbing sudah memberi keputusan untuk peserta ini', marks: [mark(1, '2026-11-23')] },
    ]);
    expect((await readPresensiDay(db, '2026-11-23', null)).refused).toEqual([]);
  });

  it("should read a participant's marks by date", async () => {
    await db.presensi.bulkPut([mark(1, '2026-11-24'), mark(1, '2026-11-23'), mark(2, '2026-11-23')]);
    expect((await readPresensiOf(db, 1)).map((m) => m.tanggal)).toEqual(['2026-11-23', '2026-11-24']);
  });
});
