// Certificates and the Daftar Nilai (the certificate screens and /api/sertifikat): the fully
// approved participants of a level with their issued certificates, and the documents of one of
// them — always printed from the issued certificate's snapshot (services/sertifikat-terbit.ts),
// by src/documents from buildDocumentInput(), the same function the device uses, so a document
// made on the server equals the device's byte for byte, today and years later.
import { type SQL, and, eq } from 'drizzle-orm';
import type { GradeItem } from '../../src/domain/grade';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { SERTIFIKAT_MSG, type SertifikatPeserta } from '../../src/domain/sertifikat';
import type { SertifikatRow } from '../../src/domain/sertifikat-terbit';
import { type DocumentInput, buildDocumentInput, snapshotDocumentRequest } from '../../src/documents/input';
import type { Db, Tx } from '../db/client';
import { peserta } from '../db/schema';
import { HttpError } from '../http-error';
import { sertifikatRows } from './sertifikat-rows';
import { snapshotImages, terbitOf, validCertificates } from './sertifikat-terbit';

/** Reads in one read-only snapshot. */
function inSnapshot<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * The certificate list's rows among the participants matching `where`: the fully approved
 * ones, in the GET /api/peserta order, each with its issued certificate. Call inside one
 * snapshot (a repeatable-read transaction).
 */
export async function sertifikatListRows(tx: Db | Tx, where: SQL): Promise<SertifikatRow[]> {
  const rows = await sertifikatRows(tx, where);
  const issued = await validCertificates(tx, rows.map((row) => row.id));
  return rows.map((row) => {
    const terbit = issued.get(row.id);
    return { ...row, sertifikat: terbit ? terbitOf(terbit) : null };
  });
}

/**
 * GET /api/sertifikat/peserta?lingkup=…: the fully approved participants of a level in `within`
 * (the caller's working set). The whole list is kept (sertifikat-list-cache.ts).
 */
export function listSertifikat(db: Db, jenjang: Jenjang, within: SQL): Promise<SertifikatRow[]> {
  return inSnapshot(db, (tx) => sertifikatListRows(tx, and(eq(peserta.jenjang, jenjang), within) ?? eq(peserta.jenjang, jenjang)));
}

/** Which thresholds a document uses: the certificate's (frozen in its snapshot) or given ones (a Daftar Nilai). */
type ThresholdChoice = { kind: 'certificate' } | { kind: 'given'; items: readonly GradeItem[] };

/** A participant's issued certificate and the input of its documents. */
interface SertifikatDocument {
  /** The participant as printed (the snapshot's). */
  row: SertifikatPeserta;
  input: DocumentInput;
}

/**
 * The document input of one participant, from the snapshot of its valid issued certificate:
 * 404 unknown id, 409 SERTIFIKAT_MSG.notComplete when not all three steps are Disetujui (and so
 * nothing is issued). The images are the ones the snapshot names, kept by hash.
 */
export function sertifikatDocument(db: Db, id: number, thresholds: ThresholdChoice): Promise<SertifikatDocument> {
  return inSnapshot(db, async (tx) => {
    const terbit = (await validCertificates(tx, [id])).get(id);
    if (!terbit) {
      const [exists] = await tx.select({ id: peserta.id }).from(peserta).where(eq(peserta.id, id));
      throw exists ? new HttpError(409, SERTIFIKAT_MSG.notComplete) : new HttpError(404, SERVER_MSG.notFound);
    }
    const images = await snapshotImages(tx, terbit.snapshot);
    const request = snapshotDocumentRequest(terbit, images, thresholds.kind === 'given' ? thresholds.items : undefined);
    return { row: request.row, input: buildDocumentInput(request.row, request.sources) };
  });
}
