/**
 * The archive: everything outside a device's working set (src/domain/working-set.ts) is searched
 * and paged on the server. The queries and answers of GET /api/peserta/arsip (the participant
 * lists and the approval list) and GET /api/sertifikat/arsip (the certificate list), and of the
 * mentor's working-set pull. Pure; the server validates with these schemas and documents them.
 *
 * Filters follow the screens: `q` (trimmed, any case) in the name — and the school / campus on
 * the participant and certificate lists; `divisi_id`; a period `dari`..`sampai` (either may be
 * empty) that the internship OVERLAPS on the participant and approval lists and lies fully
 * INSIDE on the certificate list; on the approval list `status` = approval complete (`lengkap`)
 * or not (`belum`). Pages: `page` ≥ 1 (default 1) of `limit` rows (1..100, default 5); a page
 * past the end answers no rows and the right total.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ID_MAX, JENJANG } from './master-data';
import { MSG } from './messages';
import { isIsoDate } from './dates';
import { PESERTA_MSG, lingkupQuerySchema, pesertaSchema } from './peserta';
import { sertifikatRowSchema } from './sertifikat-terbit';

/** Rows per archive page: the default and the most one page may ask for. */
export const ARSIP_LIMIT_DEFAULT = 5;
export const ARSIP_LIMIT_MAX = 100;
/** Rows per page of an archive list on the screens: the lists' page size. */
export const ARSIP_PAGE_SIZE = ARSIP_LIMIT_DEFAULT;
/** Longest search text. */
export const ARSIP_Q_MAX = 200;

/** Texts of the archive: the lists' switch and its states (loading, empty and failure reuse the lists' own texts), and the server's answers to a bad query. */
export const ARSIP_MSG = {
  label: 'Arsip',
  explain: 'Mencari semua peserta di server, termasuk yang sudah selesai. Memerlukan koneksi internet.',
  offline: 'Arsip memerlukan koneksi internet. Sambungkan perangkat lalu coba lagi.',
  /** The approval archive's detail: decisions belong to the working set, so the archive only shows. */
  readOnly: 'Data arsip hanya dapat dilihat.',
  /** Under an empty device list when the archive holds rows for the same search. */
  emptyHint: (total: number) =>
    `Tidak ada di data perangkat ini, tetapi ${total.toLocaleString('id-ID')} peserta yang cocok ada di Arsip.`,
  openArsip: 'Buka Arsip',
  daftar: "Daftar harus 'peserta' atau 'approval'",
  jenjang: 'Jenjang tidak valid',
  q: `Kata pencarian maksimal ${ARSIP_Q_MAX} karakter`,
  divisi: 'Divisi tidak valid',
  tanggal: 'Tanggal harus yyyy-mm-dd yang valid',
  urutanTanggal: 'Tanggal awal tidak boleh setelah tanggal akhir',
  status: "Status harus 'lengkap' atau 'belum'",
  statusHanyaApproval: 'Status hanya bisa dipakai pada daftar approval',
  page: 'Halaman harus bilangan bulat 1 atau lebih',
  limit: `Limit harus bilangan bulat 1 sampai ${ARSIP_LIMIT_MAX}`,
} as const;

/** The texts of an archive list's states: the archive's own offline text; the lists' loading and failure texts. */
export const ARSIP_LIST_TEXTS = {
  offline: ARSIP_MSG.offline,
  loading: MSG.listLoading,
  failed: PESERTA_MSG.loadFailed,
  retry: 'Coba lagi',
} as const;

/** A whole number from a query string within [min, max], `fallback` when absent or empty. */
const wholeQuery = (message: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      if (!/^[0-9]{1,10}$/.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const number = Number(value.trim());
      if (number < min || number > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

/** An optional 'yyyy-mm-dd' date; empty means none. */
const optionalDate = () =>
  z
    .string({ error: ARSIP_MSG.tanggal })
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || isIsoDate(value), ARSIP_MSG.tanggal);

/** The filters both archives share. */
const commonShape = () => ({
  q: z
    .string({ error: ARSIP_MSG.q })
    .max(ARSIP_Q_MAX, ARSIP_MSG.q)
    .optional()
    .transform((value) => value?.trim() ?? ''),
  divisi_id: z
    .string({ error: ARSIP_MSG.divisi })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const number = /^[0-9]{1,10}$/.test(value.trim()) ? Number(value.trim()) : 0;
      if (number < 1 || number > ID_MAX) {
        ctx.addIssue({ code: 'custom', message: ARSIP_MSG.divisi });
        return z.NEVER;
      }
      return number;
    }),
  dari: optionalDate(),
  sampai: optionalDate(),
  page: wholeQuery(ARSIP_MSG.page, 1, ID_MAX, 1),
  limit: wholeQuery(ARSIP_MSG.limit, 1, ARSIP_LIMIT_MAX, ARSIP_LIMIT_DEFAULT),
});

/** `dari` after `sampai` is a mistake, not an empty period. */
function checkPeriod(query: { dari?: string | undefined; sampai?: string | undefined }, ctx: z.RefinementCtx): void {
  if (query.dari !== undefined && query.sampai !== undefined && query.dari > query.sampai) {
    ctx.addIssue({ code: 'custom', path: ['sampai'], message: ARSIP_MSG.urutanTanggal });
  }
}

/** The two lists GET /api/peserta/arsip searches like. */
export const ARSIP_DAFTAR = ['peserta', 'approval'] as const;
export type ArsipDaftar = (typeof ARSIP_DAFTAR)[number];

/**
 * Query of GET /api/peserta/arsip. `daftar=peserta`: the participant lists (q in the name or the
 * school / campus, divisi_id, period overlapping); order tanggal_masuk newest first, then name,
 * then id. `daftar=approval`: only participants in the approval list (scored on every active
 * competency of their division and level), `status`, q in the name, period overlapping; the same
 * order. `jenjang` empty or absent: both levels.
 */
export const arsipPesertaQuerySchema = lazySchema(() => z
  .object({
    daftar: z.enum(ARSIP_DAFTAR, { error: ARSIP_MSG.daftar }),
    jenjang: z
      .union([z.enum(JENJANG), z.literal('')], { error: ARSIP_MSG.jenjang })
      .optional()
      .transform((value) => value || undefined),
    status: z
      .union([z.enum(['lengkap', 'belum']), z.literal('')], { error: ARSIP_MSG.status })
      .optional()
      .transform((value) => value || undefined),
    ...commonShape(),
  })
  .superRefine((query, ctx) => {
    checkPeriod(query, ctx);
    if (query.status !== undefined && query.daftar !== 'approval') {
      ctx.addIssue({ code: 'custom', path: ['status'], message: ARSIP_MSG.statusHanyaApproval });
    }
  }));
export type ArsipPesertaQuery = z.output<typeof arsipPesertaQuerySchema>;

/**
 * Query of GET /api/sertifikat/arsip: completed participants of a level (required, like the
 * certificate list), q in the name or the school / campus, divisi_id, an internship fully inside
 * [dari, sampai]; order by name then id.
 */
export const arsipSertifikatQuerySchema = lazySchema(() => z
  .object({
    jenjang: z.enum(JENJANG, { error: ARSIP_MSG.jenjang }),
    ...commonShape(),
  })
  .superRefine(checkPeriod));
export type ArsipSertifikatQuery = z.output<typeof arsipSertifikatQuerySchema>;

/** The page fields of an archive answer. */
const pageShape = () => ({
  /** Every row matching the filters. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Answer of GET /api/peserta/arsip: one page of participants in the API shape of GET /api/peserta. */
export const arsipPesertaResponseSchema = lazySchema(() => z.object({ data: z.array(pesertaSchema), ...pageShape() }));
export type ArsipPesertaResponse = z.infer<typeof arsipPesertaResponseSchema>;

/** Answer of GET /api/sertifikat/arsip: one page of rows shaped like GET /api/sertifikat/peserta's. */
export const arsipSertifikatResponseSchema = lazySchema(() => z.object({ data: z.array(sertifikatRowSchema), ...pageShape() }));
export type ArsipSertifikatResponse = z.infer<typeof arsipSertifikatResponseSchema>;

/** Query of GET /api/nilai/mentor/peserta: `lingkup=kerja` keeps the mentor's working set only. */
export const mentorPesertaQuerySchema = lazySchema(() => z.object({ lingkup: lingkupQuerySchema.optional() }));

/**
 * Answer of GET /api/nilai/mentor/peserta: the mentor's participants with their scores on active
 * competencies and how many active competencies their division and level have; with
 * `lingkup=kerja` also `batas`, the window's first end date used.
 */
export const mentorPesertaResponseSchema = lazySchema(() => z.object({
  data: z.array(pesertaSchema.extend({ kompetensi_count: z.number().int() })),
  batas: z.string().optional(),
}));

/** What an archive list asks for: its filters (empty = not in force) and the page. */
export interface ArsipParams {
  q: string;
  jenjang?: string;
  divisiId?: string;
  dari?: string;
  sampai?: string;
  status?: string;
  page: number;
}

/**
 * The query string of an archive request (without '?'): the filters in force, the page and the
 * page size; an empty filter is left out, so the same search always makes the same address.
 */
export function arsipSearch(params: ArsipParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  const put = (key: string, value: string | undefined) => {
    const text = value?.trim() ?? '';
    if (text !== '') query.set(key, text);
  };
  put('jenjang', params.jenjang);
  put('q', params.q);
  put('divisi_id', params.divisiId);
  put('dari', params.dari);
  put('sampai', params.sampai);
  put('status', params.status);
  query.set('page', String(Math.max(1, Math.trunc(params.page))));
  query.set('limit', String(ARSIP_PAGE_SIZE));
  return query.toString();
}
