import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { readInPages } from '@/db/read-pages';
import { pullDivisi } from '@/sync/pull-master-data';
import type { DivisiRecord, PesertaRecord } from '@/db/records';
import { compareByNama } from '@/domain/master-records';
import type { Jenjang } from '@/domain/master-data';
import {
  type PesertaPullProgress,
  type PesertaPullResult,
  currentPesertaPullProgress,
  pullPesertaMirror,
  subscribePesertaPullProgress,
} from '@/sync/pull-peserta';
import { useRefresh, type Refresh } from '@/ui/use-refresh';

let running: Promise<PesertaPullResult> | null = null;
let queued: Promise<PesertaPullResult> | null = null;

/**
 * Pulls the participant mirror (incremental after the first pull). One pull at a time: a call
 * while one runs waits for it and then pulls once more, so a pull asked for after a mutation
 * always starts after that mutation, and the callers of one burst share a single extra pull.
 */
export function refreshPesertaMirror(api: ApiClient): Promise<PesertaPullResult> {
  if (!running) {
    running = pullPesertaMirror(api, db).finally(() => {
      running = null;
    });
    return running;
  }
  queued ??= running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return refreshPesertaMirror(api);
    });
  return queued;
}

/** The participants of one level in the mirror (undefined until Dexie answered) and the divisions for the filter. */
export function usePeserta(api: ApiClient, jenjang: Jenjang): Refresh & { rows: PesertaRecord[] | undefined; divisi: DivisiRecord[] } {
  // In pages (src/db/read-pages.ts): one answer of every participant would be one long task.
  const rows = useLiveQuery(async () => (await readInPages(db.peserta)).filter((row) => row.jenjang === jenjang), [jenjang]);
  const divisi = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []) ?? [];
  // Pulled on mount and on 'online'; the divisions only feed the filter, so their failure is not the list's.
  const refresh = useRefresh(() => Promise.all([refreshPesertaMirror(api), pullDivisi(api).catch(() => undefined)]));
  return { rows, divisi, ...refresh };
}

/** The progress of the first (paged) pull of the mirror while one runs, else null. */
export function usePesertaPullProgress(): PesertaPullProgress | null {
  return useSyncExternalStore(subscribePesertaPullProgress, currentPesertaPullProgress);
}

