import { deleteUser as deleteUserCall, mutationErrorText } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { removeMirrorRow } from '@/db/mirror';
import { pullUsers } from '@/sync/pull-master-data';
import { MASTER_MSG } from '@/domain/master-data';
import { useAsyncAction } from '@/ui/use-async-action';

/** DELETE /api/users/{id}; the row leaves the mirror at once, then the list is re-pulled. */
function deleteUser(api: ApiClient, id: number): Promise<number> {
  return removeMirrorRow(db, 'users', id, () => deleteUserCall(api, id), () => pullUsers(api));
}

/** deleteUser with busy state and the failure text ('Gagal menghapus user'). */
export function useDeleteUser(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deleteUser(api, id),
    (error) => mutationErrorText(error, MASTER_MSG.userDeleteFailed),
  );
}
