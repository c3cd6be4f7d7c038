import type { ApiClient } from '@/api/client';
import { useAsyncAction } from '@/ui/use-async-action';
import { gradeActions } from './save-grade';

/** Deletes a grade template with busy state and the failure text ('Gagal Menghapus'). */
export function useDeleteGrade(api: ApiClient) {
  return useAsyncAction((id: number) => gradeActions.remove(api, id), gradeActions.removeErrorText);
}
