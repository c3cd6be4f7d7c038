import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullInstansi } from '@/sync/pull-master-data';
import type { InstansiRecord } from '@/db/records';
import { MASTER_MSG, type InstansiJenis } from '@/domain/master-data';
import { compareByNama } from '@/domain/master-records';
import { useRefresh, type Refresh } from '@/ui/use-refresh';

/** The institutions of the mirror by name (undefined until Dexie answered); pulls on mount and 'online'. */
export function useInstansi(api: ApiClient): Refresh & { rows: InstansiRecord[] | undefined } {
  const rows = useLiveQuery(async () => (await db.instansi.toArray()).sort(compareByNama), []);
  const refresh = useRefresh(() => pullInstansi(api));
  return { rows, ...refresh };
}

/** The rows of one tab (jenis) whose name contains `search`, any case. */
export function filterInstansi(rows: readonly InstansiRecord[], jenis: InstansiJenis, search: string): InstansiRecord[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((row) => row.jenis === jenis && (needle === '' || row.nama.toLowerCase().includes(needle)));
}

/** Why the institution cannot be deleted (it still has participants), or null. */
export function instansiDeleteBlock(row: Pick<InstansiRecord, 'pesertaCount'>): string | null {
  return (row.pesertaCount ?? 0) > 0 ? MASTER_MSG.instansiHasPeserta : null;
}
