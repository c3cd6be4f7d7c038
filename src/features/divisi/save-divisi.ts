import { z } from 'zod';
import { createDivisi, deleteDivisi, updateDivisi } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { pullDivisi, pullKompetensi } from '@/sync/pull-master-data';
import { masterDataActions } from '@/sync/master-data-writes';
import { divisiSchema, MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** The division form: the name, required ('Nama divisi wajib diisi'). */
export const saveDivisiInputSchema = divisiSchema;
type SaveDivisiInput = z.infer<typeof saveDivisiInputSchema>;

/** Re-reads divisions and competencies (competency rows show division names); never rejects. */
function refreshAfterDivisiChange(api: ApiClient): Promise<unknown> {
  return Promise.allSettled([pullDivisi(api), pullKompetensi(api)]);
}

/**
 * POST (id null) or PUT /api/divisi, and DELETE /api/divisi/{id} (409 while participants use
 * it); the mirror changes at once, then both lists are re-pulled.
 */
export const divisiActions = masterDataActions({
  store: 'divisi',
  create: (api, input: SaveDivisiInput) => createDivisi(api, saveDivisiInputSchema.parse(input)),
  update: (api, id, input) => updateDivisi(api, id, saveDivisiInputSchema.parse(input)),
  remove: deleteDivisi,
  refresh: refreshAfterDivisiChange,
  failedText: { save: MASTER_MSG.divisiSaveFailed, remove: MASTER_MSG.divisiDeleteFailed },
});

/** Saves a division with busy state and the failure text ('Gagal menyimpan divisi'). */
export function useSaveDivisi(api: ApiClient) {
  return useAsyncAction((input: SaveDivisiInput, id: number | null) => divisiActions.save(api, input, id), divisiActions.saveErrorText);
}
