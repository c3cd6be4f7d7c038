/**
 * Main-thread access to the workers: starts a worker on first use, hands out its comlink
 * proxy, and stops it after a while idle. Imports the worker APIs as types only, so the CSV
 * and document libraries stay out of the main bundle.
 */
import { type Remote, proxy, wrap } from 'comlink';
import type { DocumentRequest } from '@/documents/input';
import type { CsvExportPeserta, CsvLookups } from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';
import type { CsvImportResult } from './csv';
import type { CsvWorkerApi } from './csv.worker';
import type { DocumentsWorkerApi } from './documents.worker';

export type { DocumentRequest, DocumentSources } from '@/documents/input';
/**
 * The one way a screen turns an issued certificate into the worker's request (pure, light: no
 * document library), handed to the screens here since they may not import src/documents.
 */
export { snapshotDocumentRequest } from '@/documents/input';

/** A worker with nothing to do for this long is stopped (it restarts on the next call). */
export const WORKER_IDLE_MS = 30_000;

interface Running<Api> {
  worker: Worker;
  api: Remote<Api>;
  /** Rejects when the worker is stopped by an abort, so calls still waiting on it end too. */
  stopped: Promise<never>;
  stop: (reason: unknown) => void;
}

/**
 * A lazily started worker: `run` starts it when needed, counts the calls in flight and stops
 * the worker WORKER_IDLE_MS after the last one. Aborting a call stops the worker itself (a long
 * parse or a PDF batch cannot be interrupted otherwise) and ends every call waiting on it.
 */
function lazyWorker<Api>(start: () => Worker): <T>(call: (api: Remote<Api>) => Promise<T>, signal?: AbortSignal) => Promise<T> {
  let running: Running<Api> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let busy = 0;

  function current(): Running<Api> {
    clearTimeout(idleTimer);
    if (!running) {
      const worker = start();
      let stop: (reason: unknown) => void = () => {};
      const stopped = new Promise<never>((_, reject) => {
        stop = reject;
      });
      // Nobody may be waiting when it is stopped: that is not an unhandled rejection.
      stopped.catch(() => {});
      running = { worker, api: wrap<Api>(worker), stopped, stop };
    }
    return running;
  }

  function terminate(reason: unknown): void {
    running?.worker.terminate();
    running?.stop(reason);
    running = null;
  }

  function release(): void {
    if (--busy > 0) return;
    idleTimer = setTimeout(() => terminate(new DOMException('Worker berhenti', 'AbortError')), WORKER_IDLE_MS);
  }

  return async <T>(call: (api: Remote<Api>) => Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (signal?.aborted) throw new DOMException('Dibatalkan', 'AbortError');
    busy += 1;
    const worker = current();
    let onAbort: (() => void) | undefined;
    try {
      const racers: Promise<T>[] = [call(worker.api), worker.stopped];
      if (signal) {
        racers.push(
          new Promise<never>((_, reject) => {
            onAbort = () => {
              const reason = new DOMException('Dibatalkan', 'AbortError');
              reject(reason);
              if (running === worker) terminate(reason);
            };
            signal.addEventListener('abort', onAbort, { once: true });
          }),
        );
      }
      return await Promise.race(racers);
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      release();
    }
  };
}

const withCsv = lazyWorker<CsvWorkerApi>(
  () => new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module', name: 'csv' }),
);

const withDocuments = lazyWorker<DocumentsWorkerApi>(
  () => new Worker(new URL('./documents.worker.ts', import.meta.url), { type: 'module', name: 'documents' }),
);

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

/** The certificates of `requests` as one PDF (a page each), reporting pages done. */
export function certificatePdfInWorker(
  requests: DocumentRequest[],
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return withDocuments((api) => api.certificatePdf(requests, onProgress ? proxy(onProgress) : undefined), signal);
}

/** The Daftar Nilai (grade transcript) PDF of one participant. */
export function daftarNilaiPdfInWorker(request: DocumentRequest, signal?: AbortSignal): Promise<Uint8Array> {
  return withDocuments((api) => api.daftarNilaiPdf(request), signal);
}

/** The certificate of one participant as a one-slide PPTX. */
export function certificatePptxInWorker(request: DocumentRequest, signal?: AbortSignal): Promise<Uint8Array> {
  return withDocuments((api) => api.certificatePptx(request), signal);
}

/** The certificate of one participant as a standalone SVG (the preview, for an <img>). */
export function certificateSvgInWorker(request: DocumentRequest, signal?: AbortSignal): Promise<string> {
  return withDocuments((api) => api.certificateSvg(request), signal);
}
