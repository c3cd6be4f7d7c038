// The working set in SQL: the one predicate every `lingkup=kerja` pull filters with, written to
// agree with `inWorkingSet` (src/domain/working-set.ts; tests/api/working-set-sql.test.ts holds
// them to each other over generated participants).
//
//   tanggal_selesai >= batas  OR  pending work for the role
//
// Pending for an approver: a review step Menunggu or Ditolak and none Tidak_dilanjutkan; for a
// Mentor: its Pembimbing step Menunggu and none Tidak_dilanjutkan. Every participant has its
// three review rows (created with it). The pending ids are one hashed sub-select over the
// partial index reviews_belum_disetujui_idx (rows not Disetujui: few once a decade is approved),
// and the date is indexed (peserta_tanggal_selesai_idx), migration 0014.
import { type SQL, sql } from 'drizzle-orm';
import { DISETUJUI, DITOLAK, MENUNGGU, PEMBIMBING, TIDAK_DILANJUTKAN } from '../../src/domain/approval-chain';
import { jakartaDate } from '../../src/domain/dates';
import { DEFAULT_WORKING_SET_WINDOW, type WorkingSetWindow, workingSetBatas } from '../../src/domain/working-set';
import { peserta, reviews } from '../db/schema';

/**
 * The ids of participants with work still pending for `role` (see the header). Each condition
 * also says `status <> 'Disetujui'`, which its status test implies, so both engines use the
 * partial index without having to prove that themselves.
 */
function pendingIds(role: string): SQL {
  const stopped = sql`not exists (select 1 from ${reviews} as stop where stop.peserta_id = ${reviews.peserta_id}
    and stop.status = ${TIDAK_DILANJUTKAN} and stop.status <> ${DISETUJUI})`;
  const open =
    role === 'Mentor'
      ? sql`${reviews.role_reviewer} = ${PEMBIMBING} and ${reviews.status} = ${MENUNGGU}`
      : sql`${reviews.status} in (${MENUNGGU}, ${DITOLAK})`;
  return sql`select ${reviews.peserta_id} from ${reviews} where ${open} and ${reviews.status} <> ${DISETUJUI} and ${stopped}`;
}

/** True (SQL) for a participant in `role`'s working set with the window starting at `batas`. */
export function workingSetWhere(role: string, batas: string): SQL {
  return sql`(${peserta.tanggal_selesai} >= ${batas} or ${peserta.id} in (${pendingIds(role)}))`;
}

/** The window's first end date today (Jakarta) for `role`: what a `lingkup=kerja` answer carries as `batas`. */
export function batasToday(role: string, window: WorkingSetWindow | undefined, now: Date = new Date()): string {
  return workingSetBatas(role, jakartaDate(now), window ?? DEFAULT_WORKING_SET_WINDOW);
}
