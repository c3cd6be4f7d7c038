/**
 * One read of everything the certificate screens show and print from: the fully approved
 * participants of a level, the competency names, the grade templates, the cached signature
 * PNGs and the organisation. Read-only; screens wrap it in useLiveQuery and build the
 * documents' inputs from it, so printing needs no network.
 */
import type { Jenjang } from '@/domain/master-data';
import type { Organisasi } from '@/domain/sertifikat';
import type { MagangDb } from './db';
import { getOrganisasi, wasPulled } from './meta';
import type { GradeRecord, SertifikatRecord, SignatureRecord } from './records';

/** The mirror as the certificate screens read it. */
export interface SertifikatMirror {
  /** The level's printable participants. */
  rows: SertifikatRecord[];
  /** Competency names by id (both levels). */
  kompetensi: Map<number, string>;
  /** Every grade template (both levels). */
  grade: GradeRecord[];
  /** False while the templates were never pulled (an empty `grade` then says nothing). */
  gradePulled: boolean;
  /** Cached signature PNGs by user id. */
  signatures: Map<number, SignatureRecord>;
  /** Null until a certificate pull answered once. */
  organisasi: Organisasi | null;
}

/** Reads the certificate view of the mirror for `jenjang`. */
export async function readSertifikatMirror(db: MagangDb, jenjang: Jenjang): Promise<SertifikatMirror> {
  const [rows, kompetensi, grade, signatures, organisasi, gradePulled] = await Promise.all([
    db.sertifikat.where('jenjang').equals(jenjang).toArray(),
    db.kompetensi.toArray(),
    db.grade.toArray(),
    db.signatures.toArray(),
    getOrganisasi(db),
    wasPulled(db, 'grade'),
  ]);
  return {
    rows,
    kompetensi: new Map(kompetensi.map((row) => [row.id, row.nama])),
    grade,
    gradePulled: gradePulled || grade.length > 0,
    signatures: new Map(signatures.map((record) => [record.userId, record])),
    organisasi,
  };
}
