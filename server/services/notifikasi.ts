// Notifications (Notifikasi) on the server: created in the transaction of the change that
// causes them (a score save or reset, approve / reject / cancel), so a change refused or rolled
// back tells nobody; and the inbox reads of the caller's own. Who is told what is the pure rule
// of src/domain/notifikasi.ts: a writer reads each participant's chain point before its change
// (chainPoints) and hands it to settleNotifikasi after it.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type ApprovalStep, type Review, type ReviewStatus } from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import {
  type ChainEvent,
  type ChainPoint,
  DIGEST_JENIS,
  NOTIFIKASI_KEEP_DAYS,
  type Notifikasi,
  type NotifikasiFakta,
  type NotifikasiJenis,
  approvedByOf,
  chainEvents,
  notifikasiTautan,
  notifikasiText,
  recipientsOf,
} from '../../src/domain/notifikasi';
import type { AuthUser } from '../auth/plugin';
import { idIn, intArray } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { peserta, reviews, users } from '../db/schema';
import { notifikasi } from '../db/schema-notifikasi';
import { HttpError } from '../http-error';
import { type WrittenNotifikasi, enqueuePush } from './push-antrian';
import { syncCursor } from './peserta-read';
import { mayReadPeserta } from './peserta-state';

/** A participant's chain point with what its notifications name and whom they may reach. */
export interface PesertaPoint extends ChainPoint {
  nama: string;
  jenjang: Jenjang;
  mentorId: number | null;
  reviews: (Review & { reviewer_id: number | null })[];
}

const CURRENT_XID = sql`(pg_current_xact_id()::text::bigint)`;

/**
 * The chain points of `ids` as the transaction sees them now: reviews (with their reviewers) and
 * whether the scores are complete (every active competency of the division and level scored).
 * Two queries whatever the count.
 */
export async function chainPoints(tx: Tx, ids: readonly number[]): Promise<Map<number, PesertaPoint>> {
  if (ids.length === 0) return new Map();
  // Written out with table names: inside a select list drizzle leaves columns unqualified.
  const counting = sql<number>`(select count(*) from nilai n join kompetensi k on k.id = n.kompetensi_id
    where n.peserta_id = peserta.id and k.aktif and k.jenjang = peserta.jenjang
    and exists (select 1 from divisi_kategori dk where dk.kompetensi_id = k.id and dk.divisi_id = peserta.divisi_id))`;
  const required = sql<number>`(select count(*) from kompetensi k join divisi_kategori dk on dk.kompetensi_id = k.id
    where dk.divisi_id = peserta.divisi_id and k.jenjang = peserta.jenjang and k.aktif)`;
  const [rows, steps] = await Promise.all([
    tx
      .select({ id: peserta.id, nama: peserta.nama, jenjang: peserta.jenjang, mentorId: peserta.mentor_id, counting, required })
      .from(peserta)
      .where(idIn(peserta.id, [...ids])),
    tx
      .select({ peserta_id: reviews.peserta_id, role_reviewer: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan, reviewer_id: reviews.reviewer_id })
      .from(reviews)
      .where(idIn(reviews.peserta_id, [...ids])),
  ]);
  const out = new Map<number, PesertaPoint>();
  for (const row of rows) {
    const own = steps
      .filter((step) => step.peserta_id === row.id)
      .map((step) => ({ role_reviewer: step.role_reviewer as ApprovalStep, status: step.status as ReviewStatus, catatan: step.catatan, reviewer_id: step.reviewer_id }));
    const scores = Number(row.counting);
    const kompetensiCount = Number(row.required);
    out.set(row.id, {
      nama: row.nama,
      jenjang: row.jenjang,
      mentorId: row.mentorId,
      reviews: own,
      inList: kompetensiCount > 0 && scores > 0 && scores >= kompetensiCount,
    });
  }
  return out;
}

/** One notification to write: its kind, recipient, link, facts and participants. */
interface Told {
  userId: number;
  jenis: NotifikasiJenis;
  tautan: string;
  fakta: NotifikasiFakta;
  pesertaId: number;
}

/** The ids of every user of `role`, read once per settle. */
function usersByRole(tx: Tx): (role: ApprovalStep) => Promise<number[]> {
  const known = new Map<ApprovalStep, Promise<number[]>>();
  return (role) => {
    let ids = known.get(role);
    if (!ids) {
      ids = tx.select({ id: users.id }).from(users).where(eq(users.role, role)).then((rows) => rows.map((row) => row.id));
      known.set(role, ids);
    }
    return ids;
  };
}

/**
 * Of the notifications to users named by id (the mentor, earlier approvers by their review):
 * those whose user still exists and whose role NOW may read the participant — a former
 * Pembimbing now a Mentor of others is told nothing. One read whatever the count.
 */
async function toReaders(tx: Tx, named: readonly Told[], before: ReadonlyMap<number, PesertaPoint>): Promise<Told[]> {
  if (named.length === 0) return [];
  const rows = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(idIn(users.id, [...new Set(named.map((item) => item.userId))]));
  const roleOf = new Map(rows.map((row) => [row.id, row.role]));
  return named.filter((item) => {
    const role = roleOf.get(item.userId);
    return role !== undefined && mayReadPeserta({ id: item.userId, role }, { mentor_id: before.get(item.pesertaId)?.mentorId ?? null });
  });
}

/** The facts a notification of `event` keeps about participant `point`. */
function faktaOf(event: ChainEvent, point: Pick<PesertaPoint, 'nama' | 'jenjang'>): NotifikasiFakta {
  switch (event.jenis) {
    case 'menunggu_persetujuan':
      return {};
    case 'sertifikat_siap':
      return { jenjang: point.jenjang };
    case 'ditolak':
      return { nama: point.nama, step: event.step, catatan: event.catatan };
    case 'dibatalkan':
      return { nama: point.nama, step: event.step };
  }
}

/**
 * What a writer knows of its participants' chain after its change, so the second read is spared
 * where it can be: `reviews` — the reviews it wrote, the scores unchanged (a decision);
 * `scores-added` — reviews unchanged and scores only added or replaced, so a participant complete
 * before stays complete and only the others are counted again (a score save); `scores-gone` —
 * reviews unchanged, no score left (a reset); `all` — read both again.
 */
export type AfterPoints =
  | { read: 'all' }
  | { read: 'reviews'; reviews: ReadonlyMap<number, readonly Review[]> }
  | { read: 'scores-added' }
  | { read: 'scores-gone' };

/** The chain points after the change, read only where the writer's knowledge does not suffice. */
async function pointsAfter(tx: Tx, before: ReadonlyMap<number, PesertaPoint>, afterOf: AfterPoints): Promise<Map<number, ChainPoint>> {
  const after = new Map<number, ChainPoint>();
  switch (afterOf.read) {
    case 'all':
      return chainPoints(tx, [...before.keys()]);
    case 'reviews':
      for (const [id, was] of before) after.set(id, { reviews: afterOf.reviews.get(id) ?? was.reviews, inList: was.inList });
      return after;
    case 'scores-gone':
      for (const [id, was] of before) after.set(id, { reviews: was.reviews, inList: false });
      return after;
    case 'scores-added': {
      const incomplete = [...before].filter(([, was]) => !was.inList).map(([id]) => id);
      const counted = await chainPoints(tx, incomplete);
      for (const [id, was] of before) after.set(id, { reviews: was.reviews, inList: was.inList || (counted.get(id)?.inList ?? false) });
      return after;
    }
  }
}

/**
 * After the change of `actor` on the participants of `before` (their points before it, read
 * in the same transaction): the notifications its events cause, written now. Digests gain the
 * participants that reached them and lose, in every unread digest, those that left.
 */
export async function settleNotifikasi(
  tx: Tx,
  actor: AuthUser,
  before: ReadonlyMap<number, PesertaPoint>,
  afterOf: AfterPoints = { read: 'all' },
): Promise<void> {
  if (before.size === 0) return;
  const after = await pointsAfter(tx, before, afterOf);
  const roleUsers = usersByRole(tx);
  const told: Told[] = [];
  // Told by id, not by role: checked against the users' current roles below.
  const named: Told[] = [];
  const left = new Map<NotifikasiJenis, number[]>();
  for (const [id, was] of before) {
    const now = after.get(id);
    if (!now) continue;
    for (const event of chainEvents(was, now, actor.role)) {
      if ((event.jenis === 'menunggu_persetujuan' || event.jenis === 'sertifikat_siap') && event.arah === 'keluar') {
        left.set(event.jenis, [...(left.get(event.jenis) ?? []), id]);
        continue;
      }
      const to = recipientsOf(event, { mentorId: was.mentorId, approvedBy: approvedByOf(was.reviews) });
      if (!to) continue;
      const byRole = 'role' in to;
      const userIds = byRole ? await roleUsers(to.role) : to.userIds;
      for (const userId of userIds) {
        // Never the actor about their own action.
        if (userId === actor.id) continue;
        const recipient = userId === was.mentorId ? 'mentor' : 'approver';
        (byRole ? told : named).push({ userId, jenis: event.jenis, tautan: notifikasiTautan(event, recipient, id, was.jenjang), fakta: faktaOf(event, was), pesertaId: id });
      }
    }
  }
  // Never a user whose role may not see the participant: an approval role (told by role) sees all.
  told.push(...(await toReaders(tx, named, before)));
  for (const [jenis, ids] of left) await leaveDigests(tx, jenis, ids);
  await writeTold(tx, told);
}

/** Takes `ids` out of every unread digest of `jenis` (an emptied digest stays, hidden, until one arrives again). */
async function leaveDigests(tx: Tx, jenis: NotifikasiJenis, ids: readonly number[]): Promise<void> {
  const list = intArray(ids);
  await tx
    .update(notifikasi)
    .set({ peserta_ids: sql`array(select x from unnest(${notifikasi.peserta_ids}) as x where x <> all(${list}))`, change_xid: CURRENT_XID })
    .where(and(eq(notifikasi.jenis, jenis), eq(notifikasi.dibaca, false), sql`${notifikasi.peserta_ids} && ${list}`));
}

/** Writes the notifications: one row each, digests merged into the recipient's unread one; queues their pushes. */
async function writeTold(tx: Tx, told: readonly Told[]): Promise<void> {
  const digests = new Map<string, Told & { ids: number[] }>();
  const single: Told[] = [];
  for (const item of told) {
    if (!DIGEST_JENIS.includes(item.jenis)) {
      single.push(item);
      continue;
    }
    const key = `${item.userId}|${item.jenis}|${item.tautan}`;
    const held = digests.get(key);
    if (held) held.ids.push(item.pesertaId);
    else digests.set(key, { ...item, ids: [item.pesertaId] });
  }
  const written = { user_id: notifikasi.user_id, jenis: notifikasi.jenis, tautan: notifikasi.tautan, fakta: notifikasi.fakta, peserta_ids: notifikasi.peserta_ids };
  const news: WrittenNotifikasi[] = [];
  if (single.length > 0) {
    news.push(
      ...(await tx
        .insert(notifikasi)
        .values(single.map((item) => ({ user_id: item.userId, jenis: item.jenis, tautan: item.tautan, fakta: item.fakta, peserta_ids: [item.pesertaId] })))
        .returning(written)),
    );
  }
  // Sorted by recipient: concurrent writers take the digest rows' locks in one order.
  const merged = [...digests.values()].sort((a, b) => a.userId - b.userId || a.jenis.localeCompare(b.jenis) || a.tautan.localeCompare(b.tautan));
  for (const item of merged) {
    const rows = await tx
      .insert(notifikasi)
      .values({ user_id: item.userId, jenis: item.jenis, tautan: item.tautan, fakta: item.fakta, peserta_ids: item.ids })
      .onConflictDoUpdate({
        target: [notifikasi.user_id, notifikasi.jenis, notifikasi.tautan],
        targetWhere: sql`not ${notifikasi.dibaca} and ${notifikasi.jenis} in (${sql.raw(DIGEST_JENIS.map((jenis) => `'${jenis}'`).join(', '))})`,
        set: {
          peserta_ids: sql`array(select distinct x from unnest(${notifikasi.peserta_ids} || excluded.peserta_ids) as x order by x)`,
          // A digest that grew is news again: it moves to the top of the inbox.
          dibuat: sql`now()`,
          change_xid: CURRENT_XID,
        },
        // Only when it grows: a participant already counted changes nothing (and pushes nothing).
        setWhere: sql`not (excluded.peserta_ids <@ ${notifikasi.peserta_ids})`,
      })
      .returning(written);
    news.push(...rows);
  }
  // Pushed to the recipients' devices: queued in this transaction, so a refused change pushes nothing.
  await enqueuePush(tx, news);
}

/** A digest with no participant left is hidden from the inbox (and counts as gone for a client). */
const VISIBLE = sql`not (${notifikasi.jenis} in (${sql.raw(DIGEST_JENIS.map((jenis) => `'${jenis}'`).join(', '))}) and cardinality(${notifikasi.peserta_ids}) = 0)`;

const keptSince = () => sql`now() - make_interval(days => ${NOTIFIKASI_KEEP_DAYS})`;

/** The caller's unread notifications that show. */
async function unreadCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(notifikasi)
    .where(and(eq(notifikasi.user_id, userId), eq(notifikasi.dibaca, false), VISIBLE, gte(notifikasi.dibuat, keptSince())));
  return row?.value ?? 0;
}

/**
 * GET /api/notifikasi: the caller's notifications of the keeping time (with `since`, only those
 * changed since; a digest emptied since is listed in `deleted`), newest first, the cursor of the
 * next pull and the unread count.
 */
export async function pullNotifikasi(db: Db, user: AuthUser, since: number | undefined) {
  return db.transaction(
    async (tx) => {
      const cursor = await syncCursor(tx);
      const rows = await tx
        .select()
        .from(notifikasi)
        .where(and(eq(notifikasi.user_id, user.id), gte(notifikasi.dibuat, keptSince()), since === undefined ? undefined : gte(notifikasi.change_xid, since)))
        .orderBy(desc(notifikasi.dibuat), desc(notifikasi.id));
      const isHidden = (row: (typeof rows)[number]) => DIGEST_JENIS.includes(row.jenis) && row.peserta_ids.length === 0;
      const shown = rows.filter((row) => !isHidden(row));
      const hidden = rows.filter(isHidden).map((row) => row.id);
      const data: Notifikasi[] = shown.map((row) => ({
        id: row.id,
        jenis: row.jenis,
        ...notifikasiText(row.jenis, row.fakta, row.peserta_ids.length),
        tautan: row.tautan,
        dibaca: row.dibaca,
        dibuat: row.dibuat.toISOString(),
      }));
      return { data, ...(since === undefined ? {} : { deleted: hidden }), cursor, belum_dibaca: await unreadCount(tx, user.id) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** POST /api/notifikasi/{id}/baca: one of the caller's own marked read (again: no change); 404 another's or unknown. */
export async function markRead(db: Db, user: AuthUser, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ dibaca: notifikasi.dibaca }).from(notifikasi).where(and(eq(notifikasi.id, id), eq(notifikasi.user_id, user.id)));
    if (!row) throw new HttpError(404, SERVER_MSG.notFound);
    if (!row.dibaca) await tx.update(notifikasi).set({ dibaca: true, change_xid: CURRENT_XID }).where(eq(notifikasi.id, id));
    return unreadCount(tx, user.id);
  });
}

/** POST /api/notifikasi/baca-semua: every unread one of the caller's (made until `sampai`, when given) marked read. */
export async function markAllRead(db: Db, user: AuthUser, sampai?: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The client's time has milliseconds, the stored one microseconds: up to the end of that millisecond.
    const until = sampai === undefined ? undefined : lt(notifikasi.dibuat, new Date(Date.parse(sampai) + 1));
    await tx.update(notifikasi).set({ dibaca: true, change_xid: CURRENT_XID }).where(and(eq(notifikasi.user_id, user.id), eq(notifikasi.dibaca, false), until));
    return unreadCount(tx, user.id);
  });
}

/** Deletes notifications older than the keeping time (any instance may run it; a client drops them by date). */
export async function pruneNotifikasi(db: Db): Promise<number> {
  const gone = await db.delete(notifikasi).where(lt(notifikasi.dibuat, keptSince())).returning({ id: notifikasi.id });
  return gone.length;
}

/** Takes deleted participants out of every unread digest (inside the delete's transaction). */
export async function forgetPeserta(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const jenis of DIGEST_JENIS) await leaveDigests(tx, jenis, ids);
}
