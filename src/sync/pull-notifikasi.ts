/**
 * The inbox pull: the user's notifications into the mirror table `notifikasi`. The first pull
 * (no cursor) asks GET /api/notifikasi for all of them (the last 90 days); later ones ask
 * `?since=<cursor>` for those changed since and drop the ids the answer lists as `deleted` (a
 * digest nobody waits in any more). Notifications past the keeping time leave the mirror. The
 * 'mark read' changes still queued are laid on top again (inbox-mirror.ts). Pulls run one at a
 * time; a logout during a pull writes nothing.
 */
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { getCursor, getSession, setCursor } from '@/db/meta';
import { NOTIFIKASI_KEEP_DAYS, notifikasiPullResponseSchema } from '@/domain/notifikasi';
import { layQueuedReads } from './inbox-mirror';

const DAY_MS = 24 * 60 * 60 * 1000;
const pullQueue = new WeakMap<MagangDb, Promise<unknown>>();

/** GET /api/notifikasi (first pull) or `?since=cursor` into the mirror. Rejects with the client's error. */
export function pullNotifikasi(api: ApiClient, db: MagangDb, now: () => number = Date.now): Promise<void> {
  const previous = pullQueue.get(db) ?? Promise.resolve();
  const pull = previous.catch(() => undefined).then(() => pullOnce(api, db, now()));
  pullQueue.set(db, pull);
  void pull.catch(() => undefined).finally(() => {
    if (pullQueue.get(db) === pull) pullQueue.delete(db);
  });
  return pull;
}

async function pullOnce(api: ApiClient, db: MagangDb, now: number): Promise<void> {
  const [cursor, session] = await Promise.all([getCursor(db, 'notifikasi'), getSession(db)]);
  const answer = await api.get(cursor === null ? '/api/notifikasi' : `/api/notifikasi?since=${encodeURIComponent(cursor)}`, notifikasiPullResponseSchema);
  const token = session?.token ?? null;
  await db.transaction('rw', [db.outbox, db.notifikasi, db.meta], async () => {
    // A logout (or another login) while the answer came cleared the mirror: it is not this session's.
    if (((await getSession(db))?.token ?? null) !== token) return;
    if (cursor === null) await db.notifikasi.clear();
    if (answer.deleted && answer.deleted.length > 0) await db.notifikasi.bulkDelete(answer.deleted);
    await db.notifikasi.bulkPut(answer.data);
    const kept = new Date(now - NOTIFIKASI_KEEP_DAYS * DAY_MS).toISOString();
    await db.notifikasi.where('dibuat').below(kept).delete();
    await layQueuedReads(db);
    await setCursor(db, 'notifikasi', answer.cursor);
  });
}
