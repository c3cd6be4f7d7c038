import type { KompetensiRecord } from '@/db/records';
import { SEMUA_DIVISI_THRESHOLD } from '@/domain/master-data';
import { compareIdBase } from '@/domain/collate';

/**
 * What the Divisi cell of a competency shows: 'none' → 'Belum ada divisi';
 * 'all' → one 'Semua Divisi' badge (more than 7 divisions; the names go in its tooltip);
 * 'list' → one badge per division. Names sorted, any case.
 */
type DivisiCell = { kind: 'none' } | { kind: 'all'; names: string[] } | { kind: 'list'; names: string[] };

/** The Divisi cell of one competency row. */
export function divisiCell(row: Pick<KompetensiRecord, 'divisi_kategori'>): DivisiCell {
  const names = (row.divisi_kategori ?? [])
    .map((link) => link.divisi.nama)
    .sort(compareIdBase);
  if (names.length === 0) return { kind: 'none' };
  if (names.length > SEMUA_DIVISI_THRESHOLD) return { kind: 'all', names };
  return { kind: 'list', names };
}
