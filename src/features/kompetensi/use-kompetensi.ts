import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullDivisi, pullKompetensi } from '@/sync/pull-master-data';
import type { DivisiRecord, KompetensiRecord } from '@/db/records';
import type { Jenjang } from '@/domain/master-data';
import { compareByNama } from '@/domain/master-records';
import { useRefresh, type Refresh } from '@/ui/use-refresh';
import { compareIdBase } from '@/domain/collate';

/**
 * Competencies and divisions of the mirror by name (undefined until Dexie answered). Both are
 * pulled on mount and on 'online': the form's checklist lists every division. `failed` is
 * about the competencies, which the screen is for.
 */
export function useKompetensi(api: ApiClient): Refresh & {
  rows: KompetensiRecord[] | undefined;
  divisi: DivisiRecord[] | undefined;
} {
  const rows = useLiveQuery(async () => (await db.kompetensi.toArray()).sort(compareByNama), []);
  const divisi = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []);
  const refresh = useRefresh(async () => {
    const [kompetensi] = await Promise.allSettled([pullKompetensi(api), pullDivisi(api)]);
    if (kompetensi.status === 'rejected') throw kompetensi.reason;
  });
  return { rows, divisi, ...refresh };
}

/** Division filter value for every division ('All Divisions'). */
export const ALL_DIVISIONS = '';

/** The division names found in the competency data, sorted (the filter's options). */
export function divisiFilterOptions(rows: readonly KompetensiRecord[]): string[] {
  const names = new Set(rows.flatMap((row) => (row.divisi_kategori ?? []).map((link) => link.divisi.nama)));
  return [...names].sort(compareIdBase);
}

/** The competencies of one level, linked to `divisiName` unless it is ALL_DIVISIONS. */
export function filterKompetensi(rows: readonly KompetensiRecord[], jenjang: Jenjang, divisiName: string): KompetensiRecord[] {
  return rows.filter(
    (row) =>
      row.jenjang === jenjang &&
      (divisiName === ALL_DIVISIONS || (row.divisi_kategori ?? []).some((link) => link.divisi.nama === divisiName)),
  );
}
