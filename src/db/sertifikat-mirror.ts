/**
 * One read of everything the certificate screens show and print from: the fully approved
 * participants of a level with their issued certificates (whose snapshots hold all a document
 * prints), the images those snapshots name, and the grade templates a Daftar Nilai chooses
 * from. Read-only; screens wrap it in useLiveQuery and build the documents' inputs
 * from it, so printing needs no network.
 */
import type { Jenjang } from '@/domain/master-data';
import type { MagangDb } from './db';
import type { GradeRecord, SertifikatRecord } from './records';

/** The mirror as the certificate screens read it. */
export interface SertifikatMirror {
  /** The level's printable participants. */
  rows: SertifikatRecord[];
  /** Every grade template (both levels): the choices of a Daftar Nilai. */
  grade: GradeRecord[];
  /** The images on the device by their SHA-256 (what a snapshot names a signature by). */
  images: Map<string, Uint8Array>;
}

/** Reads the certificate view of the mirror for `jenjang`. */
export async function readSertifikatMirror(db: MagangDb, jenjang: Jenjang): Promise<SertifikatMirror> {
  const [rows, grade, images] = await Promise.all([
    db.sertifikat.where('jenjang').equals(jenjang).toArray(),
    db.grade.toArray(),
    db.images.toArray(),
  ]);
  return {
    rows,
    grade,
    images: new Map(images.map((record) => [record.sha256, record.png])),
  };
}
