/**
 * Tables of issued certificates and their public check (drizzle pg-core, beside schema.ts; the
 * same conventions). An issued certificate keeps its snapshot and the SHA-256 of its PDF for
 * good; revocation only sets `dicabut_pada`. Images a snapshot names (signatures, the logo) are
 * kept by their SHA-256 in `dokumen_gambar`, never replaced, so a certificate reprints them
 * after the signer uploads a new signature.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SertifikatSnapshot } from '../../src/domain/sertifikat-terbit';
import { bytea, createdAt, peserta } from './schema';

/** Images printed on issued documents, content-addressed: `sha256` (hex) of `png`. Insert-only. */
export const dokumenGambar = pgTable(
  'dokumen_gambar',
  {
    sha256: text('sha256').primaryKey(),
    png: bytea('png').notNull(),
    created_at: createdAt(),
  },
  (t) => [check('dokumen_gambar_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * Issued certificates. At most one valid (not revoked) per participant, enforced by a partial
 * unique index, so concurrent third approvals issue exactly one. A deleted participant's
 * certificates stay (peserta_id null): the public check still answers from the snapshot.
 */
export const sertifikatTerbit = pgTable(
  'sertifikat_terbit',
  {
    id: serial('id').primaryKey(),
    peserta_id: integer('peserta_id').references(() => peserta.id, { onDelete: 'set null' }),
    /** 26 characters of Crockford base 32: 128 random bits. */
    kode: text('kode').notNull(),
    nomor: text('nomor').notNull(),
    tanggal_terbit: date('tanggal_terbit', { mode: 'string' }).notNull(),
    /** The verification URL printed in the QR code, frozen with the document. */
    url: text('url').notNull(),
    snapshot: jsonb('snapshot').$type<SertifikatSnapshot>().notNull(),
    pdf_sha256: text('pdf_sha256').notNull(),
    diterbitkan_pada: timestamp('diterbitkan_pada', { withTimezone: true }).notNull().defaultNow(),
    dicabut_pada: timestamp('dicabut_pada', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sertifikat_terbit_kode_idx').on(t.kode),
    uniqueIndex('sertifikat_terbit_valid_idx').on(t.peserta_id).where(sql`${t.dicabut_pada} is null`),
    index('sertifikat_terbit_peserta_idx').on(t.peserta_id),
  ],
);

/**
 * Public verification checks per client address in the current window (the limit of
 * GET /api/verifikasi/{code}), in the database so several instances share them.
 */
export const verifikasiAttempts = pgTable(
  'verifikasi_attempts',
  {
    address: text('address').primaryKey(),
    hits: integer('hits').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [index('verifikasi_attempts_window_start_idx').on(t.window_start)],
);

/** Organisation-wide settings HR changes in the app, by name (e.g. the logo's SHA-256). */
export const pengaturan = pgTable('pengaturan', {
  nama: text('nama').primaryKey(),
  nilai: text('nilai').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
