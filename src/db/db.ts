/**
 * The browser database (IndexedDB through Dexie 4), shared by the page and the service worker.
 * It owns the mirror tables (the last pulled server data, read by screens with useLiveQuery),
 * the outbox (mutations waiting for replay) and meta (session, cached profile, pull cursors).
 * It must never touch the DOM, sessionStorage or the network: it runs in the service worker too.
 */
import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  DivisiRecord,
  GradeRecord,
  ImageRecord,
  InstansiRecord,
  KompetensiRecord,
  MetaRecord,
  NotifikasiRecord,
  NilaiRecord,
  OutboxRecord,
  PesertaRecord,
  PresensiRecord,
  ReviewRecord,
  RiwayatRecord,
  SertifikatRecord,
  SertifikatSnapshotRecord,
  UserRecord,
} from './records';

import type { SertifikatRow } from '@/domain/sertifikat-terbit';
import { DB_NAME } from './db-name';
import { splitStoredRow } from './sertifikat-split';
import { quotaWatch } from './quota';

/** Name of the production database (its own module: src/db/session-read needs it without Dexie). */
export { DB_NAME };

/** The mirror tables: cleared on logout, refilled by pulls. */
export const MIRROR_TABLES = [
  'peserta',
  'nilai',
  'reviews',
  'kompetensi',
  'divisi',
  'instansi',
  'grade',
  'users',
  'sertifikat',
  'sertifikatSnapshot',
  'images',
  'riwayat',
  'presensi',
  'notifikasi',
] as const;
/** Name of one mirror table. */
export type MirrorTable = (typeof MIRROR_TABLES)[number];

/** The Magang database: typed tables over one IndexedDB database. */
export class MagangDb extends Dexie {
  declare peserta: Table<PesertaRecord, number>;
  declare nilai: Table<NilaiRecord, [number, number]>;
  declare reviews: Table<ReviewRecord, [number, string]>;
  declare kompetensi: Table<KompetensiRecord, number>;
  declare divisi: Table<DivisiRecord, number>;
  declare instansi: Table<InstansiRecord, number>;
  declare grade: Table<GradeRecord, number>;
  declare users: Table<UserRecord, number>;
  declare sertifikat: Table<SertifikatRecord, number>;
  declare sertifikatSnapshot: Table<SertifikatSnapshotRecord, number>;
  declare images: Table<ImageRecord, string>;
  declare riwayat: Table<RiwayatRecord, number>;
  declare presensi: Table<PresensiRecord, [number, string]>;
  declare notifikasi: Table<NotifikasiRecord, number>;
  declare outbox: EntityTable<OutboxRecord, 'seq'>;
  declare meta: Table<MetaRecord, string>;

  constructor(name: string = DB_NAME) {
    super(name);
    // Version 1 is shipped: never edit it. To change the schema add a new declaration below,
    // keeping this one, e.g.
    //   this.version(2).stores({ peserta: 'id, jenjang, mentor_id, divisi_id, updatedAt, instansi_id' })
    //     .upgrade((tx) => tx.table('peserta').toCollection().modify((row) => { ... }));
    // Only the changed tables need listing in version(2); `null` deletes a table. Keep changes
    // additive: an old service worker still running may open the database with version 1 code.
    this.version(1).stores({
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
    // Version 2: the certificate screens' mirror (fully approved participants of each level)
    // and the signers' signature PNGs, so documents are made on the device while offline.
    this.version(2).stores({
      sertifikat: 'id, jenjang',
      signatures: 'userId',
    });
    // Version 3: each participant's history (Riwayat) as last pulled, shown offline.
    this.version(3).stores({ riwayat: 'pesertaId' });
    // Version 4: the images issued certificates print, by the SHA-256 their snapshot names
    // (table images); the per-user signature cache of version 2 (table signatures) goes, as
    // documents print only from the snapshot. No service worker code ever read that table.
    this.version(4).stores({ images: 'sha256', signatures: null });
    // Version 5: attendance marks (Presensi), one per participant and date, read by participant
    // (its days) and by date (a group's day).
    this.version(5).stores({ presensi: '[peserta_id+tanggal], peserta_id, tanggal' });
    // Version 6: the user's notifications (the inbox), newest first by `dibuat`.
    this.version(6).stores({ notifikasi: 'id, dibuat' });
    // Version 7: the issued certificates' snapshots leave the certificate rows for their own
    // table (by participant id, a level's by `jenjang`, the images they print by `images`), so the
    // certificate list reads only what it shows. A device's stored rows are split here, so
    // certificates stay printable offline across the update; the outbox is not touched.
    this.version(7)
      .stores({ sertifikatSnapshot: 'id, jenjang, *images' })
      .upgrade(async (tx) => {
        const rows: SertifikatRow[] = await tx.table('sertifikat').toArray();
        const split = rows.map(splitStoredRow);
        await tx.table('sertifikat').bulkPut(split.map((part) => part.listRow));
        await tx.table('sertifikatSnapshot').bulkPut(split.flatMap((part) => (part.snapshot ? [part.snapshot] : [])));
      });
    this.use(quotaWatch);
  }
}

/** The app's database instance (opened lazily on first use). */
export const db = new MagangDb();
