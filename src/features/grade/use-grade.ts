import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullGrade } from '@/sync/pull-master-data';
import type { GradeRecord } from '@/db/records';
import { compareByNama } from '@/domain/master-records';
import { useRefresh, type Refresh } from '@/ui/use-refresh';

/** The grade templates of the mirror by name (undefined until Dexie answered); pulls on mount and 'online'. */
export function useGrade(api: ApiClient): Refresh & { rows: GradeRecord[] | undefined } {
  const rows = useLiveQuery(async () => (await db.grade.toArray()).sort(compareByNama), []);
  const refresh = useRefresh(() => pullGrade(api));
  return { rows, ...refresh };
}
