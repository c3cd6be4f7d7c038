import { z } from 'zod';
import { createGrade, deleteGrade, updateGrade } from '@/api/master-data';
import { pullGrade } from '@/sync/pull-master-data';
import { masterDataActions } from '@/sync/master-data-writes';
import type { GradeRecord } from '@/db/records';
import { fieldErrors, type FieldErrors } from '@/domain/form-errors';
import { DEFAULT_GRADE_ITEMS, gradeTemplateSchema, type GradeTemplateInput } from '@/domain/grade';

/** One threshold row of the form, as typed (min is text until validated). */
const gradeRowInputSchema = z.object({ key: z.string(), min: z.string(), huruf: z.string(), predikat: z.string() });
export type GradeRowInput = z.infer<typeof gradeRowInputSchema>;

/** The template form as typed: name, jenjang ('' = not chosen), description, threshold rows. */
const saveGradeInputSchema = z.object({
  nama: z.string(),
  kategori: z.string(),
  deskripsi: z.string(),
  items: z.array(gradeRowInputSchema),
});
export type SaveGradeInput = z.infer<typeof saveGradeInputSchema>;

let rowSeq = 0;
/** A new threshold row (a fresh key for React). */
export function newGradeRow(item?: { min: number; huruf: string; predikat: string }): GradeRowInput {
  rowSeq += 1;
  return { key: `row-${rowSeq}`, min: item ? String(item.min) : '', huruf: item?.huruf ?? '', predikat: item?.predikat ?? '' };
}

/** The form for a template, or an empty one starting from the default thresholds. */
export function gradeFormFrom(template: GradeRecord | null): SaveGradeInput {
  return {
    nama: template?.nama ?? '',
    kategori: template?.kategori ?? '',
    deskripsi: template?.deskripsi ?? '',
    items: (template?.items ?? DEFAULT_GRADE_ITEMS).map((item) => newGradeRow(item)),
  };
}

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The form checked with gradeTemplateSchema: the payload, or the messages by field path. */
export function parseGradeInput(input: SaveGradeInput): { ok: true; data: GradeTemplateInput } | { ok: false; errors: FieldErrors } {
  const result = gradeTemplateSchema.safeParse({
    nama: input.nama,
    kategori: input.kategori === '' ? undefined : input.kategori,
    deskripsi: input.deskripsi,
    items: input.items.map((row) => ({ min: toNumber(row.min), huruf: row.huruf, predikat: row.predikat })),
  });
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/**
 * POST (id null) or PUT /api/grade, and DELETE /api/grade/{id}; the mirror changes at once,
 * then the list is re-pulled.
 */
export const gradeActions = masterDataActions('grade', {
  create: createGrade,
  update: updateGrade,
  remove: deleteGrade,
  refresh: pullGrade,
});
