import type { PesertaBulkResult } from '@/domain/peserta';

/** Rows per POST /api/peserta/bulk request: a 5,000-row file goes in five steps the progress bar can show. */
export const IMPORT_CHUNK_ROWS = 1000;

/** Share of the progress bar for reading and checking the file in the worker; sending takes the rest. */
const IMPORT_PARSE_SHARE = 0.5;

/** One failed row of an import, numbered as in the file (the header is row 1). */
interface ImportRowError {
  rowNumber: number;
  message: string;
}

/** What the result popup shows: rows added, rows refused, and each refused row with its message. */
export interface ImportReport {
  /** Non-blank data rows in the file. */
  total: number;
  created: number;
  failed: number;
  /** Sorted by row number. */
  errors: ImportRowError[];
}

/** The outcome of one bulk request: the rows it carried (in request order) and the server's answer, or the failure text. */
export type ChunkOutcome =
  | { rows: readonly { rowNumber: number }[]; results: readonly PesertaBulkResult[] }
  | { rows: readonly { rowNumber: number }[]; error: string };

/** `items` in consecutive pieces of at most `size` (the last may be shorter). */
export function chunk<T>(items: readonly T[], size: number = IMPORT_CHUNK_ROWS): T[][] {
  const step = Math.max(1, Math.floor(size));
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += step) pieces.push(items.slice(start, start + step));
  return pieces;
}

/** True for a file name ending in .csv (any case): the only files import accepts. */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** The progress bar's value 0..100: the worker's fraction fills the first half, the rows sent the second. */
export function importProgress(stage: 'parse' | 'send', fraction: number): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const value = stage === 'parse' ? clamped * IMPORT_PARSE_SHARE : IMPORT_PARSE_SHARE + clamped * (1 - IMPORT_PARSE_SHARE);
  return Math.round(value * 100);
}

/**
 * The import's report: the rows the worker refused (already numbered), plus every sent row —
 * a server result's `index` points into its chunk's rows and so back to the file's row number;
 * a chunk that failed as a whole (network, 4xx) counts each of its rows as failed with that
 * text. Rows without an answer count as failed, so created + failed always equals total.
 */
export function mergeImportReport(total: number, clientErrors: readonly ImportRowError[], chunks: readonly ChunkOutcome[]): ImportReport {
  const errors: ImportRowError[] = [...clientErrors];
  let created = 0;
  for (const outcome of chunks) {
    if ('error' in outcome) {
      for (const row of outcome.rows) errors.push({ rowNumber: row.rowNumber, message: outcome.error });
      continue;
    }
    const answered = new Map(outcome.results.map((result) => [result.index, result]));
    outcome.rows.forEach((row, index) => {
      const result = answered.get(index);
      if (result?.ok) created += 1;
      else errors.push({ rowNumber: row.rowNumber, message: result && !result.ok ? result.message : 'Tidak ada jawaban dari server' });
    });
  }
  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  return { total, created, failed: errors.length, errors };
}
