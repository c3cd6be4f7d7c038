// Tombstones for incremental pulls (`?since=`): every service that deletes a row a client
// mirrors records it here, inside the same transaction as the delete, so a tombstone exists
// exactly when the row is gone.
import type { Db, Tx } from '../db/client';
import { deletions } from '../db/schema';

/** The entity names tombstones use: the table names of the mirrored rows. */
type DeletedEntity = 'users' | 'instansi' | 'divisi' | 'kompetensi' | 'grade_templates' | 'nilai' | 'peserta';

/** Inserts one tombstone per id of `entity` (nothing for an empty list). */
export async function recordDeletions(tx: Db | Tx, entity: DeletedEntity, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.insert(deletions).values(ids.map((entity_id) => ({ entity, entity_id })));
}
