import { createKompetensi, deleteKompetensi, updateKompetensi } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { pullDivisi, pullKompetensi } from '@/sync/pull-master-data';
import { masterDataActions } from '@/sync/master-data-writes';
import { kompetensiSchema, MASTER_MSG, type KompetensiInput } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** The competency form: name required, level, status, linked division ids. */
export const saveKompetensiInputSchema = kompetensiSchema;

/** Re-reads competencies and divisions (a division row counts its competencies); never rejects. */
function refreshAfterKompetensiChange(api: ApiClient): Promise<unknown> {
  return Promise.allSettled([pullKompetensi(api), pullDivisi(api)]);
}

/**
 * POST (id null) or PUT /api/kompetensi, and DELETE /api/kompetensi/{id}; the mirror changes
 * at once, then both lists are re-pulled.
 */
export const kompetensiActions = masterDataActions({
  store: 'kompetensi',
  create: (api, input: KompetensiInput) => createKompetensi(api, saveKompetensiInputSchema.parse(input)),
  update: (api, id, input) => updateKompetensi(api, id, saveKompetensiInputSchema.parse(input)),
  remove: deleteKompetensi,
  refresh: refreshAfterKompetensiChange,
  failedText: { save: MASTER_MSG.kompetensiSaveFailed, remove: MASTER_MSG.kompetensiDeleteFailed },
});

/** Saves a competency with busy state and the failure text ('Gagal menyimpan kompetensi'). */
export function useSaveKompetensi(api: ApiClient) {
  return useAsyncAction(
    (input: KompetensiInput, id: number | null) => kompetensiActions.save(api, input, id),
    kompetensiActions.saveErrorText,
  );
}
