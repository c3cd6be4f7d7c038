import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullDivisi } from '@/sync/pull-master-data';
import type { DivisiRecord } from '@/db/records';
import { compareByNama } from '@/domain/master-records';
import { SERVER_MSG } from '@/domain/messages';
import { pullPesertaMirror } from '@/sync/pull-peserta';
import { useRefresh, type Refresh } from '@/ui/use-refresh';

const NO_IDS: ReadonlySet<number> = new Set();

/**
 * The divisions of the mirror by name (undefined until Dexie answered), and the ids of the
 * divisions that participants of the mirror belong to (those cannot be deleted). Divisions and
 * participants are pulled on mount and on 'online'; `failed` is about the divisions.
 */
export function useDivisi(api: ApiClient): Refresh & { rows: DivisiRecord[] | undefined; usedIds: ReadonlySet<number> } {
  const rows = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []);
  const usedIds = useLiveQuery(async () => new Set((await db.peserta.orderBy('divisi_id').uniqueKeys()).map(Number)), []);
  const refresh = useRefresh(async () => {
    const [divisi] = await Promise.allSettled([pullDivisi(api), pullPesertaMirror(api, db)]);
    if (divisi.status === 'rejected') throw divisi.reason;
  });
  return { rows, usedIds: usedIds ?? NO_IDS, ...refresh };
}

/** Why the division cannot be deleted (participants of the mirror belong to it, the server would refuse), or null. */
export function divisiDeleteBlock(divisi: Pick<DivisiRecord, 'id'>, usedIds: ReadonlySet<number>): string | null {
  return usedIds.has(divisi.id) ? SERVER_MSG.divisiHasPeserta : null;
}
