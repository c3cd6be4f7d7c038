import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullDivisi } from '@/db/pull';
import type { DivisiRecord } from '@/db/records';
import { compareByNama } from '@/domain/master-records';
import { useRefresh, type Refresh } from '@/ui/use-refresh';

/** The divisions of the mirror by name (undefined until Dexie answered); pulls on mount and 'online'. */
export function useDivisi(api: ApiClient): Refresh & { rows: DivisiRecord[] | undefined } {
  const rows = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []);
  const refresh = useRefresh(() => pullDivisi(api));
  return { rows, ...refresh };
}
