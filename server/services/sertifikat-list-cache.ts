// The whole certificate list of a level (GET /api/sertifikat/peserta without `lingkup`, for
// outside clients): every fully approved participant with its issued certificate — at 100,000
// participants ~85,000 rows and their snapshots, seconds to read. Kept per level (kept-list.ts):
// after participant writes (a participant, its reviews, scores or certificates — migration
// 0015 makes a certificate's issue or revocation a write of its participant) only the changed
// participants are read again; after a rename or any change of a user (a signer's name, title
// or signature: signatures.ts writes the user too) the list is read whole again.
import { type SQL, and, desc, eq } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import type { ChangeFeed } from '../db/change-feed';
import type { Db, Tx } from '../db/client';
import { peserta } from '../db/schema';
import { type KeptListTuning, changedParticipants, createKeptList } from './kept-list';
import { idIn } from '../db/list-params';
import { sertifikatListRows } from './sertifikat';
import { fullyApproved } from './sertifikat-rows';

/** A per-app cache of the whole certificate list per level. `tuning`: how its work is cut (tests make the slices and blocks small). */
export function createSertifikatListCache(db: Db, changes: ChangeFeed, tuning?: KeptListTuning) {
  const rowsWhere = (tx: Tx, jenjang: Jenjang, which: SQL) => sertifikatListRows(tx, and(eq(peserta.jenjang, jenjang), which) ?? which);
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
      rowsOf: (tx, jenjang, ids) => rowsWhere(tx, jenjang, idIn(peserta.id, ids)),
      readChanges: (jenjang, since) => changedParticipants(db, since, (tx, which) => rowsWhere(tx, jenjang, which)),
    },
    tuning,
  );
  return {
    /** The answer for the whole list of `jenjang`: `{data, organisasi}` with the organisation given now. */
    answer: (jenjang: Jenjang, ifNoneMatch: string | undefined, organisasi: unknown) =>
      kept.answer(jenjang, ifNoneMatch, () => `,"organisasi":${JSON.stringify(organisasi)}`),
  };
}
