// Attendance (Presensi) on the server: marks set or corrected by PUT /api/presensi, read per
// participant, and the incremental pull of a user's readable marks. The rules are those of
// src/domain/presensi.ts, applied to locked rows: a Mentor marks only their own participants and
// only until the Pembimbing has decided (409, the same moment their scores lock); HR may correct
// any mark; a date must be inside the internship, not after today (Jakarta) and a working day
// (HARI_KERJA). A request's marks are applied all or none. Two devices marking one date: the
// first stored wins; a later mark that names the status its device saw (`sebelumnya`) is refused
// (409, with the status now) when the date has since been marked otherwise.
//
// The cursor of `?since=` is the one of participants (services/peserta-read.ts, syncCursor):
// `change_xid` is set on insert by its default and on a correction by the upsert below.
import { type SQL, and, asc, between, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { jakartaDate } from '../../src/domain/dates';
import { SERVER_MSG } from '../../src/domain/messages';
import {
  PRESENSI_MSG,
  PRESENSI_STATUS,
  type PresensiMark,
  type PresensiRekapQuery,
  type PresensiStatus,
  type RekapRow,
  type StoredMark,
  type Weekday,
  presensiCounts,
  countWorkingDays,
  markKey,
  overlap,
  presensiConflict,
  presensiLock,
  tanggalBlock,
} from '../../src/domain/presensi';
import type { AuthUser } from '../auth/plugin';
import type { Db, Tx } from '../db/client';
import { dateArray, idIn, intArray } from '../db/list-params';
import { divisi, peserta } from '../db/schema';
import { raiseWorkMem } from '../db/work-mem';
import { presensi } from '../db/schema-presensi';
import { HttpError } from '../http-error';
import type { RiwayatPresensi } from '../../src/domain/riwayat';
import type { StoredAnswer } from './idempotency';
import { type ChangeOrigin, recordPresensiCorrection } from './riwayat';
import { assertMentorOwns, lockPeserta, lockReviews, readableScope } from './peserta-state';
import { syncCursor } from './peserta-read';


const markColumns = { peserta_id: presensi.peserta_id, tanggal: presensi.tanggal, status: presensi.status, catatan: presensi.catatan };

/** What setting marks needs besides the marks. */
export interface PresensiSettings {
  hariKerja: readonly Weekday[];
  /** Now, for today's date in Jakarta (injectable for tests). */
  now?: Date;
}

/**
 * PUT /api/presensi inside `tx`: every participant must exist (404) and, for a Mentor, be theirs
 * (403); every date must be markable (400 with the reason); the lock must allow the role on every
 * participant (409). Then each mark is inserted or replaced; an unchanged mark is not rewritten.
 */
export async function putPresensi(tx: Tx, origin: ChangeOrigin, marks: readonly PresensiMark[], settings: PresensiSettings): Promise<StoredAnswer> {
  const { user } = origin;
  const ids = [...new Set(marks.map((mark) => mark.peserta_id))].sort((a, b) => a - b);
  const scopes = await lockPeserta(tx, ids);
  for (const id of ids) {
    const scope = scopes.get(id);
    if (!scope) throw new HttpError(404, SERVER_MSG.notFound);
    assertMentorOwns(user, scope);
  }
  const periods = await tx
    .select({ id: peserta.id, tanggal_masuk: peserta.tanggal_masuk, tanggal_selesai: peserta.tanggal_selesai })
    .from(peserta)
    .where(idIn(peserta.id, ids));
  const periodOf = new Map(periods.map((row) => [row.id, row]));
  const today = jakartaDate(settings.now ?? new Date());
  for (const mark of marks) {
    const period = periodOf.get(mark.peserta_id);
    const block = period ? tanggalBlock(mark.tanggal, period, today, settings.hariKerja) : SERVER_MSG.notFound;
    if (block) throw new HttpError(400, `${block} (${mark.tanggal})`);
  }
  const reviewsOf = await lockReviews(tx, ids);
  for (const id of ids) {
    const lock = presensiLock(user.role, reviewsOf.get(id) ?? []);
    if (lock) throw new HttpError(409, lock);
  }
  // Read under the participants' row locks: of two requests for one date the second sees the first's mark.
  const before = await storedStatuses(tx, marks);
  const conflict = presensiConflict(marks, before);
  if (conflict) throw new HttpError(409, conflict);
  // HR's corrections go into the history with the status each date had before.
  if (user.role === 'HR') await recordPresensiCorrection(tx, origin, statusChanges(marks, before));
  await tx
    .insert(presensi)
    .values(marks.map(({ sebelumnya: _seen, ...mark }) => ({ ...mark, user_id: user.id })))
    .onConflictDoUpdate({
      target: [presensi.peserta_id, presensi.tanggal],
      set: {
        status: sql`excluded.status`,
        catatan: sql`excluded.catatan`,
        user_id: sql`excluded.user_id`,
        updated_at: sql`now()`,
        change_xid: sql`(pg_current_xact_id()::text::bigint)`,
      },
      // A resend of the same mark rewrites nothing: the pull does not carry it again.
      setWhere: sql`(${presensi.status}, ${presensi.catatan}) is distinct from (excluded.status, excluded.catatan)`,
    });
  const stored = await tx
    .select(markColumns)
    .from(presensi)
    .where(marksIn(marks))
    .orderBy(asc(presensi.peserta_id), asc(presensi.tanggal));
  return { status: 200, body: { message: PRESENSI_MSG.saved, data: stored } };
}

/** The rows of `marks`' (participant, date) pairs: two array parameters zipped by unnest. */
function marksIn(marks: readonly PresensiMark[]): SQL {
  const ids = intArray(marks.map((mark) => mark.peserta_id));
  const dates = dateArray(marks.map((mark) => mark.tanggal));
  return sql`(${presensi.peserta_id}, ${presensi.tanggal}) in (select * from unnest(${ids}, ${dates}))`;
}

/** The stored status of each of `marks`' dates that has one, by markKey. */
async function storedStatuses(tx: Tx, marks: readonly PresensiMark[]): Promise<Map<string, PresensiStatus>> {
  const stored = await tx
    .select({ peserta_id: presensi.peserta_id, tanggal: presensi.tanggal, status: presensi.status })
    .from(presensi)
    .where(marksIn(marks));
  return new Map(stored.map((row) => [markKey(row.peserta_id, row.tanggal), row.status]));
}

/** The marks of `marks` whose status they change: each with the stored status before (null: none). */
function statusChanges(marks: readonly PresensiMark[], before: ReadonlyMap<string, PresensiStatus>): (RiwayatPresensi & { peserta_id: number })[] {
  return [...marks]
    .sort((a, b) => a.peserta_id - b.peserta_id || a.tanggal.localeCompare(b.tanggal))
    .flatMap((mark) => {
      const sebelum = before.get(markKey(mark.peserta_id, mark.tanggal)) ?? null;
      return sebelum === mark.status ? [] : [{ peserta_id: mark.peserta_id, tanggal: mark.tanggal, sebelum, sesudah: mark.status }];
    });
}

/** GET /api/presensi/peserta/:id: a participant's marks by date; 404 unknown, 403 another mentor's. */
export async function readPresensi(db: Db, user: AuthUser, id: number): Promise<StoredMark[]> {
  return db.transaction(
    async (tx) => {
      await readableScope(tx, user, id);
      return tx.select(markColumns).from(presensi).where(eq(presensi.peserta_id, id)).orderBy(asc(presensi.tanggal));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * GET /api/presensi?since=: the marks of the participants `user` reads (a Mentor their own; other
 * roles all), every one, or with `since` only those changed since that cursor; and the cursor of
 * the next pull. Marks of a deleted participant go with it (the participant pull says so).
 */
export async function pullPresensi(db: Db, user: AuthUser, since: number | undefined): Promise<{ data: StoredMark[]; cursor: string }> {
  return db.transaction(
    async (tx) => {
      const cursor = await syncCursor(tx);
      const own = user.role === 'Mentor' ? inArray(presensi.peserta_id, tx.select({ id: peserta.id }).from(peserta).where(eq(peserta.mentor_id, user.id))) : undefined;
      const changed = since === undefined ? undefined : gte(presensi.change_xid, since);
      const data = await tx.select(markColumns).from(presensi).where(and(own, changed)).orderBy(asc(presensi.peserta_id), asc(presensi.tanggal));
      return { data, cursor };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The recap's count of a participant's marks per status: `count(*) filter (where status = …)`. */
const countsByStatus = Object.fromEntries(
  PRESENSI_STATUS.map((status) => [status, sql<number>`count(*) filter (where ${presensi.status} = ${status})`.mapWith(Number)]),
) as Record<PresensiStatus, SQL<number>>;

/**
 * GET /api/presensi/rekap: per participant whose internship meets [from, to] (of the level and
 * division when given), the marks in the period by status, the recorded days, the working days
 * of the internship inside the period and the share present. Two queries whatever the number of
 * participants: the participants, then the marks counted by participant and status.
 */
export async function rekapPresensi(db: Db, query: PresensiRekapQuery, hariKerja: readonly Weekday[]): Promise<RekapRow[]> {
  return db.transaction(
    async (tx) => {
      const where = and(
        lte(peserta.tanggal_masuk, query.to),
        gte(peserta.tanggal_selesai, query.from),
        query.jenjang ? eq(peserta.jenjang, query.jenjang) : undefined,
        query.divisi_id ? eq(peserta.divisi_id, query.divisi_id) : undefined,
      );
      const rows = await tx
        .select({ id: peserta.id, nama: peserta.nama, jenjang: peserta.jenjang, divisi: divisi.nama, tanggal_masuk: peserta.tanggal_masuk, tanggal_selesai: peserta.tanggal_selesai })
        .from(peserta)
        .innerJoin(divisi, eq(divisi.id, peserta.divisi_id))
        .where(where)
        .orderBy(asc(peserta.jenjang), asc(peserta.nama), asc(peserta.id));
      // One group per participant with a count per status (FILTER), not one per participant and
      // status. Without a level or division every mark of the period is grouped, no join with the
      // participants: a mark of someone not listed (an internship since moved out of the period)
      // only makes a group nobody reads. 1.2 million marks of 10,000 participants: ~780 ms by
      // participant and status with the join, ~450 ms so, with the hash in memory (PGlite).
      await raiseWorkMem(tx);
      const narrowed = query.jenjang !== undefined || query.divisi_id !== undefined;
      const counted = await tx
        .select({ peserta_id: presensi.peserta_id, ...countsByStatus })
        .from(presensi)
        .where(
          and(
            between(presensi.tanggal, query.from, query.to),
            narrowed ? inArray(presensi.peserta_id, tx.select({ id: peserta.id }).from(peserta).where(where)) : undefined,
          ),
        )
        .groupBy(presensi.peserta_id);
      const totalsOf = new Map<number, Partial<Record<PresensiStatus, number>>>(counted.map(({ peserta_id, ...totals }) => [peserta_id, totals]));
      return rows.map((row) => {
        const inPeriod = overlap(row, query.from, query.to);
        return {
          peserta_id: row.id,
          nama: row.nama,
          jenjang: row.jenjang,
          divisi: row.divisi,
          ...presensiCounts(totalsOf.get(row.id) ?? {}),
          hari_kerja: inPeriod ? countWorkingDays(inPeriod.from, inPeriod.to, hariKerja) : 0,
        };
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
