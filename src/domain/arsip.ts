/**
 * The ARCHIVE: every participant on the server, searched and paged by the server, beside the
 * working set a device mirrors. The participant, approval and certificate lists read it with
 * their 'Arsip' switch; the server answers GET /api/peserta/arsip and GET /api/sertifikat/arsip
 * with these shapes. The texts the switch shows, the query the lists send and its page size.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { JENJANG } from './master-data';
import { pesertaSchema } from './peserta';
import { sertifikatRowSchema } from './sertifikat-terbit';

/** Texts of the archive switch and its states (loading, empty and failure reuse the lists' own texts). */
export const ARSIP_MSG = {
  label: 'Arsip',
  explain: 'Mencari semua peserta di server, termasuk yang sudah selesai. Memerlukan koneksi internet.',
  offline: 'Arsip memerlukan koneksi internet. Sambungkan perangkat lalu coba lagi.',
  /** The approval archive's detail: decisions belong to the working set, so the archive only shows. */
  readOnly: 'Data arsip hanya dapat dilihat.',
} as const;

/** Rows per page of an archive list: the lists' page size. */
export const ARSIP_PAGE_SIZE = 5;
/** Most rows one archive page may ask for. */
export const ARSIP_LIMIT_MAX = 50;

/** Which list the participant archive answers for. */
export const ARSIP_DAFTAR = ['peserta', 'approval'] as const;
export type ArsipDaftar = (typeof ARSIP_DAFTAR)[number];

/** The approval archive's status filter: every step approved (lengkap) or not (belum). */
export const ARSIP_STATUS = ['lengkap', 'belum'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalText = (message: string, max: number) => z.string({ error: message }).max(max, message).optional();
const optionalDate = (message: string) => z.union([z.literal(''), z.string().regex(ISO_DATE, message)], { error: message }).optional();
const positiveInt = (message: string, max: number) =>
  z
    .string({ error: message })
    .regex(/^[0-9]{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/**
 * Query of GET /api/peserta/arsip: the list (`daftar`), the level (optional, '' = both), `q`
 * in the name (and, for the participant list, the school / campus), the division, the period
 * [dari, sampai] the internship overlaps, the approval status (approval list only), the page.
 */
export const arsipPesertaQuerySchema = lazySchema(() =>
  z.object({
    daftar: z.enum(ARSIP_DAFTAR, { error: 'Daftar tidak valid' }),
    jenjang: z.union([z.enum(JENJANG), z.literal('')], { error: 'Jenjang tidak valid' }).optional(),
    q: optionalText('Pencarian tidak valid', 100),
    divisi_id: z.union([z.literal(''), positiveInt('Divisi tidak valid', 2_147_483_647)], { error: 'Divisi tidak valid' }).optional(),
    dari: optionalDate('Tanggal dari tidak valid'),
    sampai: optionalDate('Tanggal sampai tidak valid'),
    status: z.union([z.enum(ARSIP_STATUS), z.literal('')], { error: 'Status tidak valid' }).optional(),
    page: positiveInt('Halaman tidak valid', 100_000).optional(),
    limit: positiveInt('Limit tidak valid', ARSIP_LIMIT_MAX).optional(),
  }),
);
export type ArsipPesertaQuery = z.input<typeof arsipPesertaQuerySchema>;

const pageFields = () => ({ total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** Answer of GET /api/peserta/arsip: one page of participants (the rows of GET /api/peserta) and how many match. */
export const arsipPesertaResponseSchema = lazySchema(() => z.object({ data: z.array(pesertaSchema), ...pageFields() }));
export type ArsipPesertaResponse = z.infer<typeof arsipPesertaResponseSchema>;

/** Answer of GET /api/sertifikat/arsip: one page of completed participants (the rows of GET /api/sertifikat/peserta). */
export const arsipSertifikatResponseSchema = lazySchema(() => z.object({ data: z.array(sertifikatRowSchema), ...pageFields() }));
export type ArsipSertifikatResponse = z.infer<typeof arsipSertifikatResponseSchema>;

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
