/**
 * Participants (peserta): the write payloads of POST / PUT /api/peserta and of the bulk
 * import as zod schemas with their messages, the API's answer shapes, and the texts of the
 * participant screens. Pure; the web app validates its forms with the same schemas the
 * server enforces.
 *
 * Payload rules: on add every field is required ('Semua field wajib diisi', checked before
 * any other rule); SMK sends nis + jurusan, Mahasiswa nim + jurusan_mahasiswa + fakultas
 * (`jurusan` is accepted in place of a missing jurusan_mahasiswa); ids may be numbers or
 * numeric strings (forms send strings); dates are real 'yyyy-mm-dd' dates and tanggal_selesai
 * is not before tanggal_masuk. On edit only non-empty fields count; none is required.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { SHORT_TEXT_MAX } from './auth';
import { isCalendarDate, isInTanggalRange, tanggalRangeMessage } from './dates';
import { ID_MAX, JENJANG, type Jenjang, jenjangSchema } from './master-data';
import { SERVER_MSG } from './messages';
import { reviewStepSchema, scoreSchema } from './peserta-state';
import { LINGKUP_KERJA } from './working-set';

/** Texts of the participant screens and rules. */
export const PESERTA_MSG = {
  required: 'Semua field wajib diisi',
  deleteConfirm: 'Yakin ingin menghapus peserta ini?',
  loadFailed: 'Gagal memuat data',
  saveFailed: 'Gagal menyimpan data',
  deleteFailed: 'Gagal menghapus data',
  detailLoadFailed: 'Gagal memuat data peserta',
  /** Empty dropdown: 'Tidak ada {what} tersedia' (e.g. 'Tidak ada mentor tersedia'). */
  noneAvailable: (what: string) => `Tidak ada ${what} tersedia`,
  loading: 'Loading...',
  companySupervisor: 'Pembimbing Perusahaan',
  // The server's answers for rules the screens imply (a level never changes, dates in order).
  jenjangFixed: 'Jenjang tidak dapat diubah',
  dateOrder: 'Tanggal selesai tidak boleh sebelum tanggal masuk',
  /** A NIS / NIM is unique within its institution (trimmed, any case): a second one is refused (409, or the import row's error). */
  nisTaken: (nis: string, instansi: string) => `NIS "${nis}" sudah terdaftar di ${instansi}`,
  nimTaken: (nim: string, instansi: string) => `NIM "${nim}" sudah terdaftar di ${instansi}`,
} as const;

/** Screen titles per level; the SMK ones follow the university ones. */
export const PESERTA_TITLES: Record<Jenjang, { list: string; add: string; edit: string; delete: string; detail: string; search: string }> = {
  SMK: {
    list: 'Daftar Peserta Siswa',
    add: 'Tambah Peserta Siswa',
    edit: 'Edit Peserta Siswa',
    delete: 'Hapus Peserta Siswa',
    detail: 'Detail Peserta Siswa',
    search: 'Cari Nama atau Sekolah',
  },
  Mahasiswa: {
    list: 'Daftar Peserta Mahasiswa',
    add: 'Tambah Peserta Mahasiswa',
    edit: 'Edit Peserta Mahasiswa',
    delete: 'Hapus Peserta Mahasiswa',
    detail: 'Detail Peserta Mahasiswa',
    search: 'Cari Nama atau Kampus',
  },
};

/** The institution type each level must belong to: SMK → Sekolah, Mahasiswa → Kampus. */
export const INSTANSI_JENIS_OF = { SMK: 'Sekolah', Mahasiswa: 'Kampus' } as const satisfies Record<Jenjang, string>;

/** Most rows one POST /api/peserta/bulk may carry. */
export const PESERTA_BULK_MAX = 5000;

/** True for undefined, null, or a string that is empty after trimming: a field not filled in. */
export function isBlankField(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const invalid = (label: string) => `${label} tidak valid`;

/** A short text: `Label tidak valid` for a non-string, ≤ 200 characters after trimming. */
const text = (label: string) =>
  z
    .string({ error: invalid(label) })
    .trim()
    .min(1, PESERTA_MSG.required)
    .max(SHORT_TEXT_MAX, `${label} maksimal ${SHORT_TEXT_MAX} karakter`);

/** A reference id: a positive integer, also as a decimal string ('3' from a select). */
const idField = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*[0-9]{1,16}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: invalid(label) }).int(invalid(label)).positive(invalid(label)).max(ID_MAX, invalid(label)),
  );

/** A 'yyyy-mm-dd' date field within the app's date range. */
const dateField = (label: string) =>
  z
    .string({ error: invalid(label) })
    .trim()
    .refine(isCalendarDate, { message: invalid(label), abort: true })
    .refine(isInTanggalRange, tanggalRangeMessage(label));

const commonShape = {
  nama: text('Nama'),
  instansi_id: idField('Instansi'),
  divisi_id: idField('Divisi'),
  mentor_id: idField('Mentor'),
  pembimbing_id: idField('Pembimbing'),
  nama_pembimbing: text('Nama pembimbing'),
  kontak_pembimbing: text('Kontak pembimbing'),
  tanggal_masuk: dateField('Tanggal masuk'),
  tanggal_selesai: dateField('Tanggal selesai'),
};

const COMMON_KEYS = Object.keys(commonShape);
/** The fields every add must fill in, per level (a Mahasiswa's fakultas included). */
export const PESERTA_REQUIRED_FIELDS: Record<Jenjang, readonly string[]> = {
  SMK: [...COMMON_KEYS, 'nis', 'jurusan'],
  Mahasiswa: [...COMMON_KEYS, 'nim', 'jurusan_mahasiswa', 'fakultas'],
};

const objectInput = lazySchema(() => z.record(z.string(), z.unknown(), { error: SERVER_MSG.invalidInput }));

/**
 * Step 1 of an add: every required field is filled in, else the one message 'Semua field wajib
 * diisi'. With `emptyFakultas` (CSV import: '-' means none) a Mahasiswa's fakultas may be ''
 * but not missing.
 */
const requiredStep = (emptyFakultas: boolean) =>
  objectInput.transform((raw, ctx) => {
    const input: Record<string, unknown> = { ...raw };
    if (input.jenjang === 'Mahasiswa' && isBlankField(input.jurusan_mahasiswa)) input.jurusan_mahasiswa = input.jurusan;
    const jenjang = JENJANG.find((level) => level === input.jenjang);
    const keys = jenjang ? PESERTA_REQUIRED_FIELDS[jenjang] : COMMON_KEYS;
    const missing =
      isBlankField(input.jenjang) ||
      keys.some((key) => isBlankField(input[key]) && !(emptyFakultas && key === 'fakultas' && typeof input[key] === 'string'));
    if (missing) {
      ctx.addIssue({ code: 'custom', message: PESERTA_MSG.required });
      return z.NEVER;
    }
    return input;
  });

const smkCreateSchema = lazySchema(() => z.object({ jenjang: z.literal('SMK'), ...commonShape, nis: text('NIS'), jurusan: text('Jurusan') }));

const mahasiswaCreateSchema = (emptyFakultas: boolean) =>
  z.object({
    jenjang: z.literal('Mahasiswa'),
    ...commonShape,
    nim: text('NIM'),
    jurusan_mahasiswa: text('Jurusan'),
    fakultas: emptyFakultas ? z.string({ error: invalid('Fakultas') }).trim().max(SHORT_TEXT_MAX, `Fakultas maksimal ${SHORT_TEXT_MAX} karakter`) : text('Fakultas'),
  });

const createSchema = (emptyFakultas: boolean) =>
  requiredStep(emptyFakultas)
    .pipe(z.discriminatedUnion('jenjang', [smkCreateSchema, mahasiswaCreateSchema(emptyFakultas)], { error: 'Jenjang tidak valid' }))
    .refine((value) => value.tanggal_selesai >= value.tanggal_masuk, { message: PESERTA_MSG.dateOrder, path: ['tanggal_selesai'] });

/** POST /api/peserta and the add form: every field required, references as ids. */
export const pesertaCreateSchema = lazySchema(() => createSchema(false));
/** A checked add payload: SMK with nis + jurusan, or Mahasiswa with nim + jurusan_mahasiswa + fakultas. */
export type PesertaCreate = z.output<typeof pesertaCreateSchema>;

/** One row of POST /api/peserta/bulk (CSV import): as the add, but a Mahasiswa's fakultas may be '' (CSV '-'). */
export const pesertaImportSchema = lazySchema(() => createSchema(true));

const optional = <S extends z.ZodType>(schema: S) => schema.optional();

/**
 * PUT /api/peserta/{id} and the edit form: blank fields are dropped (only non-empty
 * fields are sent), the rest follow the add rules. `jenjang` may be echoed but never changes
 * (the server compares it with the stored level). The level's own fields apply: nis/jurusan
 * for SMK, nim/jurusan_mahasiswa (or jurusan)/fakultas for Mahasiswa.
 */
export const pesertaUpdateSchema = lazySchema(() => objectInput
  .transform((raw) => Object.fromEntries(Object.entries(raw).filter(([, value]) => !isBlankField(value))))
  .pipe(
    z.object({
      jenjang: optional(z.enum(JENJANG, { error: 'Jenjang tidak valid' })),
      nama: optional(commonShape.nama),
      instansi_id: optional(commonShape.instansi_id),
      divisi_id: optional(commonShape.divisi_id),
      mentor_id: optional(commonShape.mentor_id),
      pembimbing_id: optional(commonShape.pembimbing_id),
      nama_pembimbing: optional(commonShape.nama_pembimbing),
      kontak_pembimbing: optional(commonShape.kontak_pembimbing),
      tanggal_masuk: optional(commonShape.tanggal_masuk),
      tanggal_selesai: optional(commonShape.tanggal_selesai),
      nis: optional(text('NIS')),
      nim: optional(text('NIM')),
      jurusan: optional(text('Jurusan')),
      jurusan_mahasiswa: optional(text('Jurusan')),
      fakultas: optional(text('Fakultas')),
    }),
  )
  .refine((value) => !value.tanggal_masuk || !value.tanggal_selesai || value.tanggal_selesai >= value.tanggal_masuk, {
    message: PESERTA_MSG.dateOrder,
    path: ['tanggal_selesai'],
  }));
export type PesertaUpdate = z.output<typeof pesertaUpdateSchema>;

/** Most rows one page of GET /api/peserta?limit= may ask for. */
const PESERTA_PAGE_MAX_ROWS = 2000;
const PESERTA_LIMIT_INVALID = `Limit harus bilangan bulat 1 sampai ${PESERTA_PAGE_MAX_ROWS}`;
const PESERTA_AFTER_INVALID = 'After harus id peserta (bilangan bulat 0 atau lebih)';

/**
 * The opaque `since` cursor of an incremental pull, as a query parameter: the server's answer
 * (a transaction id) sent back unchanged. Participants and attendance marks share it.
 */
export const syncCursorQuerySchema = lazySchema(() => z.string({ error: 'Cursor tidak valid' }).regex(/^[0-9]{1,15}$/, 'Cursor tidak valid'));

const LINGKUP_INVALID = `Lingkup tidak valid (hanya '${LINGKUP_KERJA}')`;
const BATAS_INVALID = 'Batas harus tanggal yyyy-mm-dd yang valid';

/** `lingkup=kerja`: only the caller's working set (src/domain/working-set.ts). Shared by every pull that takes it. */
export const lingkupQuerySchema = lazySchema(() => z.enum([LINGKUP_KERJA], { error: LINGKUP_INVALID }));

/** A real 'yyyy-mm-dd' date as a query parameter: the `batas` a device got from its previous pull. */
export const batasQuerySchema = lazySchema(() => z.string({ error: BATAS_INVALID }).refine(isCalendarDate, BATAS_INVALID));

/**
 * Query of GET /api/peserta: optional level ('' = both), the opaque `since` cursor of an
 * earlier answer, or a page: `limit` rows (1..2000) with id > `after` (0 when absent). Without
 * `limit` the answer is the whole list; `after` needs `limit`, `since` excludes it. `lingkup=kerja`
 * keeps only the caller's working set; `batas` (needs `lingkup`) is the device's previous
 * `batas`, read by a `since` pull to name the rows that left or entered by time.
 */
export const pesertaListQuerySchema = lazySchema(() => z
  .object({
    jenjang: z.union([jenjangSchema, z.literal('')], { error: 'Jenjang tidak valid' }).optional(),
    since: syncCursorQuerySchema.optional(),
    limit: z
      .string({ error: PESERTA_LIMIT_INVALID })
      .regex(/^[0-9]{1,4}$/, PESERTA_LIMIT_INVALID)
      .transform(Number)
      .pipe(z.number().int().min(1, PESERTA_LIMIT_INVALID).max(PESERTA_PAGE_MAX_ROWS, PESERTA_LIMIT_INVALID))
      .optional(),
    after: z
      .string({ error: PESERTA_AFTER_INVALID })
      .regex(/^[0-9]{1,10}$/, PESERTA_AFTER_INVALID)
      .transform(Number)
      .pipe(z.number().int().max(ID_MAX, PESERTA_AFTER_INVALID))
      .optional(),
    lingkup: lingkupQuerySchema.optional(),
    batas: batasQuerySchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.batas !== undefined && query.lingkup === undefined) {
      ctx.addIssue({ code: 'custom', path: ['batas'], message: 'Batas hanya bisa dipakai bersama lingkup' });
    }
    if (query.after !== undefined && query.limit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: 'After hanya bisa dipakai bersama limit' });
    }
    if (query.since !== undefined && query.limit !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: 'Limit tidak bisa dipakai bersama since' });
    }
  }));

/** Body of POST /api/peserta/bulk: the level and the rows (each validated on its own by pesertaImportSchema). */
export const pesertaBulkRequestSchema = lazySchema(() => z.object({
  jenjang: z.enum(JENJANG, { error: (issue) => (isBlankField(issue.input) ? PESERTA_MSG.required : 'Jenjang tidak valid') }),
  rows: z
    .array(z.unknown(), { error: 'Rows tidak valid' })
    .max(PESERTA_BULK_MAX, `Maksimal ${PESERTA_BULK_MAX} baris per import`),
}));

/** A participant as the API returns it. */
export const pesertaSchema = lazySchema(() => z.object({
  id: z.number().int(),
  nama: z.string(),
  jenjang: jenjangSchema,
  instansi_id: z.number().int(),
  instansi: z.object({ nama: z.string() }),
  divisi_id: z.number().int(),
  divisi: z.object({ id: z.number().int(), nama: z.string() }),
  /** null once the mentor's account was deleted. */
  mentor_id: z.number().int().nullable(),
  mentor: z.object({ username: z.string() }).nullable(),
  pembimbing_id: z.number().int().nullable(),
  pembimbing: z.object({ username: z.string() }).nullable(),
  nama_pembimbing: z.string(),
  kontak_pembimbing: z.string(),
  /** yyyy-mm-dd */
  tanggal_masuk: z.string(),
  /** yyyy-mm-dd */
  tanggal_selesai: z.string(),
  /** Set for SMK, null for Mahasiswa. */
  siswa: z.object({ nis: z.string(), jurusan: z.string() }).nullable(),
  /** Set for Mahasiswa, null for SMK. */
  mahasiswa: z.object({ nim: z.string(), jurusan: z.string(), fakultas: z.string() }).nullable(),
  /** is_complete: all three steps Disetujui. */
  status: z.object({ is_complete: z.boolean() }),
  reviews: z.array(reviewStepSchema),
  /**
   * The participant's scores: score changes bump the participant's sync
   * cursor, so incremental pulls keep the mirror's scores current for the approval screen.
   */
  nilai: z.array(scoreSchema.pick({ kompetensi_id: true, skor: true })),
  /** ISO timestamp of the last change of the row, its details, reviews, scores or the names it shows. */
  updated_at: z.string(),
}));
export type Peserta = z.infer<typeof pesertaSchema>;

/**
 * Answer of GET /api/peserta. `cursor` is opaque: pass it back as `?since=` to get only the
 * rows changed since (`data`) and the ids deleted since (`deleted`, present only with `since`).
 * With `lingkup=kerja`: `batas` = the window's first end date used (keep it for the next pull's
 * `batas`), and on a `since` pull `keluar` = ids that are no longer in the working set (changed
 * and now outside, or ended before the new `batas`), ascending.
 */
export const pesertaListResponseSchema = lazySchema(() => z.object({
  data: z.array(pesertaSchema),
  deleted: z.array(z.number().int()).optional(),
  keluar: z.array(z.number().int()).optional(),
  cursor: z.string(),
  batas: z.string().optional(),
}));
export type PesertaListResponse = z.infer<typeof pesertaListResponseSchema>;

/**
 * Answer of GET /api/peserta?limit=&after=: rows with id > after by id ascending, `next` = the
 * last id to pass as `after` for the following page (null on the last page), `total` = every
 * matching row (first page only). A client pulling every page keeps the FIRST page's `cursor`.
 */
export const pesertaPageResponseSchema = lazySchema(() => z.object({
  data: z.array(pesertaSchema),
  cursor: z.string(),
  next: z.number().int().nullable(),
  total: z.number().int().optional(),
  /** With `lingkup=kerja`: the window's first end date used (yyyy-mm-dd). */
  batas: z.string().optional(),
}));
export type PesertaPageResponse = z.infer<typeof pesertaPageResponseSchema>;

/** One row's outcome of POST /api/peserta/bulk; `index` is the row's position in `rows`. */
const pesertaBulkResultSchema = lazySchema(() => z.discriminatedUnion('ok', [
  z.object({ index: z.number().int(), ok: z.literal(true), id: z.number().int() }),
  z.object({ index: z.number().int(), ok: z.literal(false), message: z.string() }),
]));
export type PesertaBulkResult = z.infer<typeof pesertaBulkResultSchema>;

/** Answer of POST /api/peserta/bulk. */
export const pesertaBulkResponseSchema = lazySchema(() => z.object({
  data: z.object({ created: z.number().int(), results: z.array(pesertaBulkResultSchema) }),
}));
