import { deleteKompetensi as deleteKompetensiCall, mutationErrorText } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { removeMirrorRow } from '@/db/mirror';
import { MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';
import { refreshAfterKompetensiChange } from './save-kompetensi';

/** DELETE /api/kompetensi/{id}; the row leaves the mirror at once, then the lists are re-pulled. */
function deleteKompetensi(api: ApiClient, id: number): Promise<number> {
  return removeMirrorRow(db, 'kompetensi', id, () => deleteKompetensiCall(api, id), () => refreshAfterKompetensiChange(api));
}

/** deleteKompetensi with busy state and the failure text ('Gagal menghapus kompetensi'). */
export function useDeleteKompetensi(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deleteKompetensi(api, id),
    (error) => mutationErrorText(error, MASTER_MSG.kompetensiDeleteFailed),
  );
}
