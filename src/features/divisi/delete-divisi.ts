import type { ApiClient } from '@/api/client';
import { useAsyncAction } from '@/ui/use-async-action';
import { divisiActions } from './save-divisi';

/** Deletes a division with busy state and the failure text ('Gagal menghapus divisi'). */
export function useDeleteDivisi(api: ApiClient) {
  return useAsyncAction((id: number) => divisiActions.remove(api, id), divisiActions.removeErrorText);
}
