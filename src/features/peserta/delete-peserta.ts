import { deletePeserta as deletePesertaCall, pesertaErrorText } from '@/api/peserta';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { PESERTA_MSG } from '@/domain/peserta';
import { useAsyncAction } from '@/ui/use-async-action';
import { refreshPesertaMirror } from './use-peserta';

/**
 * DELETE /api/peserta/{id} (online only), then an incremental pull, which brings the deletion
 * into the mirror. Should that pull fail, the row (with its scores and reviews) leaves the
 * mirror here, since the server has confirmed it is gone.
 */
async function deletePeserta(api: ApiClient, id: number): Promise<number> {
  await deletePesertaCall(api, id);
  try {
    await refreshPesertaMirror(api);
  } catch {
    await db.transaction('rw', [db.peserta, db.nilai, db.reviews], async () => {
      await db.peserta.delete(id);
      await db.nilai.where('peserta_id').equals(id).delete();
      await db.reviews.where('peserta_id').equals(id).delete();
    });
  }
  return id;
}

/** deletePeserta with busy state ('Menghapus...') and the failure text (server message, body, 'Gagal menghapus data'). */
export function useDeletePeserta(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deletePeserta(api, id),
    (error) => pesertaErrorText(error, PESERTA_MSG.deleteFailed),
  );
}
