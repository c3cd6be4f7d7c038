import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { MagangDb, MIRROR_TABLES } from '@/db/db';
import { sertifikatRow } from '../helpers/documents';
import { terbitRow } from '../helpers/sertifikat-terbit';

let db: MagangDb;
afterEach(async () => {
  await db.delete();
});

describe('MagangDb', () => {
  it('should open version 7 with the mirror (certificates, their snapshots and images, history, attendance and notifications included), outbox and meta tables', async () => {
    db = new MagangDb('schema-test');
    await db.open();
    expect(db.verno).toBe(7);
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual([...MIRROR_TABLES, 'outbox', 'meta'].sort());
    expect(MIRROR_TABLES).toContain('sertifikat');
    expect(MIRROR_TABLES).toContain('sertifikatSnapshot');
    expect(MIRROR_TABLES).toContain('images');
    expect(names).not.toContain('signatures');
    expect(MIRROR_TABLES).toContain('riwayat');
    expect(MIRROR_TABLES).toContain('presensi');
    expect(MIRROR_TABLES).toContain('notifikasi');
  });

  it('should upgrade a version 1 database and keep its data', async () => {
    const old = new Dexie('schema-upgrade');
    old.version(1).stores({
      peserta: 'id, jenjang, mentor_id, divisi_id, updatedAt',
      nilai: '[peserta_id+kompetensi_id], peserta_id',
      reviews: '[peserta_id+role_reviewer], peserta_id',
      kompetensi: 'id, jenjang',
      divisi: 'id',
      instansi: 'id, jenis',
      grade: 'id, kategori',
      users: 'id, role, username',
      outbox: '++seq, &key, user, state, pesertaId, createdAt',
      meta: 'key',
    });
    await old.table('divisi').put({ id: 1, nama: 'Keuangan' });
    old.close();
    db = new MagangDb('schema-upgrade');
    await db.open();
    expect(db.verno).toBe(7);
    expect(await db.divisi.get(1)).toEqual({ id: 1, nama: 'Keuangan' });
    await db.images.put({ sha256: 'ab', png: new Uint8Array([1, 2]) });
    expect((await db.images.get('ab'))?.png).toBeInstanceOf(Uint8Array);
    expect(await db.sertifikat.where('jenjang').equals('SMK').count()).toBe(0);
    expect(await db.riwayat.get(1)).toBeUndefined();
  });

  it('should upgrade a version 3 database: the per-user signature cache goes, the image store comes, the rest stays', async () => {
    const old = new Dexie('schema-upgrade-3');
    old.version(1).stores({ divisi: 'id', meta: 'key' });
    old.version(2).stores({ sertifikat: 'id, jenjang', signatures: 'userId' });
    old.version(3).stores({ riwayat: 'pesertaId' });
    await old.table('signatures').put({ userId: 3, sha256: 'ab', png: new Uint8Array([1, 2]) });
    await old.table('sertifikat').put({ id: 9, jenjang: 'SMK' });
    old.close();
    db = new MagangDb('schema-upgrade-3');
    await db.open();
    expect(db.verno).toBe(7);
    expect(db.backendDB().objectStoreNames.contains('signatures')).toBe(false);
    expect(await db.sertifikat.get(9)).toEqual({ id: 9, jenjang: 'SMK' });
    await db.images.put({ sha256: 'cd', png: new Uint8Array([3]) });
    expect(await db.images.toCollection().primaryKeys()).toEqual(['cd']);
  });

  it('should upgrade a version 4 database: the attendance table comes, the rest stays', async () => {
    const old = new Dexie('schema-upgrade-4');
    old.version(1).stores({ divisi: 'id', meta: 'key' });
    old.version(2).stores({ sertifikat: 'id, jenjang', signatures: 'userId' });
    old.version(3).stores({ riwayat: 'pesertaId' });
    old.version(4).stores({ images: 'sha256', signatures: null });
    await old.table('riwayat').put({ pesertaId: 5, entries: [], fetchedAt: 1 });
    await old.table('meta').put({ key: 'cursor:peserta', value: '42' });
    old.close();
    db = new MagangDb('schema-upgrade-4');
    await db.open();
    expect(db.verno).toBe(7);
    expect(await db.riwayat.get(5)).toEqual({ pesertaId: 5, entries: [], fetchedAt: 1 });
    expect(await db.meta.get('cursor:peserta')).toEqual({ key: 'cursor:peserta', value: '42' });
    expect(await db.presensi.count()).toBe(0);
  });

  it('should upgrade a version 5 database: the notifications table comes, the marks stay', async () => {
    const old = new Dexie('schema-upgrade-5');
    old.version(1).stores({ divisi: 'id', meta: 'key' });
    old.version(2).stores({ sertifikat: 'id, jenjang', signatures: 'userId' });
    old.version(3).stores({ riwayat: 'pesertaId' });
    old.version(4).stores({ images: 'sha256', signatures: null });
    old.version(5).stores({ presensi: '[peserta_id+tanggal], peserta_id, tanggal' });
    await old.table('presensi').put({ peserta_id: 1, tanggal: '2026-11-02', status: 'Hadir', catatan: null });
    old.close();
    db = new MagangDb('schema-upgrade-5');
    await db.open();
    expect(db.verno).toBe(7);
    expect(await db.presensi.get([1, '2026-11-02'])).toEqual({ peserta_id: 1, tanggal: '2026-11-02', status: 'Hadir', catatan: null });
    await db.notifikasi.put({ id: 3, jenis: 'ditolak', judul: 'Peserta ditolak', isi: 'x', tautan: '/approval', dibaca: false, dibuat: '2026-11-26T01:00:00.000Z' });
    expect(await db.notifikasi.orderBy('dibuat').primaryKeys()).toEqual([3]);
  });

  it("should upgrade a version 6 database: each certificate's snapshot moves to its own table, the rows keep what the list shows, the outbox stays", async () => {
    const old = new Dexie('schema-upgrade-6');
    old.version(1).stores({ divisi: 'id', outbox: '++seq, &key, user, state, pesertaId, createdAt', meta: 'key' });
    old.version(2).stores({ sertifikat: 'id, jenjang', signatures: 'userId' });
    old.version(3).stores({ riwayat: 'pesertaId' });
    old.version(4).stores({ images: 'sha256', signatures: null });
    old.version(5).stores({ presensi: '[peserta_id+tanggal], peserta_id, tanggal' });
    old.version(6).stores({ notifikasi: 'id, dibuat' });
    const signature = 'a'.repeat(64);
    const peserta = sertifikatRow({ id: 4, penandatangan: { Pembimbing: { id: 7, username: 'budi', signature }, BusHead: null } });
    const issued = terbitRow(peserta);
    const mahasiswa = terbitRow(sertifikatRow({ id: 5, jenjang: 'Mahasiswa' }), null);
    await old.table('sertifikat').bulkPut([issued, mahasiswa]);
    await old.table('images').put({ sha256: signature, png: new Uint8Array([1]) });
    const queued = { key: 'k1', user: 'hr', state: 'pending', pesertaId: 4, createdAt: 1, kind: 'nilai.save', payload: { skor: 80 } };
    await old.table('outbox').add(queued);
    old.close();
    db = new MagangDb('schema-upgrade-6');
    await db.open();
    expect(db.verno).toBe(7);
    const { snapshot, ...fields } = issued.sertifikat!;
    expect(await db.sertifikat.get(4)).toEqual({ ...peserta, sertifikat: { ...fields, missingSignatures: ['BusHead'] } });
    expect(await db.sertifikat.get(5)).toEqual(mahasiswa);
    expect(await db.sertifikatSnapshot.toArray()).toEqual([{ id: 4, jenjang: peserta.jenjang, kode: fields.kode, images: [signature], snapshot }]);
    expect(await db.sertifikatSnapshot.where('images').equals(signature).primaryKeys()).toEqual([4]);
    expect((await db.images.get(signature))?.png).toEqual(new Uint8Array([1]));
    expect(await db.outbox.toArray()).toEqual([{ ...queued, seq: 1 }]);
  });

  it('should key attendance marks by participant and date, and read them by participant and by date', async () => {
    db = new MagangDb('schema-presensi');
    await db.presensi.put({ peserta_id: 1, tanggal: '2026-11-02', status: 'Hadir', catatan: null });
    await db.presensi.put({ peserta_id: 1, tanggal: '2026-11-02', status: 'Sakit', catatan: null });
    await db.presensi.put({ peserta_id: 1, tanggal: '2026-11-03', status: 'Hadir', catatan: null });
    await db.presensi.put({ peserta_id: 2, tanggal: '2026-11-02', status: 'Izin', catatan: 'Keluarga' });
    expect(await db.presensi.count()).toBe(3);
    expect((await db.presensi.get([1, '2026-11-02']))?.status).toBe('Sakit');
    expect(await db.presensi.where('peserta_id').equals(1).count()).toBe(2);
    expect((await db.presensi.where('tanggal').equals('2026-11-02').sortBy('peserta_id')).map((m) => m.peserta_id)).toEqual([1, 2]);
  });

  it('should key nilai and reviews by their compound keys', async () => {
    db = new MagangDb('schema-keys');
    await db.nilai.put({ peserta_id: 1, kompetensi_id: 2, skor: 80 });
    await db.nilai.put({ peserta_id: 1, kompetensi_id: 2, skor: 90 });
    await db.reviews.put({ peserta_id: 1, role_reviewer: 'HR', status: 'Menunggu', catatan: null });
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
