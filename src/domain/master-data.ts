/**
 * Master data (users, instansi, divisi, kompetensi): levels,
 * institution types, write payloads as zod schemas with the product's messages, and the
 * section 8 texts of those screens. Pure; used by the HR screens and the server.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { SHORT_TEXT_MAX, userNameFields, usernameSchema } from './auth';
import { MSG, SERVER_MSG } from './messages';
import { ROLES, roleSchema } from './roles';

/** Participant and competency levels, as the API spells them: 'SMK' (Siswa) and 'Mahasiswa'. */
export const JENJANG = ['SMK', 'Mahasiswa'] as const;
export const jenjangSchema = lazySchema(() => z.enum(JENJANG));
export type Jenjang = z.infer<typeof jenjangSchema>;

/** Institution types. */
export const INSTANSI_JENIS = ['Kampus', 'Sekolah'] as const;
export const instansiJenisSchema = lazySchema(() => z.enum(INSTANSI_JENIS));
export type InstansiJenis = z.infer<typeof instansiJenisSchema>;

/** A competency linked to more than this many divisions shows as 'Semua Divisi'. */
export const SEMUA_DIVISI_THRESHOLD = 7;

/** Texts of the master-data screens: labels, validation and failure messages. */
export const MASTER_MSG = {
  userLoadFailed: 'Gagal mengambil data user',
  userSaveFailed: 'Gagal menyimpan user',
  userDeleteFailed: 'Gagal menghapus user',
  userDeleteTitle: 'Hapus User',
  userDeleteText: 'Apakah Anda yakin ingin menghapus user ini? Tindakan ini tidak dapat dibatalkan.',
  passwordEditHint: 'Kosongkan jika tidak ingin mengubah',
  employeeIdFixed: 'ID tidak dapat diubah',
  kompetensiNameRequired: 'Nama kompetensi wajib diisi',
  kompetensiLoadFailed: 'Gagal mengambil data kompetensi',
  kompetensiSaveFailed: 'Gagal menyimpan kompetensi',
  kompetensiDeleteFailed: 'Gagal menghapus kompetensi',
  kompetensiDeleteConfirm: 'Yakin ingin menghapus kompetensi ini?',
  divisiNameRequired: 'Nama divisi wajib diisi',
  divisiLoadFailed: 'Gagal mengambil data divisi',
  divisiSaveFailed: 'Gagal menyimpan divisi',
  divisiDeleteFailed: 'Gagal menghapus divisi',
  divisiDeleteConfirm: 'Yakin ingin menghapus divisi ini?',
  instansiRequired: 'Nama dan jenis instansi wajib diisi',
  instansiLoadFailed: 'Gagal mengambil data instansi',
  instansiSaveFailed: 'Gagal menyimpan instansi',
  instansiDeleteFailed: 'Gagal menghapus instansi',
  instansiHasPeserta: 'Tidak dapat menghapus instansi yang masih memiliki peserta terkait',
  instansiJenisFixed: 'Jenis tidak dapat diubah',
  instansiDeleteTitle: 'Hapus Instansi',
  instansiDeleteText: (nama: string) =>
    `Apakah Anda yakin ingin menghapus instansi ${nama}? Tindakan ini tidak dapat dibatalkan.`,
} as const;

/** The 'Sukses' texts of a master-data screen whose rows are `noun` (e.g. 'Divisi berhasil dihapus'). */
export function entityMessages(noun: string): { added: string; updated: string; deleted: string } {
  return { added: MSG.entityAdded(noun), updated: MSG.entityUpdated(noun), deleted: MSG.entityDeleted(noun) };
}

/** Largest id a row can have (PostgreSQL `serial` is a 32-bit integer). */
export const ID_MAX = 2_147_483_647;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** A required short text: `message` when missing, null or blank, ≤ 200 characters. */
const shortText = (message: string, label?: string) =>
  z
    .string({ error: (issue) => (isBlank(issue.input) ? message : undefined) })
    .trim()
    .min(1, message)
    .max(SHORT_TEXT_MAX, label ? `${label} maksimal ${SHORT_TEXT_MAX} karakter` : undefined);

/** A jenjang field: 'Jenjang wajib diisi' when missing, 'Jenjang tidak valid' otherwise. */
export const jenjangFieldSchema = lazySchema(() => z.enum(JENJANG, {
  error: (issue) => (isBlank(issue.input) ? 'Jenjang wajib diisi' : 'Jenjang tidak valid'),
}));

/** POST /api/users. `role` is required (no default on the server); HR is only the add form's initial choice. */
export const userCreateSchema = lazySchema(() => z.object({
  employee_id: shortText('ID wajib diisi', 'ID'),
  username: usernameSchema(),
  password: z.string().min(4, 'Password minimal 4 karakter').max(SHORT_TEXT_MAX),
  role: z.enum(ROLES, {
    error: (issue) => (isBlank(issue.input) ? SERVER_MSG.roleRequired : SERVER_MSG.invalidRole),
  }),
  ...userNameFields(),
}));
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PUT /api/users/{id}: username and role, plus password only when filled; full name and title when sent. */
export const userUpdateSchema = lazySchema(() => z.object({
  username: usernameSchema(),
  role: roleSchema,
  password: z
    .string()
    .max(SHORT_TEXT_MAX)
    .nullish()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 4, 'Password minimal 4 karakter'),
  /** Optional echo of the stored ID: the server refuses a different one (MASTER_MSG.employeeIdFixed). */
  employee_id: z.string({ error: 'ID tidak valid' }).trim().max(SHORT_TEXT_MAX, MASTER_MSG.employeeIdFixed).nullish(),
  ...userNameFields(),
}));
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Query of GET /api/users: exact role ('' = every role) and a case-insensitive search text. */
export const userListQuerySchema = lazySchema(() => z.object({
  role: z.union([roleSchema, z.literal('')], { error: 'Role tidak valid' }).optional(),
  search: z.string().trim().max(SHORT_TEXT_MAX).optional(),
}));

/** A jenis field: the required-field text when missing or blank, 'Jenis instansi tidak valid' otherwise. */
const jenisField = lazySchema(() => z.union([instansiJenisSchema, z.literal('')], {
  error: (issue) => (isBlank(issue.input) ? MASTER_MSG.instansiRequired : 'Jenis instansi tidak valid'),
}));

/** POST /api/instansi (and the add form): name and type required. */
export const instansiSchema = lazySchema(() => z.object({
  nama: shortText(MASTER_MSG.instansiRequired),
  // Blank passes the field (forms start blank) and is refused here, with the required-field text.
  jenis: jenisField.pipe(z.enum(INSTANSI_JENIS, { error: MASTER_MSG.instansiRequired })),
}));

/** PUT /api/instansi/{id}: name required; jenis may be left out (blank = left out), it cannot change. */
export const instansiUpdateSchema = lazySchema(() => z.object({
  nama: shortText(MASTER_MSG.instansiRequired),
  jenis: jenisField
    .nullish()
    .transform((value) => (value ? value : undefined)),
}));
export type InstansiUpdate = z.infer<typeof instansiUpdateSchema>;

/** Query of GET /api/instansi: optional jenis ('' = both). */
export const instansiListQuerySchema = lazySchema(() => z.object({
  jenis: z.union([instansiJenisSchema, z.literal('')], { error: 'Jenis instansi tidak valid' }).optional(),
}));

/** POST/PUT /api/divisi. */
export const divisiSchema = lazySchema(() => z.object({ nama: shortText(MASTER_MSG.divisiNameRequired) }));

/** Most divisions one competency may link (a bound for the request, far above real use). */
const DIVISI_IDS_MAX = 1000;

const DIVISI_INVALID = 'Divisi tidak valid';
const divisiIdsField = lazySchema(() => z
  .array(z.number({ error: DIVISI_INVALID }).int(DIVISI_INVALID).positive(DIVISI_INVALID).max(ID_MAX, DIVISI_INVALID), {
    error: DIVISI_INVALID,
  })
  .max(DIVISI_IDS_MAX, `Maksimal ${DIVISI_IDS_MAX} divisi`));

/** POST/PUT /api/kompetensi. */
export const kompetensiSchema = lazySchema(() => z.object({
  nama: shortText(MASTER_MSG.kompetensiNameRequired),
  jenjang: jenjangFieldSchema,
  aktif: z.boolean({ error: 'Status aktif tidak valid' }).default(true),
  divisi_ids: divisiIdsField.default([]),
}));
export type KompetensiInput = z.infer<typeof kompetensiSchema>;

/** PUT /api/kompetensi/{id}: like POST, but a left-out `aktif` or `divisi_ids` keeps the stored value. */
export const kompetensiUpdateSchema = lazySchema(() => kompetensiSchema.extend({
  aktif: z.boolean({ error: 'Status aktif tidak valid' }).optional(),
  divisi_ids: divisiIdsField.optional(),
}));
export type KompetensiUpdate = z.infer<typeof kompetensiUpdateSchema>;
