import type { ApiClient } from '@/api/client';
import { useAsyncAction } from '@/ui/use-async-action';
import { kompetensiActions } from './save-kompetensi';

/** Deletes a competency with busy state and the failure text ('Gagal menghapus kompetensi'). */
export function useDeleteKompetensi(api: ApiClient) {
  return useAsyncAction((id: number) => kompetensiActions.remove(api, id), kompetensiActions.removeErrorText);
}
