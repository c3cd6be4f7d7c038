import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { holdsRows, removeMirrorRow, replaceMirror, saveMirrorRow } from '@/db/mirror';

let db: MagangDb;
let n = 0;

beforeEach(() => {
  db = new MagangDb(`mirror-write-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

const divisi = (id: number, nama: string) => ({ id, nama, divisi_kategori: [] });

describe('saveMirrorRow', () => {
  it('should put the row the server answered and start the refresh without waiting for it', async () => {
    let refreshed = 0;
    const never = new Promise<never>(() => undefined);
    const row = await saveMirrorRow(db, 'divisi', async () => divisi(7, 'Gudang'), () => {
      refreshed += 1;
      return never;
    });
    expect(row).toEqual(divisi(7, 'Gudang'));
    expect(await db.divisi.get(7)).toEqual(divisi(7, 'Gudang'));
    expect(refreshed).toBe(1);
  });

  it('should ignore a failed refresh', async () => {
    await expect(saveMirrorRow(db, 'divisi', async () => divisi(7, 'Gudang'), () => Promise.reject(new Error('offline')))).resolves.toEqual(
      divisi(7, 'Gudang'),
    );
  });

  it('should leave the mirror and skip the refresh when the server refuses', async () => {
    let refreshed = 0;
    const write = () => Promise.reject(new Error('409'));
    await expect(saveMirrorRow(db, 'divisi', write, async () => (refreshed += 1))).rejects.toThrow('409');
    expect(await db.divisi.count()).toBe(0);
    expect(refreshed).toBe(0);
  });
});

describe('removeMirrorRow', () => {
  it('should remove the row after the server deleted it and refresh', async () => {
    await db.divisi.put(divisi(7, 'Gudang'));
    let refreshed = 0;
    await expect(removeMirrorRow(db, 'divisi', 7, async () => undefined, async () => (refreshed += 1))).resolves.toBe(7);
    expect(await db.divisi.get(7)).toBeUndefined();
    expect(refreshed).toBe(1);
  });

  it('should keep the row when the server refuses', async () => {
    await db.divisi.put(divisi(7, 'Gudang'));
    let refreshed = 0;
    const write = () => Promise.reject(new Error('Tidak dapat menghapus divisi yang masih memiliki peserta terkait'));
    await expect(removeMirrorRow(db, 'divisi', 7, write, async () => (refreshed += 1))).rejects.toThrow('peserta terkait');
    expect(await db.divisi.get(7)).toEqual(divisi(7, 'Gudang'));
    expect(refreshed).toBe(0);
  });
});

describe('replaceMirror', () => {
  const kompetensi = (id: number, nama: string) => ({ id, nama, divisi_id: 1, jenjang: 'SMK' });

  it('should write nothing when the pull brings the rows the table holds, in any order', async () => {
    await replaceMirror(db, 'divisi', [divisi(1, 'Gudang'), divisi(2, 'Kasir')]);
    let writes = 0;
    db.divisi.hook('creating', () => void (writes += 1));
    await replaceMirror(db, 'divisi', [divisi(2, 'Kasir'), divisi(1, 'Gudang')]);
    expect(writes).toBe(0);
    expect(await db.divisi.toArray()).toEqual([divisi(1, 'Gudang'), divisi(2, 'Kasir')]);
  });

  it('should replace the table when a row changed, was added or was removed', async () => {
    await replaceMirror(db, 'divisi', [divisi(1, 'Gudang'), divisi(2, 'Kasir')]);
    await replaceMirror(db, 'divisi', [divisi(1, 'Gudang'), divisi(2, 'Kasir Utama')]);
    expect(await db.divisi.toArray()).toEqual([divisi(1, 'Gudang'), divisi(2, 'Kasir Utama')]);
    await replaceMirror(db, 'divisi', [divisi(1, 'Gudang'), divisi(2, 'Kasir Utama'), divisi(3, 'Gudang Dua')]);
    expect(await db.divisi.count()).toBe(3);
    await replaceMirror(db, 'divisi', [divisi(3, 'Gudang Dua')]);
    expect(await db.divisi.toArray()).toEqual([divisi(3, 'Gudang Dua')]);
  });

  it('should compare whole rows: same ids with another value are not the same rows', async () => {
    await db.kompetensi.bulkPut([kompetensi(1, 'Kerapian'), kompetensi(2, 'Disiplin')] as never);
    expect(await holdsRows(db.kompetensi, [kompetensi(2, 'Disiplin'), kompetensi(1, 'Kerapian')] as never)).toBe(true);
    expect(await holdsRows(db.kompetensi, [kompetensi(1, 'Kerapian'), kompetensi(2, 'Kedisiplinan')] as never)).toBe(false);
    expect(await holdsRows(db.kompetensi, [kompetensi(1, 'Kerapian')] as never)).toBe(false);
  });
});
