// Who the approval list leaves out because a competency their division needs has no score yet
// (inApprovalList of src/domain/nilai.ts). Finding them among every participant is one
// anti-join of every (participant, needed competency) pair against every score — ~0.3 s at
// 100,000 participants on PGlite — so the set of their ids is kept between requests, like the
// kept lists (kept-list.ts): current while the change feed reports no participant or
// competency write; after participant writes (a score is one) only the participants changed
// since the kept cursor are looked at again; after a competency or a division's competencies
// change, all of them. Ten years of participants hold a few thousand such ids, mostly the
// internships still running.
import { type SQL, gte, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../db/change-feed';
import { keptWhileUnchanged } from '../db/kept-while-unchanged';
import { type Db, type Tx, rowsOf } from '../db/client';
import { peserta } from '../db/schema';
import { idIn } from '../db/list-params';
import { PULL_BY_ID_MAX, deletedSince, syncCursor } from './peserta-read';
import { neededCompetencies, neededUnscored } from './scores-complete';

/** The ids of the participants (of those `which` names, or all) with a needed competency unscored. */
async function unscoredOf(tx: Tx, which: SQL | undefined): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(sql`select distinct ${peserta.id} as id from ${peserta}
    join (${neededCompetencies}) as needed on needed.divisi_id = ${peserta.divisi_id} and needed.jenjang = ${peserta.jenjang}
    where ${which ?? sql`true`} and ${neededUnscored}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** The kept set, with the cursor of the snapshot it was read in. */
interface UnscoredSet {
  cursor: string;
  ids: ReadonlySet<number>;
}

/** A per-app keeper of the unscored participants' ids: `() => Promise<ids>`, current as of the call. */
export function createUnscoredKeeper(db: Db, changes: ChangeFeed) {
  const kept = keptWhileUnchanged<UnscoredSet>(changes, ['peserta', 'kompetensi'], (base) =>
    db.transaction(
      async (tx) => {
        const cursor = await syncCursor(tx);
        if (!base || changes.changedSince(base.stamp, 'kompetensi')) return { cursor, ids: new Set(await unscoredOf(tx, undefined)) };
        const from = Number(base.value.cursor);
        const changedIds = (await tx.select({ id: peserta.id }).from(peserta).where(gte(peserta.change_xid, from))).map((row) => row.id);
        const deletedIds = await deletedSince(tx, from);
        if (changedIds.length === 0 && deletedIds.length === 0) return base.value;
        const ids = new Set(base.value.ids);
        for (const id of [...changedIds, ...deletedIds]) ids.delete(id);
        const which = changedIds.length <= PULL_BY_ID_MAX ? idIn(peserta.id, changedIds) : gte(peserta.change_xid, from);
        for (const id of await unscoredOf(tx, which)) ids.add(id);
        return { cursor, ids };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  return async (): Promise<number[]> => [...(await kept.get()).ids];
}
