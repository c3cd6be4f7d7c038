import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MagangDb } from '@/db/db';
import { removeMirrorRow, saveMirrorRow } from '@/db/mirror';

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
