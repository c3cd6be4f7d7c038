import type { ApiClient } from '@/api/client';
import { useAsyncAction } from '@/ui/use-async-action';
import { instansiActions } from './save-instansi';

/**
 * Deletes an institution with busy state and the failure text ('Gagal menghapus instansi').
 * The server refuses (409, 'Tidak dapat menghapus instansi yang masih memiliki peserta
 * terkait') while participants reference it; that text is shown as is.
 */
export function useDeleteInstansi(api: ApiClient) {
  return useAsyncAction((id: number) => instansiActions.remove(api, id), instansiActions.removeErrorText);
}
