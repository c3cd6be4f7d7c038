/**
 * The inbox in the mirror (table `notifikasi`): the user's notifications as last pulled, with
 * every 'mark read' change still queued laid on top (layQueuedReads), so a notification read
 * offline shows read at once and stays read when a pull brings the server's older answer.
 */
import type { MagangDb } from '@/db/db';
import { getMirrorOwner } from '@/db/meta';
import type { NotifikasiRecord, OutboxRecord } from '@/db/records';
import { type BacaChange, bacaChangeSchema } from '@/domain/notifikasi';
import { changeFamily } from '@/domain/outbox';
import { showsInMirror } from './peserta-state';

/** What a queued 'mark read' change covers, or null when its payload is not one. */
function bacaOf(entry: Pick<OutboxRecord, 'payload'>): BacaChange | null {
  const parsed = bacaChangeSchema.safeParse(entry.payload);
  return parsed.success ? parsed.data : null;
}

/** True when `change` marks `row` read: its id, or every one made until `sampai`. */
function covers(change: BacaChange, row: NotifikasiRecord): boolean {
  return 'id' in change ? change.id === row.id : row.dibuat <= change.sampai;
}

/**
 * Marks read, in the mirror, every unread notification a 'mark read' change still queued by the
 * mirror's owner covers (`only`: just these entries, e.g. the one just queued). The caller's
 * transaction when it runs inside one over outbox, notifikasi and meta.
 */
export async function layQueuedReads(db: MagangDb, only?: readonly OutboxRecord[]): Promise<void> {
  await db.transaction('rw', [db.outbox, db.notifikasi, db.meta], async () => {
    const owner = await getMirrorOwner(db);
    const entries = only ?? (await db.outbox.orderBy('seq').toArray());
    const changes = entries
      .filter((entry) => changeFamily(entry.kind) === 'inbox' && showsInMirror(entry, owner))
      .flatMap((entry) => bacaOf(entry) ?? []);
    if (changes.length === 0) return;
    const unread = await db.notifikasi.filter((row) => !row.dibaca).toArray();
    const read = unread.filter((row) => changes.some((change) => covers(change, row))).map((row) => ({ ...row, dibaca: true }));
    if (read.length > 0) await db.notifikasi.bulkPut(read);
  });
}
