/**
 * The device mirrors only the working set (src/domain/working-set.ts): the participant pulls ask
 * `lingkup=kerja`, and a participant the server says left it (`keluar` of a `since` pull, or
 * absent from a full pull) leaves the mirror with everything the device holds of it: its row,
 * scores, reviews, attendance marks and history.
 *
 * Except while a change of the mirror's owner still in the outbox refers to it (waiting, being
 * sent, or refused and not yet dismissed: a score or review change by its participant, an
 * attendance change by the participants of its marks): the participant then stays, and its id
 * is kept in meta (getRetainedPeserta). At each later `since` pull the retained participants no
 * queued change refers to any more are judged by the domain rule (`inWorkingSet`, with the
 * stored batas and what the device holds of them: reviews, scores against the competencies,
 * certificate, unread notifications naming them), reading only those rows: outside, they leave; inside,
 * they stay retained and are judged again at the next pull. A retained participant the server
 * sends again (in `data`) is a member of the working set like any other and no longer retained.
 *
 * Every function runs in the caller's transaction (over peserta, nilai, reviews, presensi,
 * riwayat, outbox and meta; settleWorkingSet also reads kompetensi, notifikasi and sertifikat).
 */
import type { MagangDb } from '@/db/db';
import { getMirrorOwner, getRetainedPeserta, getSession, setRetainedPeserta } from '@/db/meta';
import { changePesertaIds } from '@/domain/outbox';
import type { KompetensiRecord, PesertaRecord } from '@/db/records';
import { tautanPesertaId } from '@/domain/notifikasi';
import { pesertaInApprovalList } from '@/domain/nilai-view';
import { type WorkingSetInput, inWorkingSet } from '@/domain/working-set';
import { dropPresensiExcept, dropPresensiOf } from './presensi-mirror';

/**
 * The participants an outbox entry of the mirror's owner refers to (every entry in the outbox:
 * sent ones are deleted, refused ones stay until the user dismisses them). With no known owner,
 * every entry counts.
 */
export async function heldByQueued(db: MagangDb): Promise<Set<number>> {
  const [owner, entries] = await Promise.all([getMirrorOwner(db), db.outbox.toArray()]);
  const held = new Set<number>();
  for (const entry of entries) {
    if (owner !== null && entry.user !== owner) continue;
    for (const id of changePesertaIds(entry)) held.add(id);
  }
  return held;
}

/** Removes the participants `ids` and everything the device holds of them. Writes nothing for none. */
export async function dropParticipants(db: MagangDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.peserta.bulkDelete([...ids]);
  await db.nilai.where('peserta_id').anyOf([...ids]).delete();
  await db.reviews.where('peserta_id').anyOf([...ids]).delete();
  await dropPresensiOf(db, ids);
  const history = (await db.riwayat.bulkGet([...ids])).filter((row) => row !== undefined).map((row) => row.pesertaId);
  if (history.length > 0) await db.riwayat.bulkDelete(history);
}

/**
 * A full pull's first write: empties the participants, scores and reviews, except those of
 * `keep` (participants a queued change refers to), which stay as they are.
 */
export async function clearParticipantsExcept(db: MagangDb, keep: ReadonlySet<number>): Promise<void> {
  if (keep.size === 0) {
    await Promise.all([db.peserta.clear(), db.nilai.clear(), db.reviews.clear()]);
    return;
  }
  const gone = (await db.peserta.toCollection().primaryKeys()).filter((id) => !keep.has(id));
  await db.peserta.bulkDelete(gone);
  await db.nilai.where('peserta_id').noneOf([...keep]).delete();
  await db.reviews.where('peserta_id').noneOf([...keep]).delete();
}

/**
 * The end of a full pull: the attendance marks and the history of every participant not in `keep`
 * (those the mirror now holds) go. Writes nothing when there are none.
 */
export async function dropDetailsExcept(db: MagangDb, keep: ReadonlySet<number>): Promise<void> {
  await dropPresensiExcept(db, keep);
  const history = (await db.riwayat.toCollection().primaryKeys()).filter((id) => !keep.has(id));
  if (history.length > 0) await db.riwayat.bulkDelete(history);
}

/** The participants the user's unread notifications on the device name. */
async function notifiedPeserta(db: MagangDb): Promise<Set<number>> {
  const unread = (await db.notifikasi.toArray()).filter((row) => !row.dibaca);
  return new Set(unread.flatMap((row) => tautanPesertaId(row.tautan) ?? []));
}

/** What the rule reads of a mirrored participant: its reviews, scores, certificate and the unread notifications naming it. */
async function mirroredInput(
  db: MagangDb,
  row: PesertaRecord,
  kompetensi: readonly KompetensiRecord[],
  notified: ReadonlySet<number>,
): Promise<WorkingSetInput> {
  const [reviews, nilai, sertifikat] = await Promise.all([
    db.reviews.where('peserta_id').equals(row.id).toArray(),
    db.nilai.where('peserta_id').equals(row.id).toArray(),
    db.sertifikat.get(row.id),
  ]);
  return {
    tanggal_selesai: row.tanggal_selesai,
    reviews,
    dinilai: nilai.length > 0,
    nilaiLengkap: pesertaInApprovalList(row, nilai, kompetensi),
    diberitahu: notified.has(row.id),
    sertifikatTerbit: sertifikat?.sertifikat?.tanggal_terbit ?? null,
  };
}

/** What a `since` pull said about the working set. */
export interface WorkingSetChanges {
  /** Participants the answer sent (members of the working set). */
  sent: readonly number[];
  /** Participants deleted on the server (already removed by the caller). */
  deleted: readonly number[];
  /** Participants that left the working set. */
  keluar: readonly number[];
  /** The window's first end date the answer gave (null: none known). */
  batas: string | null;
}

/**
 * Applies a `since` pull's view of the working set after its rows were written: the `keluar`
 * participants no queued change refers to leave; the others stay, retained; the retained ones no
 * queued change refers to any more leave when the rule says they are outside. Returns how many left.
 */
export async function settleWorkingSet(db: MagangDb, changes: WorkingSetChanges, held: ReadonlySet<number>): Promise<number> {
  const sent = new Set(changes.sent);
  const keluar = changes.keluar.filter((id) => !sent.has(id));
  const outside = keluar.filter((id) => !held.has(id));
  const leaving = (await db.peserta.bulkGet(outside)).filter((row) => row !== undefined).map((row) => row.id);
  const retained = new Set([...(await getRetainedPeserta(db)), ...keluar.filter((id) => held.has(id))]);
  for (const id of [...sent, ...changes.deleted, ...outside]) retained.delete(id);

  const role = (await getSession(db))?.userRole ?? null;
  const free = [...retained].filter((id) => !held.has(id));
  const rows = await db.peserta.bulkGet(free);
  const kompetensi = free.length === 0 ? [] : await db.kompetensi.toArray();
  const notified = free.length === 0 ? new Set<number>() : await notifiedPeserta(db);
  for (const [i, id] of free.entries()) {
    const row = rows[i];
    if (row === undefined) {
      retained.delete(id);
      continue;
    }
    if (role === null || changes.batas === null) continue;
    if (!inWorkingSet(role, await mirroredInput(db, row, kompetensi, notified), changes.batas)) {
      leaving.push(id);
      retained.delete(id);
    }
  }
  await dropParticipants(db, leaving);
  await setRetainedPeserta(db, retained);
  return leaving.length;
}
