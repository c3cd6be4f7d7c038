import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { getCursor } from '@/db/meta';
import { enqueue } from '@/sync/outbox';
import { pullMentorPeserta, pullPesertaMirror } from '@/sync/pull-peserta';
import { peserta } from '../helpers/factories';

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`pull-peserta-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

/** A fake API answering queued bodies in order and recording the paths asked. */
function fakeApi(answers: unknown[], paths: string[] = []) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async (input) => {
      paths.push(new URL(String(input), 'http://localhost').pathname + new URL(String(input), 'http://localhost').search);
      return new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

describe('pullPesertaMirror', () => {
  it('should replace the tables on the first pull and keep the cursor', async () => {
    await db.peserta.put({ ...peserta(99) });
    const paths: string[] = [];
    const result = await pullPesertaMirror(fakeApi([{ data: [peserta(1), peserta(2)], cursor: '500' }], paths), db);
    expect(result).toEqual({ changed: 2, deleted: 0, full: true });
    expect(paths).toEqual(['/api/peserta']);
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2]);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 70 });
    expect(await db.reviews.where('peserta_id').equals(2).count()).toBe(3);
    expect(await getCursor(db, 'peserta')).toBe('500');
  });

  it('should apply only changes and deletions with the cursor', async () => {
    const paths: string[] = [];
    await pullPesertaMirror(fakeApi([{ data: [peserta(1), peserta(2)], cursor: '500' }]), db);
    const changed = peserta(1, { nama: 'Baru', nilai: [{ kompetensi_id: 11, skor: 90 }] });
    const result = await pullPesertaMirror(fakeApi([{ data: [changed], deleted: [2], cursor: '600' }], paths), db);
    expect(paths).toEqual(['/api/peserta?since=500']);
    expect(result).toEqual({ changed: 1, deleted: 1, full: false });
    expect((await db.peserta.toArray()).map((row) => [row.id, row.nama])).toEqual([[1, 'Baru']]);
    expect(await db.nilai.toArray()).toEqual([{ peserta_id: 1, kompetensi_id: 11, skor: 90 }]);
    expect(await db.reviews.where('peserta_id').equals(2).count()).toBe(0);
    expect(await getCursor(db, 'peserta')).toBe('600');
  });

  it('should keep a queued change applied over the pulled row', async () => {
    await pullPesertaMirror(fakeApi([{ data: [peserta(1)], cursor: '1' }]), db);
    const entry = await enqueue(db, {
      user: 3,
      role: 'Mentor',
      kind: 'nilai.save',
      pesertaId: 1,
      payload: { nilai_data: [{ peserta_id: 1, kompetensi_id: 10, skor: 95 }] },
    });
    await pullPesertaMirror(fakeApi([{ data: [peserta(1)], deleted: [], cursor: '2' }]), db);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 95, pendingKey: entry.key });
    expect((await db.peserta.get(1))?.nama).toBe('Peserta 1');
  });
});

describe('pullMentorPeserta', () => {
  it('should replace the mirror with the mentor\'s participants and their competency count', async () => {
    await db.peserta.put({ ...peserta(7) });
    const paths: string[] = [];
    await pullMentorPeserta(fakeApi([{ data: [{ ...peserta(1), kompetensi_count: 4 }] }], paths), db);
    expect(paths).toEqual(['/api/nilai/mentor/peserta']);
    expect(await db.peserta.toArray()).toMatchObject([{ id: 1, kompetensi_count: 4 }]);
  });
});
