/**
 * Grade templates for the transcript (Daftar Nilai): the payload schema, the
 * default thresholds, chip text and the letter a score gets under a template. Pure.
 *
 * Which scale grades what:
 * - score screens (Penilaian, Edit Nilai, Detail Approval): the letter alone, A ≥ 90, B ≥ 80,
 *   C ≥ 70, D ≥ 60, else E (`letterGrade` in ./nilai);
 * - the certificate: the average on the default transcript scale (DEFAULT_GRADE_ITEMS, letter
 *   and predikat), frozen with the certificate when it is issued;
 * - the Daftar Nilai: the same default scale ('Gunakan Default', or the API without
 *   `gradeConfig`), so a participant's certificate and Daftar Nilai give the average the same
 *   letter and predikat; a template chosen at print time replaces that scale for the whole
 *   transcript, every row and the average alike.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { SHORT_TEXT_MAX } from './auth';
import { jenjangFieldSchema } from './master-data';

/** Longest template `deskripsi`: 2,000 characters. */
const DESKRIPSI_MAX = 2000;
/** Most threshold rows one template may have. */
export const GRADE_ITEMS_MAX = 20;

const MIN_RANGE_MSG = 'Nilai minimum harus antara 0-100';

/** A required text: `message` when missing, null or blank. */
const requiredText = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) }).trim().min(1, message);

/** One threshold: a letter from `min` upward. */
export const gradeItemSchema = lazySchema(() => z.object(
  {
    huruf: requiredText('Huruf wajib diisi').max(2, 'Huruf maksimal 2 karakter'),
    min: z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? 'Nilai minimum wajib diisi' : MIN_RANGE_MSG,
      })
      .int(MIN_RANGE_MSG)
      .min(0, MIN_RANGE_MSG)
      .max(100, MIN_RANGE_MSG),
    predikat: requiredText('Predikat wajib diisi').max(SHORT_TEXT_MAX),
  },
  { error: 'Grade tidak valid' },
));
export type GradeItem = z.infer<typeof gradeItemSchema>;

/** POST/PUT /api/grade. */
export const gradeTemplateSchema = lazySchema(() => z.object({
  nama: requiredText('Nama template wajib diisi').max(SHORT_TEXT_MAX),
  deskripsi: z
    .string({ error: 'Deskripsi tidak valid' })
    .trim()
    .max(DESKRIPSI_MAX, `Deskripsi maksimal ${DESKRIPSI_MAX} karakter`)
    .nullish()
    .transform((value) => value ?? ''),
  kategori: jenjangFieldSchema,
  items: z
    .array(gradeItemSchema, { error: 'Minimal satu grade' })
    .min(1, 'Minimal satu grade')
    .max(GRADE_ITEMS_MAX, `Maksimal ${GRADE_ITEMS_MAX} grade`),
}));
export type GradeTemplateInput = z.infer<typeof gradeTemplateSchema>;

/** Default transcript thresholds: the Daftar Nilai's default and the certificate's scale. */
export const DEFAULT_GRADE_ITEMS: readonly GradeItem[] = [
  { huruf: 'A', min: 86, predikat: 'Sangat Memuaskan' },
  { huruf: 'B', min: 71, predikat: 'Memuaskan' },
  { huruf: 'C', min: 0, predikat: 'Cukup Memuaskan' },
];

/** Chip text of the template table, e.g. 'A ≥ 86 (Sangat Memuaskan)'. */
export function gradeChip(item: GradeItem): string {
  return `${item.huruf} ≥ ${item.min} (${item.predikat})`;
}

/** The threshold a score falls under (highest min not above it), or null below all. */
export function gradeFor(skor: number, items: readonly GradeItem[] = DEFAULT_GRADE_ITEMS): GradeItem | null {
  return [...items].sort((a, b) => b.min - a.min).find((item) => skor >= item.min) ?? null;
}
