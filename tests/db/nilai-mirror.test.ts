import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import type { OutboxRecord } from '@/db/records';
import { nilaiOfOpen, readNilaiMirror, readParticipantNilai } from '@/db/nilai-mirror';

let db: MagangDb;
let n = 0;

beforeEach(() => {
  db = new MagangDb(`nilai-mirror-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

const entry = (over: Partial<OutboxRecord>): OutboxRecord => ({
  key: crypto.randomUUID(),
  user: 4,
  role: 'Mentor',
  kind: 'nilai.save',
  pesertaId: 1,
  payload: null,
  createdAt: 0,
  state: 'pending',
  attempts: 0,
  lastError: null,
  ...over,
});

describe('readNilaiMirror: queued and refused changes of the user', () => {
  it.each([
    { name: 'a pending entry marks the participant pending only', rows: [entry({ pesertaId: 1 })], pending: [1], refused: [] },
    {
      name: 'a conflict marks it refused with its message, not pending',
      rows: [entry({ pesertaId: 2, state: 'conflict', lastError: 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval' })],
      pending: [],
      refused: [[2, 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval']],
    },
    {
      name: 'the newest conflict of a participant wins',
      rows: [
        entry({ pesertaId: 3, state: 'conflict', lastError: 'lama' }),
        entry({ pesertaId: 3, state: 'conflict', lastError: 'baru' }),
      ],
      pending: [],
      refused: [[3, 'baru']],
    },
    {
      name: 'an attendance save, queued or refused, marks no participant on the score screens',
      rows: [
        entry({ pesertaId: 5, kind: 'presensi.save' }),
        entry({ pesertaId: 6, kind: 'presensi.save', state: 'conflict', lastError: 'Presensi tidak dapat diubah.' }),
      ],
      pending: [],
      refused: [],
    },
    {
      name: "another user's conflict is not shown",
      rows: [entry({ pesertaId: 4, user: 9, state: 'conflict', lastError: 'x' })],
      pending: [],
      refused: [],
    },
  ])('should hold $name', async ({ rows, pending, refused }) => {
    await db.outbox.bulkAdd(rows);
    const mirror = await readNilaiMirror(db, 4);
    expect([...mirror.pendingIds]).toEqual(pending);
    expect([...mirror.refused]).toEqual(refused);
  });

  it('should mark nothing without a user', async () => {
    await db.outbox.add(entry({ state: 'conflict', lastError: 'x' }));
    const mirror = await readNilaiMirror(db, null);
    expect(mirror.refused.size).toBe(0);
    expect(mirror.pendingIds.size).toBe(0);
  });
});

describe('readNilaiMirror: which competencies are scored; readParticipantNilai: the scores', () => {
  it('should group the scored competencies by participant from the keys, and read one participant’s scores on demand', async () => {
    await db.nilai.bulkPut([
      { peserta_id: 1, kompetensi_id: 10, skor: 80 },
      { peserta_id: 1, kompetensi_id: 11, skor: 70, pendingKey: 'k1' },
      { peserta_id: 2, kompetensi_id: 10, skor: 90 },
    ]);
    const mirror = await readNilaiMirror(db, null);
    const scored = (id: number) => mirror.nilai.get(id)?.map((row) => row.kompetensi_id);
    expect(scored(1)).toEqual([10, 11]);
    expect(scored(2)).toEqual([10]);
    expect(mirror.nilai.get(3)).toBeUndefined();

    const read = await readParticipantNilai(db, 1);
    expect(read?.nilai.map((row) => [row.kompetensi_id, row.skor])).toEqual([
      [10, 80],
      [11, 70],
    ]);
    expect(await readParticipantNilai(db, null)).toBeNull();
    // A live read still holding the participant opened before is not this one's.
    expect(nilaiOfOpen(read, 1)).toBe(read?.nilai);
    expect(nilaiOfOpen(read, 2)).toBeUndefined();
    expect(nilaiOfOpen(undefined, 1)).toBeUndefined();
  });
});
