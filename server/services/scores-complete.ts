// The approval list's score rule in SQL (inApprovalList of src/domain/nilai.ts): the active
// competencies a participant's division needs at its level, and whether each has a score. Used by
// the kept set of participants missing a score (approval-unscored.ts), the archive's approval
// search (arsip.ts) and the working set (working-set.ts).
import { type SQL, sql } from 'drizzle-orm';
import { divisiKategori, kompetensi, nilai, peserta } from '../db/schema';

/** The active competencies each division needs per level, as rows (divisi_id, jenjang, kompetensi_id) of `needed`. */
export const neededCompetencies = sql`select ${divisiKategori.divisi_id} as divisi_id, ${kompetensi.jenjang} as jenjang, ${kompetensi.id} as kompetensi_id
  from ${kompetensi} join ${divisiKategori} on ${divisiKategori.kompetensi_id} = ${kompetensi.id}
  where ${kompetensi.aktif}`;

/** The outer participant has no score for `needed.kompetensi_id`. */
export const neededUnscored = sql`not exists (select 1 from ${nilai} where ${nilai.peserta_id} = ${peserta.id} and ${nilai.kompetensi_id} = needed.kompetensi_id)`;

/**
 * The outer participant is in the approval list, checked on its own: its division and level need
 * active competencies and each has a score (its needed competencies probed in the scores' index).
 */
export function scoresComplete(): SQL {
  return sql`(exists (select 1 from (${neededCompetencies}) as needed where needed.divisi_id = ${peserta.divisi_id} and needed.jenjang = ${peserta.jenjang})
    and not exists (select 1 from (${neededCompetencies}) as needed
      where needed.divisi_id = ${peserta.divisi_id} and needed.jenjang = ${peserta.jenjang} and ${neededUnscored}))`;
}
