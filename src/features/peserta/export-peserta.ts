import { useState } from 'react';
import type { PesertaRecord } from '@/db/records';
import { csvFileName } from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';
import { downloadFile } from '@/ui/download';
import { exportCsvInWorker } from '@/workers/clients';
import { comparePeserta } from './filter-peserta';

/** Text of a failed export. */
export const EXPORT_FAILED_TEXT = 'Gagal membuat file CSV';

/**
 * CSV export: every participant of the level in the mirror (works offline), in
 * list order, written by the worker (';', dd/mm/yyyy, 62… → 0…, trailing pembimbing value) and
 * saved as peserta_template.csv or mahasiswa_template.csv.
 */
async function exportPeserta(rows: readonly PesertaRecord[], jenjang: Jenjang): Promise<void> {
  const ordered = [...rows].filter((row) => row.jenjang === jenjang).sort(comparePeserta);
  const text = await exportCsvInWorker(ordered, jenjang);
  downloadFile(text, csvFileName(jenjang));
}

/** exportPeserta with a busy flag; resolves false when the file could not be made. */
export function useExportPeserta(jenjang: Jenjang) {
  const [busy, setBusy] = useState(false);
  async function run(rows: readonly PesertaRecord[]): Promise<boolean> {
    setBusy(true);
    try {
      await exportPeserta(rows, jenjang);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
