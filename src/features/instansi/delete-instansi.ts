import { deleteInstansi as deleteInstansiCall, mutationErrorText } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { deleteMirrorRow } from '@/db/mirror';
import { pullInstansi } from '@/db/pull';
import { MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/**
 * DELETE /api/instansi/{id}. The server refuses (409, 'Tidak dapat menghapus instansi yang masih
 * memiliki peserta terkait') while participants reference it; that text is shown as is.
 */
export async function deleteInstansi(api: ApiClient, id: number): Promise<number> {
  await deleteInstansiCall(api, id);
  await deleteMirrorRow(db, 'instansi', id);
  void pullInstansi(api).catch(() => undefined);
  return id;
}

/** deleteInstansi with busy state and the spec 8 failure text ('Gagal menghapus instansi'). */
export function useDeleteInstansi(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deleteInstansi(api, id),
    (error) => mutationErrorText(error, MASTER_MSG.instansiDeleteFailed),
  );
}
