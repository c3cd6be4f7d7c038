import { useCallback, useRef, useState } from 'react';
import { isApiError, type ApiClient } from '@/api/client';
import { bulkCreatePeserta, fetchCsvLookups, pesertaErrorText } from '@/api/peserta';
import { CSV_MSG } from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { PESERTA_MSG } from '@/domain/peserta';
import { importCsvInWorker } from '@/workers/clients';
import { type ChunkOutcome, type ImportReport, chunk, importProgress, isCsvFileName, mergeImportReport } from './import-report';
import { refreshPesertaMirror } from './use-peserta';

/** Texts of the import that only this screen shows. */
export const IMPORT_TEXT = {
  csvOnly: 'Hanya file .csv yang dapat diimport.',
  cancelled: 'Import dibatalkan',
  parsing: 'Memproses file...',
  sending: 'Menyimpan data...',
} as const;

/** An import that could not run at all: the popup's title and text ('Gagal memproses file', 'Gagal membaca file'). */
export class ImportFailure extends Error {
  override readonly name = 'ImportFailure';
  constructor(
    message: string,
    readonly title = 'Error',
  ) {
    super(message);
  }
}

/** The file's text; a name not ending in .csv or a failed read is an ImportFailure. */
async function readCsvFile(file: Blob & { name: string }): Promise<string> {
  if (!isCsvFileName(file.name)) throw new ImportFailure(IMPORT_TEXT.csvOnly, CSV_MSG.readFailed);
  try {
    return await file.text();
  } catch {
    throw new ImportFailure(CSV_MSG.readFailed);
  }
}

/** Where a running import is: its stage and the progress bar's value 0..100. */
export interface ImportProgress {
  stage: 'parse' | 'send';
  percent: number;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Imports a CSV file: reads it, fetches the lookups fresh (the import needs
 * the network), parses and checks it in the worker, then sends the valid rows to
 * POST /api/peserta/bulk in chunks. Returns the merged per-row report; null when cancelled
 * before anything was sent. A failure of the whole file throws an ImportFailure.
 */
export async function importPeserta(
  api: ApiClient,
  file: Blob & { name: string },
  jenjang: Jenjang,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportReport | null> {
  const text = await readCsvFile(file);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ImportFailure(MSG.offlineCannotSave);
  onProgress({ stage: 'parse', percent: 0 });
  let lookups;
  try {
    lookups = await fetchCsvLookups(api);
  } catch (error) {
    throw new ImportFailure(pesertaErrorText(error, CSV_MSG.processFailed));
  }
  if (signal?.aborted) return null;

  let parsed;
  try {
    parsed = await importCsvInWorker(text, jenjang, lookups, (fraction) => onProgress({ stage: 'parse', percent: importProgress('parse', fraction) }), signal);
  } catch (error) {
    if (isAbort(error) || signal?.aborted) return null;
    throw new ImportFailure(CSV_MSG.processFailed);
  }
  if (parsed.total === 0) throw new ImportFailure(CSV_MSG.processFailed);

  const outcomes: ChunkOutcome[] = [];
  let stopped: string | null = null;
  let sent = 0;
  onProgress({ stage: 'send', percent: importProgress('send', 0) });
  for (const rows of chunk(parsed.valid)) {
    if (signal?.aborted) stopped ??= IMPORT_TEXT.cancelled;
    if (stopped) {
      outcomes.push({ rows, error: stopped });
      continue;
    }
    try {
      const answer = await bulkCreatePeserta(api, jenjang, rows.map((row) => row.payload));
      outcomes.push({ rows, results: answer.results });
    } catch (error) {
      const message = pesertaErrorText(error, PESERTA_MSG.saveFailed);
      outcomes.push({ rows, error: message });
      // No connection or no right to import: the next chunks would fail the same way.
      if (isApiError(error) && (error.isNetworkError || error.status === 401 || error.status === 403)) stopped = message;
    }
    sent += rows.length;
    onProgress({ stage: 'send', percent: importProgress('send', sent / parsed.valid.length) });
  }
  onProgress({ stage: 'send', percent: 100 });
  return mergeImportReport(parsed.total, parsed.errors, outcomes);
}

/** What the page gets back from an import run: the report, a failure, or nothing (cancelled). */
type ImportOutcome = { report: ImportReport } | { failure: ImportFailure } | null;

/** importPeserta with the progress for the bar, a cancel, and a mirror pull afterwards (the list reloads after an import). */
export function useImportPeserta(api: ApiClient, jenjang: Jenjang) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (file: File): Promise<ImportOutcome> => {
      if (controller.current) return null;
      const abort = new AbortController();
      controller.current = abort;
      try {
        // The worker's progress callbacks come over their own channel and can land after the
        // result: one landing after the run would reopen the progress dialog for good.
        const report = await importPeserta(
          api,
          file,
          jenjang,
          (next) => {
            if (controller.current === abort) setProgress(next);
          },
          abort.signal,
        );
        if (report && report.created > 0) await refreshPesertaMirror(api).catch(() => undefined);
        return report ? { report } : null;
      } catch (error) {
        return { failure: error instanceof ImportFailure ? error : new ImportFailure(CSV_MSG.processFailed) };
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
    [api, jenjang],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { run, cancel, progress, running: progress !== null };
}
