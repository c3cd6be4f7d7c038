/**
 * How a pulled certificate row is stored (by the pull, and by the schema upgrade that split the
 * rows stored before): the row the list reads, and its certificate's snapshot apart. No database
 * access here: src/db/db.ts uses it in its upgrade.
 */
import { type SertifikatRow, snapshotImageHashes, splitSertifikatRow } from '@/domain/sertifikat-terbit';
import type { SertifikatRecord, SertifikatSnapshotRecord } from './records';

/**
 * A pulled row as stored: the list's row, and its certificate's snapshot with the images it
 * prints (null without a certificate). A row without its certificate field (stored before
 * certificates were issued) stays as it is.
 */
export function splitStoredRow(row: SertifikatRow): { listRow: SertifikatRecord; snapshot: SertifikatSnapshotRecord | null } {
  if (!row.sertifikat) return { listRow: row as SertifikatRecord, snapshot: null };
  const { listRow, snapshot } = splitSertifikatRow(row);
  if (!snapshot) return { listRow, snapshot: null };
  return {
    listRow,
    snapshot: { id: row.id, jenjang: row.jenjang, kode: row.sertifikat.kode, images: snapshotImageHashes(snapshot), snapshot },
  };
}
