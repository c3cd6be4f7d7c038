import { createKompetensi, mutationErrorText, updateKompetensi } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { saveMirrorRow } from '@/db/mirror';
import { pullDivisi, pullKompetensi } from '@/sync/pull-master-data';
import type { KompetensiRecord } from '@/db/records';
import { kompetensiSchema, MASTER_MSG, type KompetensiInput } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** The competency form: name required, level, status, linked division ids. */
export const saveKompetensiInputSchema = kompetensiSchema;
type SaveKompetensiInput = KompetensiInput;

/** Re-reads competencies and divisions (a division row counts its competencies); never rejects. */
export function refreshAfterKompetensiChange(api: ApiClient): Promise<unknown> {
  return Promise.allSettled([pullKompetensi(api), pullDivisi(api)]);
}

/** POST (id null) or PUT /api/kompetensi; the answer goes into the mirror, then both lists are re-pulled. */
function saveKompetensi(api: ApiClient, input: SaveKompetensiInput, id: number | null): Promise<KompetensiRecord> {
  const write = () => {
    const body = saveKompetensiInputSchema.parse(input);
    return id === null ? createKompetensi(api, body) : updateKompetensi(api, id, body);
  };
  return saveMirrorRow(db, 'kompetensi', write, () => refreshAfterKompetensiChange(api));
}

/** saveKompetensi with busy state and the failure text ('Gagal menyimpan kompetensi'). */
export function useSaveKompetensi(api: ApiClient) {
  return useAsyncAction(
    (input: SaveKompetensiInput, id: number | null) => saveKompetensi(api, input, id),
    (error) => mutationErrorText(error, MASTER_MSG.kompetensiSaveFailed),
  );
}
