// GET /api/nilai/mentor/peserta: the calling mentor's participants in the peserta shape, each
// with `nilai` (its scores on the active competencies of its division and level: the ones that
// count for the approval list) and `kompetensi_count` (how many such competencies exist). The
// working set (`lingkup`) is read each time; the whole list (a mentor's every participant, for
// outside clients — 20,000 rows at 100,000 participants) is kept per mentor (kept-list.ts): after
// participant writes (scores touch their participant) only the changed participants are read
// again; after a rename or a change of competencies (migration 0016) it is read whole.
import { type SQL, and, asc, count, desc, eq } from 'drizzle-orm';
import type { Peserta } from '../../src/domain/peserta';
import type { ChangeFeed } from '../db/change-feed';
import type { Db, Tx } from '../db/client';
import { divisiKategori, kompetensi, nilai, peserta } from '../db/schema';
import { type KeptListTuning, changedParticipants, createKeptList } from './kept-list';
import { idIn } from '../db/list-params';
import { ofPesertaRows, selectPeserta } from './peserta-read';

/** A participant of the mentor's list: the peserta shape plus its counting scores and competency count. */
type MentorPeserta = Peserta & { nilai: { kompetensi_id: number; skor: number }[]; kompetensi_count: number };

const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The rows of the participants matching `where` (one mentor's), newest first. Inside one snapshot. */
async function mentorPesertaRows(tx: Db | Tx, where: SQL): Promise<MentorPeserta[]> {
  const rows = await selectPeserta(tx, where);
  if (rows.length === 0) return [];
  // Their scores on competencies that count.
  const scores = await tx
    .select({ peserta_id: nilai.peserta_id, kompetensi_id: nilai.kompetensi_id, skor: nilai.skor })
    .from(nilai)
    .innerJoin(peserta, eq(peserta.id, nilai.peserta_id))
    .innerJoin(kompetensi, eq(kompetensi.id, nilai.kompetensi_id))
    .innerJoin(divisiKategori, and(eq(divisiKategori.kompetensi_id, kompetensi.id), eq(divisiKategori.divisi_id, peserta.divisi_id)))
    .where(and(ofPesertaRows(tx, nilai.peserta_id, rows, where), eq(kompetensi.aktif, true), eq(kompetensi.jenjang, peserta.jenjang)))
    .orderBy(asc(nilai.peserta_id), asc(nilai.kompetensi_id));
  const counts = await tx
    .select({ divisi_id: divisiKategori.divisi_id, jenjang: kompetensi.jenjang, value: count() })
    .from(divisiKategori)
    .innerJoin(kompetensi, eq(kompetensi.id, divisiKategori.kompetensi_id))
    .where(eq(kompetensi.aktif, true))
    .groupBy(divisiKategori.divisi_id, kompetensi.jenjang);
  const countOf = new Map(counts.map((row) => [`${row.divisi_id}:${row.jenjang}`, row.value]));
  const scoresOf = new Map<number, { kompetensi_id: number; skor: number }[]>();
  for (const { peserta_id, ...score } of scores) scoresOf.set(peserta_id, [...(scoresOf.get(peserta_id) ?? []), score]);
  return rows.map((row) => ({
    ...row,
    nilai: scoresOf.get(row.id) ?? [],
    kompetensi_count: countOf.get(`${row.divisi_id}:${row.jenjang}`) ?? 0,
  }));
}

/** The mentor's participants in `within` (its working set), read now. */
export function listMentorPeserta(db: Db, mentorId: number, within: SQL): Promise<MentorPeserta[]> {
  return db.transaction((tx) => mentorPesertaRows(tx, and(eq(peserta.mentor_id, mentorId), within) ?? eq(peserta.mentor_id, mentorId)), readOnly);
}

/** A per-app cache of each mentor's whole list. `tuning`: how its work is cut (tests make the slices and blocks small). */
export function createMentorListCache(db: Db, changes: ChangeFeed, tuning?: KeptListTuning) {
  const ofMentor = (level: string) => eq(peserta.mentor_id, Number(level));
  const rowsWhere = (tx: Tx, level: string, which: SQL) => mentorPesertaRows(tx, and(ofMentor(level), which) ?? which);
  const kept = createKeptList<string>(
    db,
    changes,
    {
      name: 'ml',
      rereadOn: ['names', 'kompetensi'],
      orderedIds: async (tx, level) =>
        (await tx.select({ id: peserta.id }).from(peserta).where(ofMentor(level)).orderBy(desc(peserta.tanggal_masuk), desc(peserta.id))).map((row) => row.id),
      rowsOf: (tx, level, ids) => rowsWhere(tx, level, idIn(peserta.id, ids)),
      readChanges: (level, since) => changedParticipants(db, since, (tx, which) => rowsWhere(tx, level, which)),
    },
    tuning,
  );
  return {
    /** The answer for the whole list of the mentor `mentorId`: `{data}`. */
    answer: (mentorId: number, ifNoneMatch: string | undefined) => kept.answer(String(mentorId), ifNoneMatch, () => ''),
  };
}
