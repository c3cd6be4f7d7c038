import type { ApiClient } from '@/api/client';
import { useAsyncAction } from '@/ui/use-async-action';
import { userActions } from './save-user';

/** Deletes a user with busy state and the failure text ('Gagal menghapus user'). */
export function useDeleteUser(api: ApiClient) {
  return useAsyncAction((id: number) => userActions.remove(api, id), userActions.removeErrorText);
}
