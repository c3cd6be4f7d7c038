// The printable rows of fully approved participants: the GET /api/peserta shape (selectPeserta,
// the same order) plus who signs — the reviewers of the Pembimbing and BusHead steps with their
// full name, title and the hash of their current signature — and the issue date, the day
// (Asia/Jakarta) BusHead approved. Costs selectPeserta's three queries plus one for the signers,
// whatever the number of rows. Issuing freezes such a row in a certificate's snapshot.
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { BUSHEAD, DISETUJUI, PEMBIMBING } from '../../src/domain/approval-chain';
import { ORGANISASI_TIME_ZONE } from '../../src/domain/dates';
import type { SertifikatPeserta, Signer } from '../../src/domain/sertifikat';
import { textIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { peserta, reviews, userSignatures, users } from '../db/schema';
import { ofPesertaRows, selectPeserta } from './peserta-read';


/**
 * Participants whose three steps are all Disetujui: no review of theirs is anything else. Every
 * participant is created with its three review rows (one per step, Menunggu) and they go only
 * with it, so "none not approved" is "all three approved". Written as an anti-join served by the
 * index of the reviews not yet approved (migration 0014): a count per participant was estimated
 * at one row and led the planner (PGlite never analyses) to nested loops — 10 s for the
 * certificate list of 8,000 approved participants, a minute for a name search among 100,000.
 */
export function fullyApproved(): SQL {
  return sql`not exists (select 1 from ${reviews} where ${reviews.peserta_id} = ${peserta.id} and ${reviews.status} <> ${DISETUJUI})`;
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
export async function sertifikatRows(tx: Db | Tx, where: SQL): Promise<SertifikatPeserta[]> {
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
      tanggal: sql<string>`to_char((${reviews.updated_at} at time zone ${ORGANISASI_TIME_ZONE})::date, 'YYYY-MM-DD')`,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewer_id))
    .leftJoin(userSignatures, eq(userSignatures.user_id, reviews.reviewer_id))
    .where(
      and(
        textIn(reviews.role_reviewer, [PEMBIMBING, BUSHEAD]),
        ofPesertaRows(tx, reviews.peserta_id, rows, filter),
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
