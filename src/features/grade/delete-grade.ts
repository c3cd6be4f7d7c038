import { deleteGrade as deleteGradeCall, mutationErrorText } from '@/api/master-data';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { removeMirrorRow } from '@/db/mirror';
import { pullGrade } from '@/sync/pull-master-data';
import { MSG } from '@/domain/messages';
import { useAsyncAction } from '@/ui/use-async-action';

/** DELETE /api/grade/{id}; the row leaves the mirror at once, then the list is re-pulled. */
function deleteGrade(api: ApiClient, id: number): Promise<number> {
  return removeMirrorRow(db, 'grade', id, () => deleteGradeCall(api, id), () => pullGrade(api));
}

/** deleteGrade with busy state and the failure text ('Gagal Menghapus'). */
export function useDeleteGrade(api: ApiClient) {
  return useAsyncAction(
    (id: number) => deleteGrade(api, id),
    (error) => mutationErrorText(error, MSG.gradeDeleteFailed),
  );
}
