// Worker entry: exposes the CSV functions of csv.ts over comlink; nothing else.
import { expose } from 'comlink';
import { exportCsvText, importCsvText } from './csv';

const api = { importCsvText, exportCsvText };
/** The API the page reaches through src/workers/clients.ts. */
export type CsvWorkerApi = typeof api;
expose(api);
