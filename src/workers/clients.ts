/**
 * Main-thread access to the workers: starts a worker on first use, hands out its comlink
 * proxy, and stops it after a while idle. Imports the worker APIs as types only, so the CSV
 * and document libraries stay out of the main bundle.
 */
import { type Remote, proxy, wrap } from 'comlink';
import type { CsvExportPeserta, CsvLookups } from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';
import type { CsvImportResult } from './csv';
import type { CsvWorkerApi } from './csv.worker';

/** A worker with nothing to do for this long is stopped (it restarts on the next call). */
export const WORKER_IDLE_MS = 30_000;

let csvWorker: { worker: Worker; api: Remote<CsvWorkerApi> } | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let busy = 0;

function csv(): Remote<CsvWorkerApi> {
  clearTimeout(idleTimer);
  if (!csvWorker) {
    const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module', name: 'csv' });
    csvWorker = { worker, api: wrap<CsvWorkerApi>(worker) };
  }
  return csvWorker.api;
}

function release(): void {
  if (--busy > 0) return;
  idleTimer = setTimeout(() => {
    csvWorker?.worker.terminate();
    csvWorker = null;
  }, WORKER_IDLE_MS);
}

async function withCsv<T>(run: (api: Remote<CsvWorkerApi>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  busy += 1;
  try {
    const work = run(csv());
    if (!signal) return await work;
    // Aborting stops the worker itself: a long parse cannot be interrupted otherwise.
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => {
        csvWorker?.worker.terminate();
        csvWorker = null;
        reject(new DOMException('Dibatalkan', 'AbortError'));
      });
    });
    return await Promise.race([work, aborted]);
  } finally {
    release();
  }
}

/** Parses and validates a CSV file in the worker, reporting progress 0..1. */
export function importCsvInWorker(
  text: string,
  jenjang: Jenjang,
  lookups: CsvLookups,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CsvImportResult> {
  return withCsv((api) => api.importCsvText(text, jenjang, lookups, proxy(onProgress)), signal);
}

/** Builds the export file text in the worker. */
export function exportCsvInWorker(peserta: readonly CsvExportPeserta[], jenjang: Jenjang, signal?: AbortSignal): Promise<string> {
  return withCsv((api) => api.exportCsvText(peserta, jenjang), signal);
}
