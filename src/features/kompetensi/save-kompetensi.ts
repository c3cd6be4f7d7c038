import { createKompetensi, mutationErrorText, updateKompetensi } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { putMirrorRow } from '@/db/mirror';
import { pullDivisi, pullKompetensi } from '@/db/pull';
import type { KompetensiRecord } from '@/db/records';
import { kompetensiSchema, MASTER_MSG, type KompetensiInput } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** The competency form (spec 5): name required, level, status, linked division ids. */
export const saveKompetensiInputSchema = kompetensiSchema;
export type SaveKompetensiInput = KompetensiInput;

/** Re-reads competencies and divisions (a division row counts its competencies). */
export function refreshAfterKompetensiChange(api: ApiClient): void {
  void pullKompetensi(api).catch(() => undefined);
  void pullDivisi(api).catch(() => undefined);
}

/** POST (id null) or PUT /api/kompetensi; the answer goes into the mirror, then both lists are re-pulled. */
export async function saveKompetensi(api: ApiClient, input: SaveKompetensiInput, id: number | null): Promise<KompetensiRecord> {
  const body = saveKompetensiInputSchema.parse(input);
  const row = id === null ? await createKompetensi(api, body) : await updateKompetensi(api, id, body);
  await putMirrorRow(db, 'kompetensi', row);
  refreshAfterKompetensiChange(api);
  return row;
}

/** saveKompetensi with busy state and the spec 8 failure text ('Gagal menyimpan kompetensi'). */
export function useSaveKompetensi(api: ApiClient) {
  return useAsyncAction(
    (input: SaveKompetensiInput, id: number | null) => saveKompetensi(api, input, id),
    (error) => mutationErrorText(error, MASTER_MSG.kompetensiSaveFailed),
  );
}
