import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { clearUserData, getCursor, saveSession } from '@/db/meta';
import { enqueue } from '@/sync/outbox';
import { pullMentorPeserta, pullPesertaMirror } from '@/sync/pull-peserta';
import { peserta } from '../helpers/factories';

/** The working set's first end date the fake server answers. */
const BATAS = '2025-11-01';

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`pull-peserta-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

/** Mentor 3 queues a score of 95 on competency 10 of participant `pesertaId`. */
function queueScore95(pesertaId: number) {
  return enqueue(db, {
    user: 3,
    role: 'Mentor',
    kind: 'nilai.save',
    pesertaId,
    payload: { nilai_data: [{ peserta_id: pesertaId, kompetensi_id: 10, skor: 95 }] },
  });
}

/** A fake API answering queued bodies in order (a Response as given) and recording the paths asked. */
function fakeApi(answers: unknown[], paths: string[] = [], onRequest?: (path: string) => Promise<void>) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname + new URL(String(input), 'http://localhost').search;
      paths.push(path);
      await onRequest?.(path);
      const answer = answers.shift();
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

describe('pullPesertaMirror', () => {
  it('should replace the tables on the first pull and keep the cursor', async () => {
    await db.peserta.put({ ...peserta(99) });
    const paths: string[] = [];
    const result = await pullPesertaMirror(fakeApi([{ data: [peserta(1), peserta(2)], cursor: '500', next: null, total: 2, batas: BATAS }], paths), db);
    expect(result).toEqual({ changed: 2, deleted: 0, full: true });
    expect(paths).toEqual(['/api/peserta?lingkup=kerja&limit=200']);
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2]);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 70 });
    expect(await db.reviews.where('peserta_id').equals(2).count()).toBe(3);
    expect(await getCursor(db, 'peserta')).toBe('500');
  });

  it('should apply only changes and deletions with the cursor', async () => {
    const paths: string[] = [];
    await pullPesertaMirror(fakeApi([{ data: [peserta(1), peserta(2)], cursor: '500', next: null, total: 2, batas: BATAS }]), db);
    const changed = peserta(1, { nama: 'Baru', nilai: [{ kompetensi_id: 11, skor: 90 }] });
    const result = await pullPesertaMirror(fakeApi([{ data: [changed], deleted: [2], cursor: '600' }], paths), db);
    expect(paths).toEqual(['/api/peserta?lingkup=kerja&since=500&batas=2025-11-01']);
    expect(result).toEqual({ changed: 1, deleted: 1, full: false });
    expect((await db.peserta.toArray()).map((row) => [row.id, row.nama])).toEqual([[1, 'Baru']]);
    expect(await db.nilai.toArray()).toEqual([{ peserta_id: 1, kompetensi_id: 11, skor: 90 }]);
    expect(await db.reviews.where('peserta_id').equals(2).count()).toBe(0);
    expect(await getCursor(db, 'peserta')).toBe('600');
  });

  it('should keep a queued change applied over the pulled row', async () => {
    await pullPesertaMirror(fakeApi([{ data: [peserta(1)], cursor: '1', next: null, total: 1, batas: BATAS }]), db);
    const entry = await queueScore95(1);
    await pullPesertaMirror(fakeApi([{ data: [peserta(1)], deleted: [], cursor: '2' }]), db);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 95, pendingKey: entry.key });
    expect((await db.peserta.get(1))?.nama).toBe('Peserta 1');
  });
});

describe('pullPesertaMirror, first pull in pages', () => {
  const pages = () => [
    { data: [peserta(1), peserta(2)], cursor: '500', next: 2, total: 5, batas: BATAS },
    { data: [peserta(3), peserta(4)], cursor: '510', next: 4 },
    { data: [peserta(5)], cursor: '520', next: null },
  ];

  it("should write every page, report progress, and store the first page's cursor only at the end", async () => {
    await db.peserta.put({ ...peserta(99) }); // a stale row of an earlier pull: replaced
    const paths: string[] = [];
    const progress: [number, number][] = [];
    const seenBeforeRequest: { rows: number[]; cursor: string | null }[] = [];
    const api = fakeApi(pages(), paths, async () => {
      seenBeforeRequest.push({ rows: (await db.peserta.toArray()).map((row) => row.id), cursor: await getCursor(db, 'peserta') });
    });
    const result = await pullPesertaMirror(api, db, { pageRows: 2, onProgress: (loaded, total) => progress.push([loaded, total]) });

    expect(paths).toEqual(['/api/peserta?lingkup=kerja&limit=2', '/api/peserta?lingkup=kerja&limit=2&after=2', '/api/peserta?lingkup=kerja&limit=2&after=4']);
    expect(result).toEqual({ changed: 5, deleted: 0, full: true });
    expect(progress).toEqual([
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    // One page is asked for while the one before is written; no cursor until the end.
    expect(seenBeforeRequest.map((seen) => seen.cursor)).toEqual([null, null, null]);
    expect(seenBeforeRequest[0]?.rows).toEqual([99]);
    expect(seenBeforeRequest[2]?.rows).toEqual([1, 2]); // never more than one page ahead of the mirror
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(await db.reviews.count()).toBe(15);
    expect(await db.nilai.get([5, 10])).toMatchObject({ skor: 70 });
    expect(await getCursor(db, 'peserta')).toBe('500');

    // The next pull is incremental from the first page's cursor.
    const next: string[] = [];
    await pullPesertaMirror(fakeApi([{ data: [], deleted: [3], cursor: '530' }], next), db);
    expect(next).toEqual(['/api/peserta?lingkup=kerja&since=500&batas=2025-11-01']);
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2, 4, 5]);
  });

  it('should leave no cursor when page 2 fails, keep page 1 readable, and start over next time', async () => {
    const failing = [pages()[0], new Response(JSON.stringify({ message: 'Server error' }), { status: 500, headers: { 'Content-Type': 'application/json' } })];
    await expect(pullPesertaMirror(fakeApi(failing), db, { pageRows: 2 })).rejects.toThrow();
    expect(await getCursor(db, 'peserta')).toBeNull();
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2]);
    expect(await db.reviews.where('peserta_id').equals(2).count()).toBe(3);

    const paths: string[] = [];
    await pullPesertaMirror(fakeApi(pages(), paths), db, { pageRows: 2 });
    expect(paths[0]).toBe('/api/peserta?lingkup=kerja&limit=2');
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(await getCursor(db, 'peserta')).toBe('500');
  });

  it('should write nothing more once the session ends between pages (logout mid-pull)', async () => {
    await saveSession(db, { token: 'tok-a', userRole: 'HR', username: 'hr' });
    let asked = 0;
    const api = fakeApi(pages(), [], async () => {
      asked += 1;
      // The second page is asked for while page 1 is written; the user logs out meanwhile.
      if (asked === 2) await clearUserData(db);
    });
    await pullPesertaMirror(api, db, { pageRows: 2 });
    expect(await db.peserta.count()).toBe(0);
    expect(await db.reviews.count()).toBe(0);
    expect(await getCursor(db, 'peserta')).toBeNull();
  });

  it('should keep a queued change applied over a participant that arrives on a later page', async () => {
    const entry = await queueScore95(5);
    await pullPesertaMirror(fakeApi(pages()), db, { pageRows: 2 });
    expect(await db.nilai.get([5, 10])).toMatchObject({ skor: 95, pendingKey: entry.key });
  });

  it('should run two pulls one after the other: the second asks only for changes', async () => {
    const paths: string[] = [];
    const api = fakeApi([...pages(), { data: [], deleted: [], cursor: '600' }], paths);
    await Promise.all([pullPesertaMirror(api, db, { pageRows: 2 }), pullPesertaMirror(api, db, { pageRows: 2 })]);
    expect(paths).toEqual(['/api/peserta?lingkup=kerja&limit=2', '/api/peserta?lingkup=kerja&limit=2&after=2', '/api/peserta?lingkup=kerja&limit=2&after=4', '/api/peserta?lingkup=kerja&since=500&batas=2025-11-01']);
    expect(await getCursor(db, 'peserta')).toBe('600');
  });
});

describe('pullMentorPeserta', () => {
  it('should replace the mirror with the mentor\'s participants and their competency count', async () => {
    await db.peserta.put({ ...peserta(7) });
    const paths: string[] = [];
    await pullMentorPeserta(fakeApi([{ data: [{ ...peserta(1), kompetensi_count: 4 }] }], paths), db);
    expect(paths).toEqual(['/api/nilai/mentor/peserta?lingkup=kerja']);
    expect(await db.peserta.toArray()).toMatchObject([{ id: 1, kompetensi_count: 4 }]);
  });

  const answer = () => ({ data: [{ ...peserta(1), kompetensi_count: 4 }, { ...peserta(2), kompetensi_count: 4 }] });
  /** Counts the rows put into the participant mirror from now on. */
  function countPesertaWrites(): { count: number } {
    const writes = { count: 0 };
    db.peserta.hook('creating', () => void (writes.count += 1));
    return writes;
  }

  it('should write nothing when the answer is what the mirror holds', async () => {
    await pullMentorPeserta(fakeApi([answer()]), db);
    const writes = countPesertaWrites();
    await pullMentorPeserta(fakeApi([answer()]), db);
    expect(writes.count).toBe(0);
    expect((await db.peserta.toArray()).map((row) => row.id)).toEqual([1, 2]);

    const changed = answer();
    changed.data[1]!.nama = 'Peserta Dua';
    await pullMentorPeserta(fakeApi([changed]), db);
    expect(writes.count).toBe(2);
    expect((await db.peserta.get(2))?.nama).toBe('Peserta Dua');
  });

  it('should write and lay a queued change over the answer even when the answer is unchanged', async () => {
    await pullMentorPeserta(fakeApi([answer()]), db);
    const entry = await queueScore95(1);
    const writes = countPesertaWrites();
    await pullMentorPeserta(fakeApi([answer()]), db);
    expect(writes.count).toBe(2);
    expect(await db.nilai.get([1, 10])).toMatchObject({ skor: 95, pendingKey: entry.key });
  });
});
