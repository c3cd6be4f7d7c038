// The working set in SQL: the one predicate every `lingkup=kerja` pull filters with, written to
// agree with `inWorkingSet` (src/domain/working-set.ts; tests/api/working-set.test.ts holds
// them to each other over generated participants).
//
//   tanggal_selesai >= batas  OR  pending work for the role
//
// Pending for an approver: a review step Menunggu or Ditolak and none Tidak_dilanjutkan; for a
// Mentor: its Pembimbing step Menunggu and none Tidak_dilanjutkan. Every participant has its
// three review rows (created with it). The pending ids are one grouped pass over the rows not
// Disetujui — the partial index reviews_belum_disetujui_idx (few once a decade is approved) —
// and the date is indexed (peserta_tanggal_selesai_idx), migration 0014.
import { type SQL, sql } from 'drizzle-orm';
import { DISETUJUI, DITOLAK, MENUNGGU, PEMBIMBING, TIDAK_DILANJUTKAN } from '../../src/domain/approval-chain';
import { jakartaDate } from '../../src/domain/dates';
import { DEFAULT_WORKING_SET_WINDOW, type WorkingSetWindow, workingSetBatas } from '../../src/domain/working-set';
import { textIn } from '../db/list-params';
import { peserta, reviews } from '../db/schema';

/**
 * The ids of participants with work still pending for `role` (see the header): the rows not
 * Disetujui grouped by participant, kept when one is open and none is Tidak_dilanjutkan. One
 * pass over the partial index; a NOT EXISTS per open row instead (an index probe each) made
 * every working-set read 3-5 times slower at 100,000 participants (docs/performance.md).
 */
function pendingIds(role: string): SQL {
  const open =
    role === 'Mentor'
      ? sql`${reviews.role_reviewer} = ${PEMBIMBING} and ${reviews.status} = ${MENUNGGU}`
      : textIn(reviews.status, [MENUNGGU, DITOLAK]);
  return sql`select ${reviews.peserta_id} from ${reviews} where ${reviews.status} <> ${DISETUJUI}
    group by ${reviews.peserta_id} having bool_or(${open}) and not bool_or(${reviews.status} = ${TIDAK_DILANJUTKAN})`;
}

/** True (SQL) for a participant in `role`'s working set with the window starting at `batas`. */
export function workingSetWhere(role: string, batas: string): SQL {
  return sql`(${peserta.tanggal_selesai} >= ${batas} or ${peserta.id} in (${pendingIds(role)}))`;
}

/** The window's first end date today (Jakarta) for `role`: what a `lingkup=kerja` answer carries as `batas`. */
export function batasToday(role: string, window: WorkingSetWindow | undefined, now: Date = new Date()): string {
  return workingSetBatas(role, jakartaDate(now), window ?? DEFAULT_WORKING_SET_WINDOW);
}
