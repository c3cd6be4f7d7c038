/**
 * The history table (Riwayat), beside schema.ts with the same conventions.
 */
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { RIWAYAT_JENIS, type RiwayatJenis, type RiwayatPerubahan, type RiwayatPresensi } from '../../src/domain/riwayat';
import type { Role } from '../../src/domain/roles';
import { oneOf } from './schema';

/**
 * The history (Riwayat) of every score change and approval decision, append-only: written in
 * the same transaction as the change it records (server/services/riwayat.ts); a trigger
 * (migration 0006) refuses every UPDATE and DELETE. No foreign keys: a deleted participant or
 * account keeps its history, with the names and role as they were (`peserta_nama`,
 * `username`, `role`).
 */
export const riwayat = pgTable(
  'riwayat',
  {
    id: serial('id').primaryKey(),
    peserta_id: integer('peserta_id').notNull(),
    peserta_nama: text('peserta_nama').notNull(),
    jenis: text('jenis').$type<RiwayatJenis>().notNull(),
    user_id: integer('user_id').notNull(),
    username: text('username').notNull(),
    role: text('role').$type<Role>().notNull(),
    waktu_server: timestamp('waktu_server', { withTimezone: true }).notNull().defaultNow(),
    /** When the change was made on the device, for a change that waited in the outbox; null online. */
    waktu_perangkat: timestamp('waktu_perangkat', { withTimezone: true }),
    offline: boolean('offline').notNull().default(false),
    /** Per competency: `sebelum` → `sesudah` (null: no score); empty for decisions. */
    perubahan: jsonb('perubahan').$type<RiwayatPerubahan[]>().notNull().default([]),
    /** Attendance marks HR corrected (jenis 'presensi'): `sebelum` → `sesudah` per date; empty otherwise. */
    presensi: jsonb('presensi').$type<RiwayatPresensi[]>().notNull().default([]),
    catatan: text('catatan'),
  },
  (t) => [
    check('riwayat_jenis_check', oneOf(t.jenis, RIWAYAT_JENIS)),
    index('riwayat_peserta_idx').on(t.peserta_id, t.id),
  ],
);
