// Reading a whole mirror table in pages (src/db/read-pages.ts): every row once, in primary-key
// order, for a single key and a compound one, whatever the page size.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { readInPages } from '@/db/read-pages';
import { peserta } from '../helpers/factories';

let db: MagangDb;
let n = 0;

beforeEach(() => {
  db = new MagangDb(`read-pages-test-${n++}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('readInPages', () => {
  it('should answer no rows for an empty table', async () => {
    expect(await readInPages(db.peserta, 2)).toEqual([]);
  });

  it.each([1, 2, 3, 5, 6, 1000])('should read every participant once, by id, in pages of %i', async (pageRows) => {
    await db.peserta.bulkPut([5, 1, 4, 2, 3].map((id) => peserta(id)));
    const rows = await readInPages(db.peserta, pageRows);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(rows).toEqual(await db.peserta.toArray());
  });

  it('should page a compound primary key (the scores by participant and competency)', async () => {
    const scores = [
      { peserta_id: 2, kompetensi_id: 1, skor: 70 },
      { peserta_id: 1, kompetensi_id: 3, skor: 80 },
      { peserta_id: 1, kompetensi_id: 1, skor: 90 },
      { peserta_id: 2, kompetensi_id: 2, skor: 60 },
      { peserta_id: 10, kompetensi_id: 1, skor: 50 },
    ];
    await db.nilai.bulkPut(scores);
    const rows = await readInPages(db.nilai, 2);
    expect(rows.map((row) => [row.peserta_id, row.kompetensi_id])).toEqual([
      [1, 1],
      [1, 3],
      [2, 1],
      [2, 2],
      [10, 1],
    ]);
  });
});
