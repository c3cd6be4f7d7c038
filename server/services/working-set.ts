// The working set in SQL: the one predicate every `lingkup=kerja` pull filters with, written to
// agree with `inWorkingSet` (src/domain/working-set.ts; tests/api/working-set.test.ts holds
// them to each other over generated participants).
//
//   tanggal_selesai >= batas
//   OR the viewer has an unread notification about it
//   OR (an approver) its valid certificate was issued on or after batas
//   OR pending work for the viewer's role
//
// Pending for a Mentor: its Pembimbing step Menunggu, none Tidak_dilanjutkan, and a score given.
// For an approver: its own step Ditolak (it may cancel), or in the approval list (every needed
// score given) with a step Menunggu and none Ditolak or Tidak_dilanjutkan. Every participant has
// its three review rows (created with it). The candidates are one grouped pass over the rows not
// Disetujui — the partial index reviews_belum_disetujui_idx (migration 0014) — and only those
// carrying a score are checked against their needed competencies: a history of participants
// nobody scored holds many open review rows, none of them anybody's work.
import { type SQL, sql } from 'drizzle-orm';
import { DISETUJUI, DITOLAK, MENUNGGU, PEMBIMBING, TIDAK_DILANJUTKAN, isApprovalStep } from '../../src/domain/approval-chain';
import { jakartaDate } from '../../src/domain/dates';
import { DEFAULT_WORKING_SET_WINDOW, type WorkingSetWindow, workingSetBatas } from '../../src/domain/working-set';
import { textIn } from '../db/list-params';
import { nilai, peserta, reviews } from '../db/schema';
import { notifikasi } from '../db/schema-notifikasi';
import { sertifikatTerbit } from '../db/schema-sertifikat';
import { scoresComplete } from './scores-complete';

/** Whose working set: the role decides the rule, the user its unread notifications. */
export interface WorkingSetViewer {
  role: string;
  userId: number;
}

/** The participant has a score. */
const scored = sql`exists (select 1 from ${nilai} where ${nilai.peserta_id} = ${peserta.id})`;

/** The participants whose review rows not Disetujui satisfy `having` (grouped per participant). */
function openReviewsWhere(having: SQL): SQL {
  return sql`${peserta.id} in (select ${reviews.peserta_id} from ${reviews} where ${reviews.status} <> ${DISETUJUI}
    group by ${reviews.peserta_id} having ${having})`;
}

const stopped = sql`bool_or(${reviews.status} = ${TIDAK_DILANJUTKAN})`;

/** Pending work for `role` (see the header), on the outer participant. */
function pendingWork(role: string): SQL {
  if (role === 'Mentor') {
    const open = sql`bool_or(${reviews.role_reviewer} = ${PEMBIMBING} and ${reviews.status} = ${MENUNGGU}) and not ${stopped}`;
    return sql`(${openReviewsWhere(open)} and ${scored})`;
  }
  const waiting = sql`bool_or(${reviews.status} = ${MENUNGGU}) and not bool_or(${textIn(reviews.status, [DITOLAK, TIDAK_DILANJUTKAN])})`;
  const inApprovalList = sql`(${openReviewsWhere(waiting)} and ${scored} and ${scoresComplete()})`;
  if (!isApprovalStep(role)) return inApprovalList;
  const rejectedByOwnStep = openReviewsWhere(sql`bool_or(${reviews.role_reviewer} = ${role} and ${reviews.status} = ${DITOLAK})`);
  return sql`(${rejectedByOwnStep} or ${inApprovalList})`;
}

/** The viewer has an unread notification naming the participant. */
function notified(userId: number): SQL {
  return sql`${peserta.id} in (select unnest(${notifikasi.peserta_ids}) from ${notifikasi}
    where ${notifikasi.user_id} = ${userId} and not ${notifikasi.dibaca})`;
}

/** Its valid certificate was issued (or re-issued) on or after `batas`. */
function issuedSince(batas: string): SQL {
  return sql`${peserta.id} in (select ${sertifikatTerbit.peserta_id} from ${sertifikatTerbit}
    where ${sertifikatTerbit.dicabut_pada} is null and ${sertifikatTerbit.tanggal_terbit} >= ${batas})`;
}

/** True (SQL) for a participant in the viewer's working set with the window starting at `batas`. */
export function workingSetWhere(viewer: WorkingSetViewer, batas: string): SQL {
  const certificate = viewer.role === 'Mentor' ? sql`false` : issuedSince(batas);
  return sql`(${peserta.tanggal_selesai} >= ${batas} or ${notified(viewer.userId)} or ${certificate} or ${pendingWork(viewer.role)})`;
}

/** The window's first end date today (Jakarta) for `role`: what a `lingkup=kerja` answer carries as `batas`. */
export function batasToday(role: string, window: WorkingSetWindow | undefined, now: Date = new Date()): string {
  return workingSetBatas(role, jakartaDate(now), window ?? DEFAULT_WORKING_SET_WINDOW);
}
