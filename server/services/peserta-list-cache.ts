// The full participant list (GET /api/peserta without `since` or `limit`), kept per level
// (kept-list.ts): after participant writes it is brought up to date by the incremental pull
// (`?since=` the kept cursor: changed rows and tombstones, see peserta-read.ts); after a rename
// of a name its rows show (user, instansi, divisi) it is read whole again.
import { desc, eq } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { peserta } from '../db/schema';
import { type KeptListTuning, type KeptRow, createKeptList, keptRow } from './kept-list';
import { idIn } from '../db/list-params';
import { pullPeserta, selectPeserta } from './peserta-read';

/** A level of the list: one jenjang, or '*' for both. */
type Level = Jenjang | '*';

/** A per-app cache of the full list per level (both levels, SMK, Mahasiswa). `tuning`: how its work is cut (tests make the slices and blocks small). */
export function createPesertaListCache(db: Db, changes: ChangeFeed, tuning?: KeptListTuning) {
  const jenjangOf = (level: Level) => (level === '*' ? undefined : level);
  const kept = createKeptList<Level>(
    db,
    changes,
    {
      name: 'pl',
      rereadOn: ['names'],
      orderedIds: async (tx, level) => {
        const jenjang = jenjangOf(level);
        const rows = await tx
          .select({ id: peserta.id })
          .from(peserta)
          .where(jenjang ? eq(peserta.jenjang, jenjang) : undefined)
          .orderBy(desc(peserta.tanggal_masuk), desc(peserta.id));
        return rows.map((row) => row.id);
      },
      // A contiguous run of the order: selectPeserta's own order keeps it.
      rowsOf: (tx, _level, ids) => selectPeserta(tx, idIn(peserta.id, ids)),
      readChanges: async (level, since) => {
        // Both levels: a row that left this level must leave its list too.
        const pull = await pullPeserta(db, { since });
        const jenjang = jenjangOf(level);
        const changed = new Map<number, KeptRow | null>(pull.data.map((row) => [row.id, jenjang && row.jenjang !== jenjang ? null : keptRow(row)]));
        for (const id of pull.deleted ?? []) changed.set(id, null);
        return { changed, cursor: pull.cursor };
      },
    },
    tuning,
  );
  return {
    /** The answer for the full list of `jenjang` (both levels when undefined): `{data, cursor}`. */
    answer: (jenjang: Jenjang | undefined, ifNoneMatch: string | undefined) =>
      kept.answer(jenjang ?? '*', ifNoneMatch, (cursor) => `,"cursor":${JSON.stringify(cursor)}`),
  };
}
