/**
 * The master-data rows as the API returns them: users, instansi, divisi,
 * kompetensi and grade templates. Pure zod schemas shared by the API client (mutation answers)
 * and the mirror pulls (src/sync/pull-master-data.ts), so both read the server's rows the same way.
 * Roles are read as any string so that one unexpected value does not fail a whole list.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { gradeItemSchema } from './grade';
import { instansiJenisSchema, jenjangSchema } from './master-data';

/** A user of GET /api/users (never a password). */
export const userRowSchema = lazySchema(() => z.object({
  id: z.number().int(),
  employee_id: z.string(),
  employeeId: z.string().optional(),
  username: z.string(),
  role: z.string(),
  signature_url: z.string().nullable().optional(),
  /** Full name printed under the signature; null when unset (the username is printed). */
  nama_lengkap: z.string().nullable().optional(),
  /** Job title printed under the full name; null when unset. */
  jabatan: z.string().nullable().optional(),
}));
export type UserRow = z.infer<typeof userRowSchema>;

/** A school or campus of GET /api/instansi. */
export const instansiRowSchema = lazySchema(() => z.object({
  id: z.number().int(),
  nama: z.string(),
  jenis: instansiJenisSchema,
  pesertaCount: z.number().int().optional(),
}));
export type InstansiRow = z.infer<typeof instansiRowSchema>;

/** A division of GET /api/divisi, with the competencies linked to it. */
export const divisiRowSchema = lazySchema(() => z.object({
  id: z.number().int(),
  nama: z.string(),
  divisi_kategori: z
    .array(
      z.object({
        kompetensi: z.object({
          id: z.number().int(),
          nama: z.string(),
          jenjang: jenjangSchema.optional(),
          aktif: z.boolean().optional(),
        }),
      }),
    )
    .optional(),
}));
export type DivisiRow = z.infer<typeof divisiRowSchema>;

/** A competency of GET /api/kompetensi, with the divisions it applies to. */
export const kompetensiRowSchema = lazySchema(() => z.object({
  id: z.number().int(),
  nama: z.string(),
  jenjang: jenjangSchema,
  aktif: z.boolean(),
  divisi_kategori: z.array(z.object({ divisi: z.object({ id: z.number().int(), nama: z.string() }) })).optional(),
}));
export type KompetensiRow = z.infer<typeof kompetensiRowSchema>;

/** A transcript grade template of GET /api/grade. */
export const gradeRowSchema = lazySchema(() => z.object({
  id: z.number().int(),
  nama: z.string(),
  deskripsi: z.string().nullable().optional(),
  kategori: z.string(),
  items: z.array(gradeItemSchema),
}));
export type GradeRow = z.infer<typeof gradeRowSchema>;

/** `{data: T[]}`: the answer of every list endpoint. */
export const listResponseSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });

/** `{data: T}`: the answer of POST and PUT. */
export const itemResponseSchema = <T extends z.ZodType>(row: T) => z.object({ data: row });

/** `{data: {id}}`: the answer of every master-data DELETE. */
export const deletedResponseSchema = lazySchema(() => z.object({ data: z.object({ id: z.number().int() }) }));

/** Order of the master-data lists: by name ignoring case (as the server sorts), then by id. */
export function compareByNama(a: { nama: string; id: number }, b: { nama: string; id: number }): number {
  const x = a.nama.toLowerCase();
  const y = b.nama.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.id - b.id;
}
