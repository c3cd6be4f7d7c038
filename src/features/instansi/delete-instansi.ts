import { deleteInstansi as deleteInstansiCall, mutationErrorText } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { removeMirrorRow } from '@/db/mirror';
import { pullInstansi } from '@/sync/pull-master-data';
import { MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/**
 * DELETE /api/instansi/{id}. The server refuses (409, 'Tidak dapat menghapus instansi yang masih
 * memiliki peserta terkait') while participants reference it; that text is shown as is.
 */
function deleteInstansi(api: ApiClient, id: number): Promise<number> {
  return removeMirrorRow(db, 'instansi', id, () => deleteInstansiCall(api, id), () => pullInstansi(api));
}

/** deleteInstansi with busy state and the failure text ('Gagal menghapus instansi'). */
export function useDeleteInstansi(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deleteInstansi(api, id),
    (error) => mutationErrorText(error, MASTER_MSG.instansiDeleteFailed),
  );
}
