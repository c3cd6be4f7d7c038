/**
 * Attendance pulls: the marks the user reads (a Mentor its own participants') into the mirror
 * table `presensi`, with the changes still queued laid on top (reapplyPresensi). The first pull
 * (no cursor) asks GET /api/presensi for every mark; later ones ask `?since=<cursor>` for the
 * marks changed since — the participants' cursor: marks may come twice, never not at all.
 *
 * A since pull only brings marks written after the cursor, so a participant who joins the
 * mirror later (newly assigned to the mentor, with older marks) would miss those: the cursor
 * records which participants it covers, and a mirror holding one it does not cover pulls in
 * full again. Marks of a participant who leaves the mirror are dropped by the participant pull
 * (pull-peserta.ts). Pulls of one mirror run one at a time; a logout during a pull writes nothing.
 *
 * An approver's device pulls no marks with its lists: one participant's marks are pulled when its
 * detail (Detail Approval, the participant detail) opens (pullPresensiOf), so the detail shows
 * them offline afterwards.
 */
import type { ApiClient } from '@/api/client';
import { db as appDb, type MagangDb } from '@/db/db';
import { getCursor, getCursorScope, getSession, setCursor, setCursorScope } from '@/db/meta';
import { markKey, presensiListResponseSchema, presensiPullResponseSchema } from '@/domain/presensi';
import { type MarkKey, dropServerMarks, reapplyPresensi, replaceServerMarksOf } from './presensi-mirror';
import { pullMentorPeserta } from './pull-peserta';

/** What a pull changed. */
export interface PresensiPullResult {
  /** Marks the server sent. */
  changed: number;
  full: boolean;
}

const pullQueue = new WeakMap<MagangDb, Promise<unknown>>();

/** GET /api/presensi (first pull, or a participant the cursor does not cover) or `?since=cursor`. Rejects with the client's error. */
export function pullPresensi(api: ApiClient, db: MagangDb): Promise<PresensiPullResult> {
  const previous = pullQueue.get(db) ?? Promise.resolve();
  const pull = previous.catch(() => undefined).then(() => pullOnce(api, db));
  pullQueue.set(db, pull);
  void pull.catch(() => undefined).finally(() => {
    if (pullQueue.get(db) === pull) pullQueue.delete(db);
  });
  return pull;
}

async function pullOnce(api: ApiClient, db: MagangDb): Promise<PresensiPullResult> {
  const [cursor, scope, mirrored, session] = await Promise.all([
    getCursor(db, 'presensi'),
    getCursorScope(db, 'presensi'),
    db.peserta.toCollection().primaryKeys(),
    getSession(db),
  ]);
  const covered = new Set(scope ?? []);
  const since = cursor !== null && scope !== null && mirrored.every((id) => covered.has(id)) ? cursor : null;
  const answer = await api.get(since === null ? '/api/presensi' : `/api/presensi?since=${encodeURIComponent(since)}`, presensiPullResponseSchema);
  const token = session?.token ?? null;
  await db.transaction('rw', [db.outbox, db.presensi, db.peserta, db.meta], async () => {
    // A logout (or another login) while the answer came cleared the mirror: it is not this session's.
    if (((await getSession(db))?.token ?? null) !== token) return;
    // A full pull replaces every server mark the mirror holds: one the answer lacks is gone.
    const held: MarkKey[] = since === null ? ((await db.presensi.toCollection().primaryKeys()) as MarkKey[]) : [];
    const sent = new Set(answer.data.map((mark) => markKey(mark.peserta_id, mark.tanggal)));
    const stale = held.filter(([id, tanggal]) => !sent.has(markKey(id, tanggal)));
    await reapplyPresensi(db, [], answer.data);
    if (stale.length > 0) await dropServerMarks(db, stale);
    await setCursor(db, 'presensi', answer.cursor);
    await setCursorScope(db, 'presensi', since === null ? mirrored : [...covered]);
  });
  return { changed: answer.data.length, full: since === null };
}

/**
 * A Mentor's pull: its participants (a full refresh), then their attendance marks — after, since
 * the marks' pull reads which participants the mirror holds.
 */
export async function pullMentorMirror(api: ApiClient, db: MagangDb): Promise<void> {
  await pullMentorPeserta(api, db);
  await pullPresensi(api, db);
}

/**
 * GET /api/presensi/peserta/{id} into the mirror: the participant's server marks replaced by the
 * answer, the changes still queued laid on top (replaceServerMarksOf). A logout (or another
 * login) while the answer came writes nothing. Rejects with the client's error (403, 404, offline).
 */
export async function pullPresensiOf(api: ApiClient, pesertaId: number, db: MagangDb = appDb): Promise<void> {
  const token = (await getSession(db))?.token ?? null;
  const answer = await api.get(`/api/presensi/peserta/${pesertaId}`, presensiListResponseSchema);
  await db.transaction('rw', [db.outbox, db.presensi, db.meta], async () => {
    if (((await getSession(db))?.token ?? null) !== token) return;
    await replaceServerMarksOf(db, pesertaId, answer.data);
  });
}
