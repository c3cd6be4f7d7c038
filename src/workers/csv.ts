/**
 * CSV import and export of participants, run in a worker (csv.worker.ts) so a 5,000-row file
 * never freezes the page: papaparse parses (';'), src/domain/csv-peserta maps rows to add
 * payloads with the product's rules and messages (src/domain/csv-peserta.ts), progress is reported as it goes.
 */
import Papa from 'papaparse';
import {
  CSV_BOM,
  CSV_DELIMITER,
  CSV_MSG,
  type CsvExportPeserta,
  type CsvLookups,
  type CsvMapResult,
  type CsvRow,
  csvHeader,
  csvMissingColumns,
  mapCsvRows,
  pesertaToCsvRow,
} from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';

/** Progress of a running import, 0..1 (parsing is the first half, mapping the second). */
type ProgressCallback = (fraction: number) => void;

/** What an import run found: payloads of the valid rows and the failed rows with messages. */
export type CsvImportResult = CsvMapResult & {
  /** Non-blank data rows in the file. */
  total: number;
};

/** Rows mapped between two progress reports. */
const MAP_BATCH_ROWS = 250;

/** Parses `text` (';'-separated, header row) into rows keyed by header; blank rows kept. */
export function parseCsvText(text: string, onProgress?: ProgressCallback): CsvRow[] {
  const rows: CsvRow[] = [];
  const size = Math.max(1, text.length);
  Papa.parse<CsvRow>(text, {
    header: true,
    delimiter: CSV_DELIMITER,
    // Blank rows keep their place: row numbers in messages count them (csv-peserta.ts).
    skipEmptyLines: false,
    step: (result) => {
      rows.push(result.data);
      if (rows.length % 500 === 0) onProgress?.(Math.min(0.5, (result.meta.cursor / size) * 0.5));
    },
  });
  // A final newline gives one empty trailing row: it is blank and skipped by the mapping.
  onProgress?.(0.5);
  return rows;
}

/** Parses and maps a whole file; throws Error(CSV_MSG.processFailed) when the header is wrong. */
export function importCsvText(text: string, jenjang: Jenjang, lookups: CsvLookups, onProgress?: ProgressCallback): CsvImportResult {
  const rows = parseCsvText(text, onProgress);
  const headers = Object.keys(rows[0] ?? {}).filter((header) => header !== '__parsed_extra');
  if (rows.length === 0 || csvMissingColumns(headers, jenjang).length > 0) throw new Error(CSV_MSG.processFailed);
  const result: CsvMapResult = { valid: [], errors: [] };
  for (let start = 0; start < rows.length; start += MAP_BATCH_ROWS) {
    const batch = mapCsvRows(rows.slice(start, start + MAP_BATCH_ROWS), jenjang, lookups);
    // mapCsvRows numbers rows from the start of what it gets: shift to the file's numbering.
    for (const row of batch.valid) result.valid.push({ ...row, rowNumber: row.rowNumber + start });
    for (const row of batch.errors) result.errors.push({ ...row, rowNumber: row.rowNumber + start });
    onProgress?.(0.5 + (Math.min(rows.length, start + MAP_BATCH_ROWS) / rows.length) * 0.5);
  }
  return { ...result, total: result.valid.length + result.errors.length };
}

/**
 * The export file's text: a byte-order mark, the header, then one row per participant with
 * the trailing pembimbing value (cells neutralised against formulas by pesertaToCsvRow).
 */
export function exportCsvText(peserta: readonly CsvExportPeserta[], jenjang: Jenjang): string {
  const body = peserta.map((row) => pesertaToCsvRow(row, jenjang));
  return `${CSV_BOM}${Papa.unparse([csvHeader(jenjang), ...body], { delimiter: CSV_DELIMITER, newline: '\r\n' })}\r\n`;
}
