/**
 * The 'Rekap Presensi' screen's rules and texts (HR): its default period, the query string of
 * GET /api/presensi/rekap and its workbook, how a share present and a coverage are written, and
 * a row as a phone card. The figures themselves are the server's (rekapPresensi), the totals
 * row is rekapTotals in ./presensi, and the coverage rule (with its low flag) is ./kehadiran's.
 */
import { cakupanPersen, formatPersen } from './kehadiran';
import type { Jenjang } from './master-data';
import { tanggalProblem } from './dates';
import {
  ALPA,
  HADIR,
  IZIN,
  PRESENSI_MSG,
  PRESENSI_STATUS,
  type PresensiRekapQuery,
  type PresensiStatus,
  type RekapRow,
  SAKIT,
  presensiRekapQuerySchema,
} from './presensi';

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
  /** The coverage column: the recorded days against the working days. */
  cakupan: 'Tercatat / Hari Kerja',
  /** The flag of a coverage below the minimum. */
  cakupanRendah: 'Cakupan rendah',
  /** Above the table when the totals' coverage is low: the share present rests on few days. */
  cakupanRendahNote: (tercatat: number, hariKerja: number, persen: string) =>
    `Baru ${tercatat} dari ${hariKerja} hari kerja tercatat (${persen}). % Hadir hanya menghitung hari yang tercatat.`,
  /** The phone's toggle of the filter form. */
  filter: 'Filter',
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

/** A share present as the screen writes it: 96.7 → '96,7 %' (formatPersen), null (nothing recorded) → '—'. */
export function formatPersenHadir(persen: number | null): string {
  return persen === null ? '—' : formatPersen(persen);
}

/** The coverage of a row or the totals: '5 / 23 (21,7 %)'. */
export function formatCakupan(tercatat: number, hariKerja: number): string {
  return `${tercatat} / ${hariKerja} (${formatPersen(cakupanPersen(tercatat, hariKerja))})`;
}

/** What a phone card says under a participant's name (see rekapCardLines). */
export interface RekapCardSummary {
  /** 'Pemasaran · SMK' */
  where: string;
  /** 'Tercatat 5/23' */
  tercatat: string;
  /** The counts per status, each with its initial ('H' for Hadir). */
  statuses: readonly { initial: string; status: PresensiStatus; count: number }[];
}

/** A recap row as a phone card shows it under the name. */
export function rekapCardSummary(row: Pick<RekapRow, 'divisi' | 'jenjang' | 'hadir' | 'izin' | 'sakit' | 'alpa' | 'tercatat' | 'hari_kerja'>): RekapCardSummary {
  const counts: Record<PresensiStatus, number> = { [HADIR]: row.hadir, [IZIN]: row.izin, [SAKIT]: row.sakit, [ALPA]: row.alpa };
  return {
    where: `${row.divisi} · ${row.jenjang}`,
    tercatat: `Tercatat ${row.tercatat}/${row.hari_kerja}`,
    statuses: PRESENSI_STATUS.map((status) => ({ initial: status.charAt(0), status, count: counts[status] })),
  };
}

/** The two lines a phone card shows under the name: ['Pemasaran · SMK', 'Tercatat 5/23 · H 4 · I 1 · S 0 · A 0']. */
export function rekapCardLines(summary: RekapCardSummary): [string, string] {
  return [summary.where, [summary.tercatat, ...summary.statuses.map((s) => `${s.initial} ${s.count}`)].join(' · ')];
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
