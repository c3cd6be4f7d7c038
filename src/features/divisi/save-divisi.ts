import { z } from 'zod';
import { createDivisi, mutationErrorText, updateDivisi } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { saveMirrorRow } from '@/db/mirror';
import { pullDivisi, pullKompetensi } from '@/sync/pull-master-data';
import type { DivisiRecord } from '@/db/records';
import { divisiSchema, MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** The division form: the name, required ('Nama divisi wajib diisi'). */
export const saveDivisiInputSchema = divisiSchema;
type SaveDivisiInput = z.infer<typeof saveDivisiInputSchema>;

/** Re-reads divisions and competencies (competency rows show division names); never rejects. */
export function refreshAfterDivisiChange(api: ApiClient): Promise<unknown> {
  return Promise.allSettled([pullDivisi(api), pullKompetensi(api)]);
}

/** POST (id null) or PUT /api/divisi; the answer goes into the mirror, then both lists are re-pulled. */
function saveDivisi(api: ApiClient, input: SaveDivisiInput, id: number | null): Promise<DivisiRecord> {
  const write = () => {
    const body = saveDivisiInputSchema.parse(input);
    return id === null ? createDivisi(api, body) : updateDivisi(api, id, body);
  };
  return saveMirrorRow(db, 'divisi', write, () => refreshAfterDivisiChange(api));
}

/** saveDivisi with busy state and the failure text ('Gagal menyimpan divisi'). */
export function useSaveDivisi(api: ApiClient) {
  return useAsyncAction(
    (input: SaveDivisiInput, id: number | null) => saveDivisi(api, input, id),
    (error) => mutationErrorText(error, MASTER_MSG.divisiSaveFailed),
  );
}
