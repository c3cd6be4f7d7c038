import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullDivisi, pullGrade } from '@/sync/pull-master-data';
import { pullImages, pullSertifikat } from '@/sync/pull-sertifikat';
import type { DivisiRecord, SertifikatRecord } from '@/db/records';
import { readSertifikatList } from '@/db/sertifikat-store';
import { compareByNama } from '@/domain/master-records';
import type { Jenjang } from '@/domain/master-data';
import { type Refresh, useRefresh } from '@/ui/use-refresh';

/** A tab that becomes visible again pulls only if the last pull started longer ago than this. */
const SERTIFIKAT_VISIBILITY_REFRESH_MS = 2_000;

/**
 * Pulls what the certificate screen shows and prints from: the level's rows with their issued
 * certificates (this pull decides `failed`), then the images those certificates print; the grade
 * templates (the Daftar Nilai's choices) and divisions (the filter) alongside (their failure
 * keeps the stored copy and is not the list's).
 */
async function pullAll(api: ApiClient, jenjang: Jenjang): Promise<void> {
  await Promise.all([
    pullSertifikat(api, jenjang),
    pullGrade(api).catch(() => undefined),
    pullDivisi(api).catch(() => undefined),
  ]);
  await pullImages(api);
}

/**
 * The certificate list of one level as the mirror holds it (undefined until Dexie answered; the
 * rows carry no snapshot: documents read theirs when made), the divisions of the filter, and the
 * pull: on mount, on 'online', and when the tab becomes visible again.
 */
export function useSertifikat(api: ApiClient, jenjang: Jenjang): Refresh & { rows: SertifikatRecord[] | undefined; divisi: DivisiRecord[] } {
  const rows = useLiveQuery(() => readSertifikatList(db, jenjang), [jenjang]);
  const divisi = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []) ?? [];
  const load = useCallback(() => pullAll(api, jenjang), [api, jenjang]);
  const refresh = useRefresh(load, { visibleAfterMs: SERTIFIKAT_VISIBILITY_REFRESH_MS });
  return { rows, divisi, ...refresh };
}
