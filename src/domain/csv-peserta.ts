/**
 * CSV import and export of participants, as pure mapping: the
 * worker parses and writes the file (papaparse, ';'), this module turns parsed rows into
 * add payloads and participants back into rows.
 *
 * Columns, in this order (the header row names them):
 *   SMK:       nama;asal_instansi;nis;jurusan;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai
 *   Mahasiswa: nama;asal_instansi;nim;jurusan;fakultas;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai
 * Export writes one more value per row, the pembimbing's username, with no header column
 * (the export format of the product); import ignores it (papaparse puts it in `__parsed_extra`), so an exported file
 * imports back unchanged. Import always assigns the user named 'pembimbing'.
 *
 * Row numbers count the header as row 1: rows[i] of the parsed data is row i + 2. Blank rows
 * (every value empty) are skipped without a message but keep their number, so the worker
 * must hand over blank rows too (no `skipEmptyLines`).
 *
 * Per row, the first failing rule answers, in this order: a missing column or empty value
 * ('Semua field wajib diisi'), tanggal_masuk, tanggal_selesai, divisi, mentor, instansi
 * (of the level's kind), the 'pembimbing' user, then the add payload's own rules.
 */
import type { InstansiJenis, Jenjang } from './master-data';
import { INSTANSI_JENIS_OF, PESERTA_MSG, type PesertaCreate, isBlankField, pesertaImportSchema } from './peserta';
import { isCalendarDate } from './dates';

/** The CSV columns of each level, in file order (see the header comment). */
export const CSV_COLUMNS = {
  SMK: ['nama', 'asal_instansi', 'nis', 'jurusan', 'divisi', 'mentor', 'nama_pembimbing', 'kontak_pembimbing', 'tanggal_masuk', 'tanggal_selesai'],
  Mahasiswa: ['nama', 'asal_instansi', 'nim', 'jurusan', 'fakultas', 'divisi', 'mentor', 'nama_pembimbing', 'kontak_pembimbing', 'tanggal_masuk', 'tanggal_selesai'],
} as const satisfies Record<Jenjang, readonly string[]>;
/** A column name of either level. */
type CsvColumn = (typeof CSV_COLUMNS)[Jenjang][number];

/** Field separator of import and export files. */
export const CSV_DELIMITER = ';';

/** Username of the account every imported participant gets as pembimbing. */
const CSV_PEMBIMBING_USERNAME = 'pembimbing';

/** Row number of the first data row: the header is row 1. */
const CSV_FIRST_ROW_NUMBER = 2;

/** A Mahasiswa fakultas written as '-' means none (''); export writes '' back as '-'. */
const CSV_NO_FAKULTAS = '-';

/** Export files start with a UTF-8 byte-order mark: without it Excel reads them as ANSI and garbles 'é', 'ñ'. */
export const CSV_BOM = '\uFEFF';

/**
 * Cells that office software would run as a formula (OWASP CSV injection): starting with =, +,
 * -, @, tab or CR — after any apostrophes, so that the apostrophe export adds stays reversible.
 * A lone '-' (the empty fakultas) is no formula and stays as it is.
 */
const FORMULA_START_RE = /^'*[=+\-@\t\r]/;
const NEUTRALIZED_RE = /^'+[=+\-@\t\r]/;

/** A cell as export writes it: one apostrophe before a would-be formula, which a spreadsheet shows as text. */
function neutralizeCsvCell(value: string): string {
  return value !== CSV_NO_FAKULTAS && FORMULA_START_RE.test(value) ? `'${value}` : value;
}

/** The cell as it was before neutralizeCsvCell (import reads every cell through it). */
function restoreCsvCell(value: string): string {
  return NEUTRALIZED_RE.test(value) ? value.slice(1) : value;
}

/** Texts of CSV import. */
export const CSV_MSG = {
  required: PESERTA_MSG.required,
  dateInvalid: (field: string) => `Format tanggal ${field} tidak valid`,
  divisiNotFound: (name: string) => `Divisi "${name}" tidak ditemukan di database`,
  mentorNotFound: (username: string) => `Mentor "${username}" tidak ditemukan di database`,
  instansiNotFound: (name: string) => `Instansi "${name}" tidak ditemukan di database`,
  pembimbingNotFound: 'ID pembimbing tidak ditemukan',
  importSuccess: 'Import berhasil!',
  processFailed: 'Gagal memproses file',
  readFailed: 'Gagal membaca file',
} as const;

/**
 * What import matches names against (from the API): institutions with their type, divisions,
 * users with the Mentor role, and users with the Pembimbing role.
 */
export interface CsvLookups {
  instansi: readonly { id: number; nama: string; jenis: InstansiJenis }[];
  divisi: readonly { id: number; nama: string }[];
  mentors: readonly { id: number; username: string }[];
  pembimbing: readonly { id: number; username: string }[];
}

/** A parsed CSV row keyed by header (values other than strings, like papaparse's `__parsed_extra`, are ignored). */
export type CsvRow = Readonly<Record<string, unknown>>;

/** Outcome of mapping one row. */
type CsvRowResult = { ok: true; payload: PesertaCreate } | { ok: false; message: string };

/** Outcome of mapping a file: valid rows with their payloads and failed rows with their message. */
export interface CsvMapResult {
  valid: { rowNumber: number; payload: PesertaCreate }[];
  errors: { rowNumber: number; message: string }[];
}

interface LookupIndex {
  instansi: Map<string, { id: number; jenis: InstansiJenis }>;
  divisi: Map<string, number>;
  mentors: Map<string, number>;
  pembimbingId: number | undefined;
}

const key = (name: string) => name.trim().toLowerCase();

function indexBy<T>(items: readonly T[], name: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  // The first of two names equal in any case wins (the database keeps them unique anyway).
  for (const item of items) if (!map.has(key(name(item)))) map.set(key(name(item)), item);
  return map;
}

// One index per lookups object: mapping 5,000 rows builds it once, not per row.
const indexCache = new WeakMap<CsvLookups, LookupIndex>();
function lookupIndex(lookups: CsvLookups): LookupIndex {
  let index = indexCache.get(lookups);
  if (!index) {
    const pembimbing = indexBy(lookups.pembimbing, (user) => user.username).get(CSV_PEMBIMBING_USERNAME);
    index = {
      instansi: new Map([...indexBy(lookups.instansi, (row) => row.nama)].map(([name, row]) => [name, { id: row.id, jenis: row.jenis }])),
      divisi: new Map([...indexBy(lookups.divisi, (row) => row.nama)].map(([name, row]) => [name, row.id])),
      mentors: new Map([...indexBy(lookups.mentors, (user) => user.username)].map(([name, user]) => [name, user.id])),
      pembimbingId: pembimbing?.id,
    };
    indexCache.set(lookups, index);
  }
  return index;
}

/**
 * The row's values by trimmed lower-case header (a byte-order mark on the first header is
 * dropped), each cell restored from export's formula neutralising, then trimmed.
 */
function normalizeRow(row: CsvRow): Map<string, string> {
  const values = new Map<string, string>();
  for (const [header, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    values.set(key(header.replace(/^\uFEFF/, '')), restoreCsvCell(value).trim());
  }
  return values;
}

const DMY_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 'dd/mm/yyyy' (also d/m/yyyy) as 'yyyy-mm-dd', or null when it is not a real date (the range is the schema's). */
export function csvDateToIso(value: string): string | null {
  const match = DMY_RE.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${(match[2] as string).padStart(2, '0')}-${(match[1] as string).padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** 'yyyy-mm-dd' as 'dd/mm/yyyy' (anything else unchanged). */
export function isoToCsvDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Import: a phone starting with 0 starts with 62 instead. */
export function phoneToStored(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('0') ? `62${trimmed.slice(1)}` : trimmed;
}

/** Export: a phone starting with 62 starts with 0 instead (the reverse of import). */
export function phoneToCsv(value: string): string {
  return value.startsWith('62') ? `0${value.slice(2)}` : value;
}

/** True when every value of the row is empty: such rows are skipped, not reported. */
export function isBlankCsvRow(row: CsvRow): boolean {
  return [...normalizeRow(row).values()].every((value) => value === '');
}

/** The level's columns missing from a header row (empty when the header is complete). */
export function csvMissingColumns(headers: readonly string[], jenjang: Jenjang): CsvColumn[] {
  const present = new Set(headers.map((header) => key(header.replace(/^\uFEFF/, ''))));
  return CSV_COLUMNS[jenjang].filter((column) => !present.has(column));
}

/** One parsed row as an add payload of `jenjang`, or the first message that refuses it. */
export function csvRowToPayload(row: CsvRow, jenjang: Jenjang, lookups: CsvLookups): CsvRowResult {
  const values = normalizeRow(row);
  const value = (column: CsvColumn) => values.get(column) ?? '';
  const fail = (message: string): CsvRowResult => ({ ok: false, message });

  if (CSV_COLUMNS[jenjang].some((column) => isBlankField(values.get(column)))) return fail(CSV_MSG.required);

  const tanggal_masuk = csvDateToIso(value('tanggal_masuk'));
  if (!tanggal_masuk) return fail(CSV_MSG.dateInvalid('tanggal_masuk'));
  const tanggal_selesai = csvDateToIso(value('tanggal_selesai'));
  if (!tanggal_selesai) return fail(CSV_MSG.dateInvalid('tanggal_selesai'));

  const index = lookupIndex(lookups);
  const divisiId = index.divisi.get(key(value('divisi')));
  if (divisiId === undefined) return fail(CSV_MSG.divisiNotFound(value('divisi')));
  const mentorId = index.mentors.get(key(value('mentor')));
  if (mentorId === undefined) return fail(CSV_MSG.mentorNotFound(value('mentor')));
  const instansi = index.instansi.get(key(value('asal_instansi')));
  // An institution of the other kind (a Kampus for SMK) counts as not found.
  if (!instansi || instansi.jenis !== INSTANSI_JENIS_OF[jenjang]) return fail(CSV_MSG.instansiNotFound(value('asal_instansi')));
  if (index.pembimbingId === undefined) return fail(CSV_MSG.pembimbingNotFound);

  const common = {
    nama: value('nama'),
    instansi_id: instansi.id,
    divisi_id: divisiId,
    mentor_id: mentorId,
    pembimbing_id: index.pembimbingId,
    nama_pembimbing: value('nama_pembimbing'),
    kontak_pembimbing: phoneToStored(value('kontak_pembimbing')),
    tanggal_masuk,
    tanggal_selesai,
  };
  const candidate =
    jenjang === 'SMK'
      ? { jenjang, ...common, nis: value('nis'), jurusan: value('jurusan') }
      : {
          jenjang,
          ...common,
          nim: value('nim'),
          jurusan_mahasiswa: value('jurusan'),
          fakultas: value('fakultas') === CSV_NO_FAKULTAS ? '' : value('fakultas'),
        };
  // The same rules the server applies to the row (text lengths, date order).
  const parsed = pesertaImportSchema.safeParse(candidate);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? CSV_MSG.processFailed);
  return { ok: true, payload: parsed.data };
}

/** Maps every parsed row: blank rows skipped, the rest valid or failed, each with its row number (header = 1). */
export function mapCsvRows(rows: readonly CsvRow[], jenjang: Jenjang, lookups: CsvLookups): CsvMapResult {
  const result: CsvMapResult = { valid: [], errors: [] };
  rows.forEach((row, index) => {
    if (isBlankCsvRow(row)) return;
    const rowNumber = index + CSV_FIRST_ROW_NUMBER;
    const mapped = csvRowToPayload(row, jenjang, lookups);
    if (mapped.ok) result.valid.push({ rowNumber, payload: mapped.payload });
    else result.errors.push({ rowNumber, message: mapped.message });
  });
  return result;
}

/**
 * What export reads of a participant: the API shape or its mirror row; nested
 * objects may be missing (a deleted mentor exports an empty value).
 */
export interface CsvExportPeserta {
  nama: string;
  instansi?: { nama: string } | null;
  divisi?: { nama: string } | null;
  mentor?: { username: string } | null;
  pembimbing?: { username: string } | null;
  nama_pembimbing?: string | null;
  kontak_pembimbing?: string | null;
  tanggal_masuk: string | null;
  tanggal_selesai: string | null;
  siswa?: { nis: string; jurusan: string } | null;
  mahasiswa?: { nim: string; jurusan: string; fakultas: string | null } | null;
}

/** The header row of a level's file. */
export function csvHeader(jenjang: Jenjang): string[] {
  return [...CSV_COLUMNS[jenjang]];
}

/**
 * A participant as one export row: the level's columns in order (dates dd/mm/yyyy, phone
 * 62… → 0…, empty fakultas '-'), then the pembimbing's username with no header column;
 * would-be formulas neutralised (neutralizeCsvCell).
 */
export function pesertaToCsvRow(peserta: CsvExportPeserta, jenjang: Jenjang): string[] {
  const cells: Record<CsvColumn, string> = {
    nama: peserta.nama,
    asal_instansi: peserta.instansi?.nama ?? '',
    nis: peserta.siswa?.nis ?? '',
    nim: peserta.mahasiswa?.nim ?? '',
    jurusan: (jenjang === 'SMK' ? peserta.siswa?.jurusan : peserta.mahasiswa?.jurusan) ?? '',
    fakultas: peserta.mahasiswa?.fakultas || CSV_NO_FAKULTAS,
    divisi: peserta.divisi?.nama ?? '',
    mentor: peserta.mentor?.username ?? '',
    nama_pembimbing: peserta.nama_pembimbing ?? '',
    kontak_pembimbing: phoneToCsv(peserta.kontak_pembimbing ?? ''),
    tanggal_masuk: isoToCsvDate(peserta.tanggal_masuk ?? ''),
    tanggal_selesai: isoToCsvDate(peserta.tanggal_selesai ?? ''),
  };
  return [...CSV_COLUMNS[jenjang].map((column) => cells[column]), peserta.pembimbing?.username ?? ''].map(neutralizeCsvCell);
}

/** The export file name: peserta_template.csv (SMK) or mahasiswa_template.csv. */
export function csvFileName(jenjang: Jenjang): string {
  return jenjang === 'SMK' ? 'peserta_template.csv' : 'mahasiswa_template.csv';
}
