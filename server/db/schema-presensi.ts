/**
 * Attendance marks (Presensi), beside schema.ts with the same conventions: one mark per
 * participant per date, corrected in place (the mark, its note and who set it last). `change_xid`
 * is the `?since=` cursor of the mentor's incremental pull (server/services/presensi.ts); a
 * participant's marks go with the participant.
 */
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { PRESENSI_STATUS, type PresensiStatus } from '../../src/domain/presensi';
import { changeXid, oneOf, peserta, users } from './schema';

export const presensi = pgTable(
  'presensi',
  {
    peserta_id: integer('peserta_id')
      .notNull()
      .references(() => peserta.id, { onDelete: 'cascade' }),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    status: text('status').$type<PresensiStatus>().notNull(),
    catatan: text('catatan'),
    /** Who set the mark last (null once that account is deleted). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    change_xid: changeXid(),
  },
  (t) => [
    primaryKey({ name: 'presensi_pk', columns: [t.peserta_id, t.tanggal] }),
    check('presensi_status_check', oneOf(t.status, PRESENSI_STATUS)),
    index('presensi_change_xid_idx').on(t.change_xid),
    index('presensi_tanggal_idx').on(t.tanggal),
  ],
);
