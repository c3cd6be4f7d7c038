/**
 * The PostgreSQL schema of the product's core entities (drizzle pg-core); issued certificates,
 * attendance and the history have files of their own beside it (schema-sertifikat.ts,
 * schema-presensi.ts, schema-riwayat.ts), with these conventions. Owns the table shapes; `npx drizzle-kit generate` turns changes into a NEW migration under
 * server/db/migrations — never edit an applied migration.
 *
 * Conventions: snake_case names as the API speaks them; enum-like columns are text with a
 * CHECK built from the src/domain constants (adding a value = a new migration, no enum type
 * to alter); `updated_at` on rows that clients mirror, indexed for `?since=` pulls; deleted
 * rows leave a tombstone in `deletions` for the same pulls.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_STEPS,
  type ApprovalStep,
  MENUNGGU,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '../../src/domain/approval-chain';
import { INSTANSI_JENIS, type InstansiJenis, JENJANG, type Jenjang } from '../../src/domain/master-data';
import { ROLES, type Role } from '../../src/domain/roles';

/** `column IN ('a', 'b')` from a list of domain constants (fixed identifiers, no user input). */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

/**
 * The id of the transaction that last wrote the row (PostgreSQL's 64-bit `pg_current_xact_id()`):
 * the `?since=` cursor of incremental pulls. Set on insert by this default and on every update
 * by a trigger (migration 0002), so a cursor taken as the snapshot's xmin never misses a row
 * whose transaction committed late (server/services/peserta-read.ts explains the cursor).
 */
export const changeXid = () =>
  bigint('change_xid', { mode: 'number' })
    .notNull()
    .default(sql`(pg_current_xact_id()::text::bigint)`);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Set by drizzle on every update; the `?since=` cursor of incremental pulls. */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Staff accounts. `password_hash` never leaves the server. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    employee_id: text('employee_id').notNull().unique('users_employee_id_unique'),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    /**
     * The `tv` claim every token of this user must carry: a password change adds one, so the
     * user's older tokens answer 401 (an integer, not a time: two changes in one second differ).
     */
    token_version: integer('token_version').notNull().default(0),
    /** Full name printed under the user's signature on documents; null: the username is printed. */
    nama_lengkap: text('nama_lengkap'),
    /** Job title printed under that name (e.g. 'Kepala Divisi Operasional'); null: no title line. */
    jabatan: text('jabatan'),
    /** The profile's 'Terima pengingat' switch: false, the daily reminders skip this user. */
    terima_pengingat: boolean('terima_pengingat').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Usernames are unique case-insensitively, so a case-insensitive login is unambiguous.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    check('users_role_check', oneOf(t.role, ROLES)),
  ],
);

/**
 * PostgreSQL `bytea` as a plain Uint8Array on both drivers. postgres.js sends only a Buffer as
 * bytea, so values go out as Buffers; it answers Buffers too, which come back as a plain
 * Uint8Array copy (PGlite answers one already): a Buffer is not interchangeable with one
 * everywhere (its toJSON, for one), and documents must get the same bytes as on the device.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => (Buffer.isBuffer(value) ? new Uint8Array(value) : value),
});

/**
 * The signature PNG of a Pembimbing or BusHead, stored in the database so every instance
 * serves it. `sha256` (hex) names the version: the ETag of the image, the `?v=` of
 * `signature_url` and the signer's `signature` in certificate rows. Lists read only the hash.
 */
export const userSignatures = pgTable(
  'user_signatures',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    png: bytea('png').notNull(),
    sha256: text('sha256').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [check('user_signatures_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
);

/** Schools (Sekolah) and campuses (Kampus). */
export const instansi = pgTable(
  'instansi',
  {
    id: serial('id').primaryKey(),
    nama: text('nama').notNull(),
    jenis: text('jenis').$type<InstansiJenis>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // CSV import matches institution names case-insensitively: keep them unambiguous.
    uniqueIndex('instansi_nama_lower_unique').on(sql`lower(${t.nama})`),
    check('instansi_jenis_check', oneOf(t.jenis, INSTANSI_JENIS)),
  ],
);

/** Divisions of the organisation. */
export const divisi = pgTable(
  'divisi',
  {
    id: serial('id').primaryKey(),
    nama: text('nama').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('divisi_nama_lower_unique').on(sql`lower(${t.nama})`)],
);

/** Competencies, per level (jenjang); linked to divisions through divisi_kategori. */
export const kompetensi = pgTable(
  'kompetensi',
  {
    id: serial('id').primaryKey(),
    nama: text('nama').notNull(),
    jenjang: text('jenjang').$type<Jenjang>().notNull(),
    aktif: boolean('aktif').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('kompetensi_nama_jenjang_unique').on(sql`lower(${t.nama})`, t.jenjang),
    check('kompetensi_jenjang_check', oneOf(t.jenjang, JENJANG)),
  ],
);

/** Which competencies apply in which division (many-to-many). */
export const divisiKategori = pgTable(
  'divisi_kategori',
  {
    id: serial('id').primaryKey(),
    kompetensi_id: integer('kompetensi_id')
      .notNull()
      .references(() => kompetensi.id, { onDelete: 'cascade' }),
    divisi_id: integer('divisi_id')
      .notNull()
      .references(() => divisi.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('divisi_kategori_pair_unique').on(t.kompetensi_id, t.divisi_id),
    index('divisi_kategori_divisi_idx').on(t.divisi_id),
  ],
);

/** Interns of both levels; level-specific fields live in peserta_siswa / peserta_mahasiswa. */
export const peserta = pgTable(
  'peserta',
  {
    id: serial('id').primaryKey(),
    nama: text('nama').notNull(),
    jenjang: text('jenjang').$type<Jenjang>().notNull(),
    // An institution or division with participants cannot be deleted.
    instansi_id: integer('instansi_id')
      .notNull()
      .references(() => instansi.id, { onDelete: 'restrict' }),
    divisi_id: integer('divisi_id')
      .notNull()
      .references(() => divisi.id, { onDelete: 'restrict' }),
    // Deleting a staff account keeps its participants, unassigned.
    mentor_id: integer('mentor_id').references(() => users.id, { onDelete: 'set null' }),
    pembimbing_id: integer('pembimbing_id').references(() => users.id, { onDelete: 'set null' }),
    /** School or campus supervisor: nama_pembimbing / kontak_pembimbing. */
    nama_pembimbing: text('nama_pembimbing').notNull().default(''),
    kontak_pembimbing: text('kontak_pembimbing').notNull().default(''),
    /** 'yyyy-mm-dd' strings, as the API sends them. */
    tanggal_masuk: date('tanggal_masuk', { mode: 'string' }).notNull(),
    tanggal_selesai: date('tanggal_selesai', { mode: 'string' }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Sync cursor field; also bumped when its details, reviews or scores change (triggers). */
    change_xid: changeXid(),
  },
  (t) => [
    check('peserta_jenjang_check', oneOf(t.jenjang, JENJANG)),
    index('peserta_updated_at_idx').on(t.updated_at),
    index('peserta_change_xid_idx').on(t.change_xid),
    index('peserta_jenjang_tanggal_masuk_idx').on(t.jenjang, t.tanggal_masuk),
    index('peserta_tanggal_masuk_idx').on(t.tanggal_masuk), // the archive's newest-first walk of both levels (services/arsip.ts)
    index('peserta_mentor_idx').on(t.mentor_id),
    index('peserta_pembimbing_idx').on(t.pembimbing_id),
    index('peserta_instansi_idx').on(t.instansi_id),
    index('peserta_divisi_idx').on(t.divisi_id),
    index('peserta_tanggal_selesai_idx').on(t.tanggal_selesai), // the working set's date (services/working-set.ts)
    index('peserta_nama_trgm_idx').using('gin', sql`${t.nama} gin_trgm_ops`), // the archive's ILIKE '%q%' (pg_trgm)
  ],
);

/** SMK fields of a participant. */
export const pesertaSiswa = pgTable('peserta_siswa', {
  peserta_id: integer('peserta_id')
    .primaryKey()
    .references(() => peserta.id, { onDelete: 'cascade' }),
  nis: text('nis').notNull(),
  jurusan: text('jurusan').notNull(),
});

/** University fields of a participant. */
export const pesertaMahasiswa = pgTable('peserta_mahasiswa', {
  peserta_id: integer('peserta_id')
    .primaryKey()
    .references(() => peserta.id, { onDelete: 'cascade' }),
  nim: text('nim').notNull(),
  jurusan: text('jurusan').notNull(),
  fakultas: text('fakultas').notNull().default(''),
});

/** One score per participant and competency (integer 0-100). */
export const nilai = pgTable(
  'nilai',
  {
    id: serial('id').primaryKey(),
    peserta_id: integer('peserta_id')
      .notNull()
      .references(() => peserta.id, { onDelete: 'cascade' }),
    kompetensi_id: integer('kompetensi_id')
      .notNull()
      .references(() => kompetensi.id, { onDelete: 'cascade' }),
    skor: integer('skor').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('nilai_peserta_kompetensi_unique').on(t.peserta_id, t.kompetensi_id),
    check('nilai_skor_range_check', sql`${t.skor} between 0 and 100`),
    index('nilai_kompetensi_idx').on(t.kompetensi_id),
    index('nilai_updated_at_idx').on(t.updated_at),
  ],
);

/** One row per participant and approval step (Pembimbing, HR, BusHead). */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    peserta_id: integer('peserta_id')
      .notNull()
      .references(() => peserta.id, { onDelete: 'cascade' }),
    role_reviewer: text('role_reviewer').$type<ApprovalStep>().notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default(MENUNGGU),
    catatan: text('catatan'),
    reviewer_id: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('reviews_peserta_role_unique').on(t.peserta_id, t.role_reviewer),
    check('reviews_role_reviewer_check', oneOf(t.role_reviewer, APPROVAL_STEPS)),
    check('reviews_status_check', oneOf(t.status, REVIEW_STATUSES)),
    index('reviews_updated_at_idx').on(t.updated_at),
    index('reviews_belum_disetujui_idx').on(t.peserta_id).where(sql`${t.status} <> 'Disetujui'`), // the working set's pending work
  ],
);

/** Transcript (Daftar Nilai) grade templates; `kategori` is the jenjang. */
export const gradeTemplates = pgTable(
  'grade_templates',
  {
    id: serial('id').primaryKey(),
    nama: text('nama').notNull(),
    deskripsi: text('deskripsi').notNull().default(''),
    kategori: text('kategori').$type<Jenjang>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('grade_templates_kategori_check', oneOf(t.kategori, JENJANG))],
);

/** Thresholds of a template: letter `huruf` from `min` upward; `position` keeps the form order. */
export const gradeItems = pgTable(
  'grade_items',
  {
    id: serial('id').primaryKey(),
    template_id: integer('template_id')
      .notNull()
      .references(() => gradeTemplates.id, { onDelete: 'cascade' }),
    huruf: varchar('huruf', { length: 2 }).notNull(),
    min: integer('min').notNull(),
    predikat: text('predikat').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('grade_items_min_range_check', sql`${t.min} between 0 and 100`),
    index('grade_items_template_idx').on(t.template_id, t.position),
  ],
);

/**
 * Tombstones for incremental pulls: a deleted row of `entity` (table name) with its id.
 * A client pulling `?since=<cursor>` drops these ids from its mirror.
 */
export const deletions = pgTable(
  'deletions',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    entity_id: integer('entity_id').notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The deleting transaction: `?since=` pulls return tombstones by the same cursor as rows. */
    change_xid: changeXid(),
  },
  (t) => [
    index('deletions_entity_deleted_at_idx').on(t.entity, t.deleted_at),
    index('deletions_entity_change_xid_idx').on(t.entity, t.change_xid),
  ],
);
