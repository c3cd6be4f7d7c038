/**
 * The certificate screens' reads of the mirror, and the one way a pulled row is stored. The list
 * reads a level's rows, which carry no snapshot; a document (preview, print, download, 'Cetak
 * Semua') reads the snapshots of the rows it prints and the images those name, when the user
 * asks. So the list's cost is what it shows, and printing still needs no network.
 */
import type { Jenjang } from '@/domain/master-data';
import { type SertifikatTerbit, joinSnapshot, snapshotImageHashes } from '@/domain/sertifikat-terbit';
import type { MagangDb } from './db';
import type { SertifikatRecord } from './records';

export { splitStoredRow } from './sertifikat-split';

/** The certificate list of `jenjang`: the level's rows, without snapshots or images. */
export function readSertifikatList(db: MagangDb, jenjang: Jenjang): Promise<SertifikatRecord[]> {
  return db.sertifikat.where('jenjang').equals(jenjang).toArray();
}

/** What one document is made from: the issued certificate with its snapshot, and the images it names that are on the device. */
export interface DocumentSource {
  /** The participant's id (the server's endpoints make the document by it). */
  id: number;
  /** Null when the device holds no issued certificate of the row. */
  terbit: SertifikatTerbit | null;
  /** The images the certificate names that the device holds, by SHA-256. */
  images: ReadonlyMap<string, Uint8Array>;
}

/** A row to print, and the issued certificate it already carries (an archive row from the server). */
export interface PrintTarget {
  row: SertifikatRecord;
  issued?: SertifikatTerbit;
}

/**
 * The document sources of `targets`, in their order: each certificate is the one the target
 * carries, else the stored snapshot of the row's own certificate (same code); the images are
 * those the certificates name that the device holds. Reads only these rows' snapshots and images.
 */
export async function readDocumentSources(db: MagangDb, targets: readonly PrintTarget[]): Promise<DocumentSource[]> {
  const stored = await db.sertifikatSnapshot.bulkGet(targets.map((target) => target.row.id));
  const terbits = targets.map(({ row, issued }, i): SertifikatTerbit | null => {
    if (issued) return issued;
    const snapshot = stored[i];
    return row.sertifikat && snapshot && snapshot.kode === row.sertifikat.kode ? joinSnapshot(row.sertifikat, snapshot.snapshot) : null;
  });
  const hashes = [...new Set(terbits.flatMap((terbit) => (terbit ? snapshotImageHashes(terbit.snapshot) : [])))];
  const found = await db.images.bulkGet(hashes);
  const held = new Map<string, Uint8Array>();
  found.forEach((image) => image && held.set(image.sha256, image.png));
  return targets.map(({ row }, i) => ({ id: row.id, terbit: terbits[i] ?? null, images: held }));
}

/** The document source of one target (see readDocumentSources). */
export async function readDocumentSource(db: MagangDb, target: PrintTarget): Promise<DocumentSource> {
  const [source] = await readDocumentSources(db, [target]);
  return source!;
}

/** The SHA-256 of every image the stored snapshots (both levels) print. */
export async function storedImageHashes(db: MagangDb): Promise<Set<string>> {
  return new Set((await db.sertifikatSnapshot.orderBy('images').uniqueKeys()) as string[]);
}
