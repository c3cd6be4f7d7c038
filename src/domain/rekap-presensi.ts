/**
 * The 'Rekap Presensi' screen's rules and texts (HR): its default period, the query string of
 * GET /api/presensi/rekap and its workbook, and how a share present is written. The figures
 * themselves are the server's (rekapPresensi) and the totals row is rekapTotals in ./presensi.
 */
import type { Jenjang } from './master-data';
import { tanggalProblem } from './dates';
import { PRESENSI_MSG, type PresensiRekapQuery, presensiRekapQuerySchema } from './presensi';

/** Texts of the recap screen. */
export const REKAP_MSG = {
  title: 'Rekap Presensi',
  dari: 'Dari',
  sampai: 'Sampai',
  jenjang: 'Jenjang',
  divisi: 'Divisi',
  semuaJenjang: 'Semua',
  semuaDivisi: 'Semua Divisi',
  tampilkan: 'Tampilkan',
  search: 'Cari nama peserta...',
  tableLabel: 'Rekap presensi peserta',
  loading: 'Memuat rekap presensi...',
  empty: 'Tidak ada data presensi pada periode ini',
  noMatch: 'Tidak ada peserta yang cocok dengan pencarian',
  /** The table before any recap came (the request failed). */
  notLoaded: 'Belum ada rekap presensi yang dimuat',
  total: 'Total',
  unduh: 'Unduh Excel',
  mengunduh: 'Mengunduh...',
  unduhFailed: 'Gagal mengunduh rekap presensi',
  loadFailed: 'Gagal memuat rekap presensi',
  /** The recap is computed by the server: without a connection there is none to show. */
  offline: 'Rekap presensi memerlukan koneksi ke server. Sambungkan perangkat ke internet lalu coba lagi.',
  /** Under the offline text while an earlier answer is still on screen. */
  offlineKept: 'Menampilkan rekap terakhir yang dimuat',
  unduhOffline: 'Unduh Excel memerlukan koneksi ke server',
  /** Which answer the table shows: 'Periode 1 November 2026 s.d. 26 November 2026'. */
  shown: (from: string, to: string) => `Periode ${from} s.d. ${to}`,
} as const;

/** The level filter's choices: '' = every level; the API's value with the screen's word. */
export const REKAP_JENJANG_OPTIONS: readonly { value: '' | Jenjang; label: string }[] = [
  { value: '', label: REKAP_MSG.semuaJenjang },
  { value: 'SMK', label: 'Siswa' },
  { value: 'Mahasiswa', label: 'Mahasiswa' },
];

/** The default period of the recap: the first day of `today`'s month to `today` (a Jakarta day, yyyy-mm-dd). */
export function defaultRekapPeriod(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The query string (with its '?') of GET /api/presensi/rekap and rekap.xlsx for `query`. */
export function rekapQueryString(query: PresensiRekapQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.jenjang) params.set('jenjang', query.jenjang);
  if (query.divisi_id !== undefined) params.set('divisi_id', String(query.divisi_id));
  return `?${params.toString()}`;
}

// Made on first use (ICU data), like the dates' formatter.
let persenFormat: Intl.NumberFormat | undefined;

/** A share present as the screen writes it: 96.7 → '96,7 %', null (nothing recorded) → '—'. */
export function formatPersenHadir(persen: number | null): string {
  if (persen === null) return '—';
  persenFormat ??= new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${persenFormat.format(persen)} %`;
}

/** The rows whose name holds `search` (case and surrounding blanks ignored); all rows for a blank search. */
export function filterRekapByNama<T extends { nama: string }>(rows: readonly T[], search: string): readonly T[] {
  const needle = search.trim().toLocaleLowerCase('id-ID');
  if (needle === '') return rows;
  return rows.filter((row) => row.nama.toLocaleLowerCase('id-ID').includes(needle));
}

/** What the screen's filter form holds: the period and a level and division ('' = all). */
export interface RekapFilterDraft {
  from: string;
  to: string;
  jenjang: string;
  divisiId: string;
}

/** The query of a filter form, or the texts of the dates it is refused for (the query schema's own). */
export function rekapQueryOf(draft: RekapFilterDraft): { query: PresensiRekapQuery } | { errors: { from?: string; to?: string } } {
  // A date that is not one says so on its own field (the period's rules need two dates).
  const [fromProblem, toProblem] = [tanggalProblem(draft.from, PRESENSI_MSG.invalidDate), tanggalProblem(draft.to, PRESENSI_MSG.invalidDate)];
  const badDates = { ...(fromProblem ? { from: fromProblem } : {}), ...(toProblem ? { to: toProblem } : {}) };
  if (badDates.from || badDates.to) return { errors: badDates };
  const parsed = presensiRekapQuerySchema.safeParse({
    from: draft.from,
    to: draft.to,
    jenjang: draft.jenjang || undefined,
    divisi_id: draft.divisiId || undefined,
  });
  if (parsed.success) return { query: parsed.data };
  const errors: { from?: string; to?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
