/**
 * Notifications (Notifikasi), beside schema.ts with the same conventions: one row per person
 * told, read or unread, kept NOTIFIKASI_KEEP_DAYS days. The texts are not stored: the inbox
 * renders them from `jenis`, `fakta` and, for a digest, the count of `peserta_ids`
 * (src/domain/notifikasi.ts). A digest ('menunggu_persetujuan', 'sertifikat_siap') is ONE
 * unread row per person and link (a partial unique index), its participants added and removed
 * as they reach and leave the step. `change_xid` is the `?since=` cursor of the inbox pull;
 * a row deleted before it was read leaves a tombstone in `deletions`.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DIGEST_JENIS, NOTIFIKASI_JENIS, type NotifikasiFakta, type NotifikasiJenis } from '../../src/domain/notifikasi';
import { changeXid, oneOf, users } from './schema';

export const notifikasi = pgTable(
  'notifikasi',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jenis: text('jenis').$type<NotifikasiJenis>().notNull(),
    /** The participants a digest counts; the one participant of any other notification. */
    peserta_ids: integer('peserta_ids').array().notNull().default(sql`'{}'::integer[]`),
    fakta: jsonb('fakta').$type<NotifikasiFakta>().notNull().default({}),
    tautan: text('tautan').notNull(),
    dibaca: boolean('dibaca').notNull().default(false),
    dibuat: timestamp('dibuat', { withTimezone: true }).notNull().defaultNow(),
    change_xid: changeXid(),
  },
  (t) => [
    check('notifikasi_jenis_check', oneOf(t.jenis, NOTIFIKASI_JENIS)),
    index('notifikasi_user_change_xid_idx').on(t.user_id, t.change_xid),
    index('notifikasi_dibuat_idx').on(t.dibuat),
    uniqueIndex('notifikasi_digest_unread_idx')
      .on(t.user_id, t.jenis, t.tautan)
      .where(sql`not ${t.dibaca} and ${oneOf(t.jenis, DIGEST_JENIS)}`),
  ],
);
