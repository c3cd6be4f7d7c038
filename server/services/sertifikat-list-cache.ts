// The whole certificate list of a level (GET /api/sertifikat/peserta without `lingkup`, for
// outside clients): every fully approved participant with its issued certificate — at 100,000
// participants ~85,000 rows and their snapshots, seconds to read. Kept per level (kept-list.ts):
// after participant writes (a participant, its reviews, scores or certificates — migration
// 0015 makes a certificate's issue or revocation a write of its participant) only the changed
// participants are read again; after a rename or any change of a user (a signer's name, title
// or signature: signatures.ts writes the user too) the list is read whole again.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { peserta } from '../db/schema';
import { type KeptRow, createKeptList, keptRow } from './kept-list';
import { PULL_BY_ID_MAX, deletedSince, syncCursor } from './peserta-read';
import { sertifikatListRows } from './sertifikat';
import { fullyApproved } from './sertifikat-rows';

/**
 * A per-app cache of the whole certificate list per level. `sliceRows`: rows per slice of a
 * whole read (tests make it small to cross slice boundaries with a few rows).
 */
export function createSertifikatListCache(db: Db, changes: ChangeFeed, sliceRows?: number) {
  const kept = createKeptList<Jenjang>(
    db,
    changes,
    {
      name: 'sl',
      rereadOn: ['names', 'users'],
      orderedIds: async (tx, jenjang) => {
        const rows = await tx
          .select({ id: peserta.id })
          .from(peserta)
          .where(and(eq(peserta.jenjang, jenjang), fullyApproved()))
          .orderBy(desc(peserta.tanggal_masuk), desc(peserta.id));
        return rows.map((row) => row.id);
      },
      rowsOf: async (tx, jenjang, ids) =>
        new Map((await sertifikatListRows(tx, and(eq(peserta.jenjang, jenjang), inArray(peserta.id, ids)) ?? eq(peserta.jenjang, jenjang))).map((row) => [row.id, keptRow(row)])),
      readChanges: (jenjang, since) =>
        db.transaction(
          async (tx) => {
            const cursor = await syncCursor(tx);
            const from = Number(since);
            // Every level: a participant that moved to the other level leaves this list.
            const changedIds = (await tx.select({ id: peserta.id }).from(peserta).where(gte(peserta.change_xid, from))).map((row) => row.id);
            const changed = new Map<number, KeptRow | null>();
            for (const id of [...changedIds, ...(await deletedSince(tx, from))]) changed.set(id, null);
            if (changedIds.length > 0) {
              // Many changed (an import, a batch of decisions): one pass by change_xid.
              const which = changedIds.length <= PULL_BY_ID_MAX ? inArray(peserta.id, changedIds) : gte(peserta.change_xid, from);
              const level = eq(peserta.jenjang, jenjang);
              for (const row of await sertifikatListRows(tx, and(level, which) ?? level)) changed.set(row.id, keptRow(row));
            }
            return { changed, cursor };
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        ),
    },
    sliceRows,
  );
  return {
    /** The answer for the whole list of `jenjang`: `{data, organisasi}` with the organisation given now. */
    answer: (jenjang: Jenjang, ifNoneMatch: string | undefined, organisasi: unknown) =>
      kept.answer(jenjang, ifNoneMatch, () => `,"organisasi":${JSON.stringify(organisasi)}`),
  };
}
