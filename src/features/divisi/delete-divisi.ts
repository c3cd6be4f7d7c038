import { deleteDivisi as deleteDivisiCall, mutationErrorText } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { removeMirrorRow } from '@/db/mirror';
import { MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';
import { refreshAfterDivisiChange } from './save-divisi';

/** DELETE /api/divisi/{id} (409 while participants use it); the row leaves the mirror at once. */
function deleteDivisi(api: ApiClient, id: number): Promise<number> {
  return removeMirrorRow(db, 'divisi', id, () => deleteDivisiCall(api, id), () => refreshAfterDivisiChange(api));
}

/** deleteDivisi with busy state and the failure text ('Gagal menghapus divisi'). */
export function useDeleteDivisi(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deleteDivisi(api, id),
    (error) => mutationErrorText(error, MASTER_MSG.divisiDeleteFailed),
  );
}
