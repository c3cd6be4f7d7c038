// Certificates and the Daftar Nilai (the certificate screens and /api/sertifikat): the fully approved
// participants of a level as printable rows, and the documents of one of them.
//
// A row is the GET /api/peserta shape (selectPeserta, the same order) plus who signs — the
// reviewers of the Pembimbing and BusHead steps with their full name, title and the hash of
// their current signature — and the issue date, the day (Asia/Jakarta) BusHead approved. A list costs selectPeserta's three
// queries plus one for the signers, whatever its length, all in one read-only snapshot.
// The documents are made by src/documents from buildDocumentInput(), the same function the
// device uses, so a certificate made on the server equals the device's byte for byte.
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { BUSHEAD, DISETUJUI, PEMBIMBING } from '../../src/domain/approval-chain';
import type { GradeItem } from '../../src/domain/grade';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import {
  type Organisasi,
  SERTIFIKAT_MSG,
  type SertifikatRow,
  type Signer,
  certificateGradeItems,
} from '../../src/domain/sertifikat';
import { type DocumentInput, buildDocumentInput } from '../../src/documents/input';
import type { Db, Tx } from '../db/client';
import { kompetensi, peserta, reviews, userSignatures, users } from '../db/schema';
import { HttpError } from '../http-error';
import { listGradeTemplates } from './grade';
import { selectPeserta } from './peserta-read';
import { signaturesOf } from './signatures';

/** Time zone of the issue date printed on the documents. */
const TANGGAL_TERBIT_TIME_ZONE = 'Asia/Jakarta';

/** Participants whose three steps are all Disetujui (a step without a row is Menunggu). */
function fullyApproved(): SQL {
  return sql`(select count(*) from ${reviews} where ${reviews.peserta_id} = ${peserta.id} and ${reviews.status} = ${DISETUJUI}) = 3`;
}

interface SigningReview {
  peserta_id: number;
  role_reviewer: string;
  reviewer_id: number | null;
  username: string | null;
  nama_lengkap: string | null;
  jabatan: string | null;
  sha256: string | null;
  tanggal: string;
}

/**
 * The printable rows among the participants matching `where`: the fully approved ones, in
 * the GET /api/peserta order, with `penandatangan` and `tanggal_terbit`. Call inside one
 * snapshot (a repeatable-read transaction) so the rows and their signers agree.
 */
async function sertifikatRows(tx: Db | Tx, where: SQL): Promise<SertifikatRow[]> {
  const filter = and(where, fullyApproved());
  const rows = await selectPeserta(tx, filter);
  if (rows.length === 0) return [];

  // One query for the signing steps of every row: reviewer, username, full name and title, signature hash, and the
  // review's day in Jakarta computed by the database (the same on PGlite and PostgreSQL).
  const signing: SigningReview[] = await tx
    .select({
      peserta_id: reviews.peserta_id,
      role_reviewer: reviews.role_reviewer,
      reviewer_id: reviews.reviewer_id,
      username: users.username,
      nama_lengkap: users.nama_lengkap,
      jabatan: users.jabatan,
      sha256: userSignatures.sha256,
      tanggal: sql<string>`to_char((${reviews.updated_at} at time zone ${TANGGAL_TERBIT_TIME_ZONE})::date, 'YYYY-MM-DD')`,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewer_id))
    .leftJoin(userSignatures, eq(userSignatures.user_id, reviews.reviewer_id))
    .where(
      and(
        inArray(reviews.role_reviewer, [PEMBIMBING, BUSHEAD]),
        inArray(reviews.peserta_id, tx.select({ id: peserta.id }).from(peserta).where(filter)),
      ),
    );
  const byPeserta = new Map<number, Map<string, SigningReview>>();
  for (const review of signing) {
    const steps = byPeserta.get(review.peserta_id) ?? new Map<string, SigningReview>();
    steps.set(review.role_reviewer, review);
    byPeserta.set(review.peserta_id, steps);
  }
  const signer = (review: SigningReview | undefined): Signer | null =>
    review?.reviewer_id != null && review.username !== null
      ? {
          id: review.reviewer_id,
          username: review.username,
          signature: review.sha256,
          nama_lengkap: review.nama_lengkap,
          jabatan: review.jabatan,
        }
      : null;

  return rows.flatMap((row) => {
    const steps = byPeserta.get(row.id);
    const busHead = steps?.get(BUSHEAD);
    if (!busHead) return []; // cannot happen for an approved row in one snapshot
    return [
      {
        ...row,
        penandatangan: { [PEMBIMBING]: signer(steps?.get(PEMBIMBING)), [BUSHEAD]: signer(busHead) },
        tanggal_terbit: busHead.tanggal,
      },
    ];
  });
}

/** Reads in one read-only snapshot. */
function inSnapshot<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** GET /api/sertifikat/peserta: the fully approved participants of a level. */
export function listSertifikat(db: Db, jenjang: Jenjang): Promise<SertifikatRow[]> {
  return inSnapshot(db, (tx) => sertifikatRows(tx, eq(peserta.jenjang, jenjang)));
}

/** Which thresholds a document uses: the certificate's (first template of the level, else the defaults) or given ones. */
type ThresholdChoice = { kind: 'certificate' } | { kind: 'given'; items: readonly GradeItem[] };

/** A participant's printable row and the input of its documents. */
interface SertifikatDocument {
  row: SertifikatRow;
  input: DocumentInput;
}

/**
 * The document input of one participant: 404 unknown id, 409 SERTIFIKAT_MSG.notComplete when
 * not all three steps are Disetujui. Sources as the device gathers them: every competency
 * name, the thresholds, the PNGs of the signers that have one, the organisation.
 */
export function sertifikatDocument(
  db: Db,
  organisasi: Organisasi,
  id: number,
  thresholds: ThresholdChoice,
): Promise<SertifikatDocument> {
  return inSnapshot(db, async (tx) => {
    const [row] = await sertifikatRows(tx, eq(peserta.id, id));
    if (!row) {
      const [exists] = await tx.select({ id: peserta.id }).from(peserta).where(eq(peserta.id, id));
      throw exists ? new HttpError(409, SERTIFIKAT_MSG.notComplete) : new HttpError(404, SERVER_MSG.notFound);
    }
    const names = await tx.select({ id: kompetensi.id, nama: kompetensi.nama }).from(kompetensi);
    const items =
      thresholds.kind === 'given' ? [...thresholds.items] : certificateGradeItems(await listGradeTemplates(tx), row.jenjang);
    const signerIds = [row.penandatangan[PEMBIMBING], row.penandatangan[BUSHEAD]]
      .filter((signer): signer is Signer => signer?.signature != null)
      .map((signer) => signer.id);
    const stored = await signaturesOf(tx, signerIds);
    const signatures = new Map([...stored].map(([userId, signature]) => [userId, signature.png]));
    const input = buildDocumentInput(row, {
      kompetensi: new Map(names.map((k) => [k.id, k.nama])),
      thresholds: items,
      signatures,
      organisasi,
    });
    return { row, input };
  });
}
