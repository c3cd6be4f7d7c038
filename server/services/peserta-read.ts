// Reads of participants in the API shape (src/domain/peserta.ts, scores included), and the `?since=` cursor of incremental
// pulls. A list costs three queries whatever its length: the rows with their institution,
// division, mentor, pembimbing and level details (joins), then the reviews and the scores.
//
// The cursor. Every peserta row and every tombstone carries `change_xid`, the id of the
// transaction that last wrote it (a default on insert, triggers on update and on changes of
// its details, reviews and scores: migration 0002). A pull reads in one REPEATABLE READ
// snapshot and answers with cursor = the smallest transaction id that snapshot does not see
// (about its xmin): every transaction with a smaller id had finished before the pull read, so
// its writes were in that answer. The next pull asks for `change_xid >= cursor`, which covers
// every transaction still running at the first pull or started since, however late it
// commits — nothing is missed when transactions commit out of order. Rows of transactions
// that had committed though their id is ≥ the cursor come again: duplicates, never misses.
// (A timestamp or sequence cursor cannot promise this: both are taken before commit, so a
// slow transaction can commit a smaller value after a pull has passed it.) Transaction ids
// are 64-bit (xid8), so they never wrap.
//
// Pages (`?limit=&after=`). A full pull may come as pages by id, each read in its own snapshot
// with its own cursor. The client keeps the cursor of the FIRST page, the smallest one: every
// write the first page's snapshot did not see has change_xid >= that cursor, so whatever
// changed while the later pages were read — a row on a page already fetched, a row deleted
// between pages (its tombstone), a row inserted with an id below `after` — comes again in the
// next `since` pull. Rows the later pages already carried come twice: duplicates, never misses.
// Keeping the last page's cursor instead would lose a change to page 1 made while page 2 was read.
import { type SQL, and, asc, count, desc, eq, gt, gte, inArray, lt, not, or, sql } from 'drizzle-orm';
import { type PgColumn, alias } from 'drizzle-orm/pg-core';
import { type Review, approvalProgress } from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Peserta } from '../../src/domain/peserta';
import { reviewSteps } from '../../src/domain/peserta-state';
import { type Db, type Tx, rowsOf } from '../db/client';
import { idIn } from '../db/list-params';
import { deletions, divisi, instansi, nilai, peserta, pesertaMahasiswa, pesertaSiswa, reviews, users } from '../db/schema';
import { HttpError } from '../http-error';
import { type WorkingSetViewer, workingSetWhere } from './working-set';

const mentor = alias(users, 'mentor');
const pembimbing = alias(users, 'pembimbing');

/** Up to this many rows their reviews and scores are read by id (one array parameter). */
const BY_ROW_IDS_MAX = 2000;

/**
 * `column` (a participant id of reviews, scores…) names one of `rows`, which were read with
 * `where`: up to BY_ROW_IDS_MAX rows by their ids, probed in the column's index — with a
 * sub-select of the same filter PGlite's planner (which never sees statistics of the join)
 * hashed every review and every score instead: 1,000 rows of 100,000 read in ~260 ms, by ids in
 * ~115 ms. More rows: the sub-select, so `where` must bound the rows by itself.
 */
export function ofPesertaRows(db: Db | Tx, column: PgColumn, rows: readonly { id: number }[], where: SQL | undefined): SQL {
  return rows.length <= BY_ROW_IDS_MAX
    ? idIn(column, rows.map((row) => row.id))
    : inArray(column, db.select({ id: peserta.id }).from(peserta).where(where));
}

/**
 * Participant rows matching `where` in the API shape, by tanggal_masuk then id, newest first
 * (`order: 'id'`: by id ascending, for pages). Beyond BY_ROW_IDS_MAX rows the reviews and scores
 * are read with the same filter as a sub-select, so `where` must bound the rows by itself (a page
 * passes its ids).
 */
export async function selectPeserta(db: Db | Tx, where: SQL | undefined, order: 'newest' | 'id' = 'newest'): Promise<Peserta[]> {
  const rows = await db
    .select({
      id: peserta.id,
      nama: peserta.nama,
      jenjang: peserta.jenjang,
      instansi_id: peserta.instansi_id,
      instansi_nama: instansi.nama,
      divisi_id: peserta.divisi_id,
      divisi_nama: divisi.nama,
      mentor_id: peserta.mentor_id,
      mentor_username: mentor.username,
      pembimbing_id: peserta.pembimbing_id,
      pembimbing_username: pembimbing.username,
      nama_pembimbing: peserta.nama_pembimbing,
      kontak_pembimbing: peserta.kontak_pembimbing,
      tanggal_masuk: peserta.tanggal_masuk,
      tanggal_selesai: peserta.tanggal_selesai,
      updated_at: peserta.updated_at,
    })
    .from(peserta)
    .innerJoin(instansi, eq(instansi.id, peserta.instansi_id))
    .innerJoin(divisi, eq(divisi.id, peserta.divisi_id))
    .leftJoin(mentor, eq(mentor.id, peserta.mentor_id))
    .leftJoin(pembimbing, eq(pembimbing.id, peserta.pembimbing_id))
    .where(where)
    .orderBy(...(order === 'id' ? [asc(peserta.id)] : [desc(peserta.tanggal_masuk), desc(peserta.id)]));
  if (rows.length === 0) return [];

  // The level's details, reviews and scores of every row above, a query each (ofPesertaRows: by
  // id, or the same filter). Joined to the rows instead, PGlite's planner hashed the rows and
  // scanned every detail row (90,000 of 100,000 participants) for a page of 1,000.
  const siswaOf = new Map(
    (
      await db
        .select({ peserta_id: pesertaSiswa.peserta_id, nis: pesertaSiswa.nis, jurusan: pesertaSiswa.jurusan })
        .from(pesertaSiswa)
        .where(ofPesertaRows(db, pesertaSiswa.peserta_id, rows, where))
    ).map(({ peserta_id, ...siswa }) => [peserta_id, siswa]),
  );
  const mahasiswaOf = new Map(
    (
      await db
        .select({ peserta_id: pesertaMahasiswa.peserta_id, nim: pesertaMahasiswa.nim, jurusan: pesertaMahasiswa.jurusan, fakultas: pesertaMahasiswa.fakultas })
        .from(pesertaMahasiswa)
        .where(ofPesertaRows(db, pesertaMahasiswa.peserta_id, rows, where))
    ).map(({ peserta_id, ...mahasiswa }) => [peserta_id, mahasiswa]),
  );

  const reviewRows = await db
    .select({ peserta_id: reviews.peserta_id, role_reviewer: reviews.role_reviewer, status: reviews.status, catatan: reviews.catatan })
    .from(reviews)
    .where(ofPesertaRows(db, reviews.peserta_id, rows, where));
  const reviewsOf = new Map<number, Review[]>();
  for (const { peserta_id, ...review } of reviewRows) {
    const list = reviewsOf.get(peserta_id);
    if (list) list.push(review);
    else reviewsOf.set(peserta_id, [review]);
  }

  // And one for their scores.
  const nilaiRows = await db
    .select({ peserta_id: nilai.peserta_id, kompetensi_id: nilai.kompetensi_id, skor: nilai.skor })
    .from(nilai)
    .where(ofPesertaRows(db, nilai.peserta_id, rows, where))
    .orderBy(nilai.peserta_id, nilai.kompetensi_id);
  const nilaiOf = new Map<number, { kompetensi_id: number; skor: number }[]>();
  for (const { peserta_id, ...score } of nilaiRows) {
    const list = nilaiOf.get(peserta_id);
    if (list) list.push(score);
    else nilaiOf.set(peserta_id, [score]);
  }

  return rows.map((row) => {
    const steps = reviewSteps(reviewsOf.get(row.id) ?? []);
    return {
      id: row.id,
      nama: row.nama,
      jenjang: row.jenjang,
      instansi_id: row.instansi_id,
      instansi: { nama: row.instansi_nama },
      divisi_id: row.divisi_id,
      divisi: { id: row.divisi_id, nama: row.divisi_nama },
      mentor_id: row.mentor_id,
      mentor: row.mentor_username === null ? null : { username: row.mentor_username },
      pembimbing_id: row.pembimbing_id,
      pembimbing: row.pembimbing_username === null ? null : { username: row.pembimbing_username },
      nama_pembimbing: row.nama_pembimbing,
      kontak_pembimbing: row.kontak_pembimbing,
      tanggal_masuk: row.tanggal_masuk,
      tanggal_selesai: row.tanggal_selesai,
      siswa: row.jenjang === 'SMK' ? (siswaOf.get(row.id) ?? null) : null,
      mahasiswa: row.jenjang === 'Mahasiswa' ? (mahasiswaOf.get(row.id) ?? null) : null,
      status: { is_complete: approvalProgress(steps).complete },
      reviews: steps,
      nilai: nilaiOf.get(row.id) ?? [],
      updated_at: row.updated_at.toISOString(),
    };
  });
}

/** One participant in the API shape; 404 for an unknown id. */
export async function getPeserta(db: Db | Tx, id: number): Promise<Peserta> {
  const [row] = await selectPeserta(db, eq(peserta.id, id));
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row;
}

/** Participants (of one level when given) with a cursor for later `since` pulls. */
interface PesertaPull {
  data: Peserta[];
  /** Ids deleted since the cursor asked with; only for `since` pulls. */
  deleted?: number[];
  /** With a working set, on `since` pulls: ids that are no longer in it (ascending). */
  keluar?: number[];
  cursor: string;
}

/**
 * A pull of one role's working set (`lingkup=kerja`): its window's first end date today and,
 * on a `since` pull, the `batas` the device got last time (rows between the two entered or
 * left the set by time alone, without a write).
 */
export interface WorkingSetFilter {
  viewer: WorkingSetViewer;
  batas: string;
  previous?: string | undefined;
}

/**
 * The cursor of a pull (see the header): the smallest transaction id this snapshot does not
 * see — its xmax, or a lower transaction still running. Running transactions of OTHER
 * databases of the same server are left out: they cannot write our tables, and counting them
 * would only re-send rows. The running-list (pg_stat_activity) is read after the snapshot, so a
 * transaction it no longer shows, or does not show to us, is counted: never a miss.
 * backend_xid is 32-bit, the snapshot's ids 64-bit: they are compared modulo 2^32.
 */
export async function syncCursor(tx: Tx): Promise<string> {
  const result = await tx.execute<{ cursor: string }>(sql`
    select least(
      pg_snapshot_xmax(s.snap)::text::bigint,
      (select min(x::text::bigint) from pg_snapshot_xip(s.snap) as x
        where (x::text::bigint % 4294967296) not in (
          select a.backend_xid::text::bigint from pg_stat_activity a
          where a.backend_xid is not null
            and a.datid is distinct from (select d.oid from pg_database d where d.datname = current_database())))
    )::text as cursor
    from (select pg_current_snapshot() as snap) s`);
  // postgres.js answers an array of rows, PGlite an object with `rows`.
  const rows = rowsOf<{ cursor: string }>(result);
  const cursor = rows[0]?.cursor;
  if (!cursor) throw new Error('no snapshot cursor');
  return cursor;
}

/** Up to this many changed participants a `since` pull reads them by id (one bound parameter each). */
export const PULL_BY_ID_MAX = 1000;

/** The ids of participants deleted since the cursor `since` (their tombstones), ascending. */
export async function deletedSince(tx: Tx, since: number): Promise<number[]> {
  const gone = await tx
    .selectDistinct({ id: deletions.entity_id })
    .from(deletions)
    .where(and(eq(deletions.entity, 'peserta'), gte(deletions.change_xid, since)));
  return gone.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * GET /api/peserta: every participant of `jenjang` (both levels when absent), or with `since`
 * only those changed since that cursor plus the ids deleted since (tombstones of any level:
 * the row is gone, so its level is unknown; a client drops the ids it holds). With `kerja` only
 * the role's working set, and a `since` pull also names the ids that left it (`keluar`).
 */
export async function pullPeserta(
  db: Db,
  filter: { jenjang?: Jenjang | undefined; since?: string | undefined; kerja?: WorkingSetFilter | undefined },
): Promise<PesertaPull> {
  // One snapshot for the cursor and every read: REPEATABLE READ, read only.
  return db.transaction(
    async (tx) => {
      // The cursor first: the reads below see at least everything this xmin promises.
      const cursor = await syncCursor(tx);
      const since = filter.since === undefined ? undefined : Number(filter.since);
      const level = filter.jenjang ? eq(peserta.jenjang, filter.jenjang) : undefined;
      const inSet = filter.kerja ? workingSetWhere(filter.kerja.viewer, filter.kerja.batas) : undefined;
      if (since === undefined) return { data: await selectPeserta(tx, and(level, inSet)), cursor };
      const deleted = await deletedSince(tx, since);
      if (filter.kerja && inSet) return { ...(await pullWorkingSet(tx, level, inSet, since, filter.kerja)), deleted, cursor };
      // The changed ids first (index on change_xid), then their rows by primary key: the reviews
      // and scores of a few ids are read by index whatever the planner's statistics say (PGlite
      // never analyses on its own), where a sub-select by change_xid could scan every score.
      const changed = await tx
        .select({ id: peserta.id })
        .from(peserta)
        .where(and(level, gte(peserta.change_xid, since)));
      const ids = changed.map((row) => row.id);
      // Many changed (an import): one pass by change_xid, where a scan is the right plan anyway.
      const data =
        ids.length === 0
          ? []
          : await selectPeserta(tx, ids.length <= PULL_BY_ID_MAX ? idIn(peserta.id, ids) : and(level, gte(peserta.change_xid, since)));
      return { data, deleted, cursor };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The `since` pull of a working set: `data` = rows in the set now that changed since the cursor,
 * plus rows in it that ended in [batas, previous) (the window grew); `keluar` = ids outside the
 * set now that changed since the cursor, plus those outside that ended in [previous, batas) (they
 * left by time). Without `previous` only the changed rows count.
 */
async function pullWorkingSet(
  tx: Tx,
  level: SQL | undefined,
  inSet: SQL,
  since: number,
  kerja: WorkingSetFilter,
): Promise<{ data: Peserta[]; keluar: number[] }> {
  const changedSince = gte(peserta.change_xid, since);
  const changed = await tx
    .select({ id: peserta.id, inside: sql<boolean>`${inSet}` })
    .from(peserta)
    .where(and(level, changedSince));
  const enteredIds = new Set(changed.filter((row) => row.inside).map((row) => row.id));
  const keluar = new Set(changed.filter((row) => !row.inside).map((row) => row.id));
  const { batas, previous } = kerja;
  let grew: SQL | undefined;
  if (previous !== undefined && previous > batas) {
    grew = and(gte(peserta.tanggal_selesai, batas), lt(peserta.tanggal_selesai, previous));
    const rows = await tx.select({ id: peserta.id }).from(peserta).where(and(level, inSet, grew));
    for (const row of rows) enteredIds.add(row.id);
  }
  if (previous !== undefined && previous < batas) {
    const rows = await tx
      .select({ id: peserta.id })
      .from(peserta)
      .where(and(level, not(inSet), gte(peserta.tanggal_selesai, previous), lt(peserta.tanggal_selesai, batas)));
    for (const row of rows) keluar.add(row.id);
  }
  const ids = [...enteredIds];
  const data =
    ids.length === 0
      ? []
      : await selectPeserta(tx, ids.length <= PULL_BY_ID_MAX ? idIn(peserta.id, ids) : and(level, inSet, grew ? or(changedSince, grew) : changedSince));
  return { data, keluar: [...keluar].sort((a, b) => a - b) };
}

/** One page of the full list: rows with id > `after` by id, a cursor, the next `after` and (first page) the total. */
interface PesertaPage {
  data: Peserta[];
  cursor: string;
  /** The last id of this page, to ask the following one with; null on the last page. */
  next: number | null;
  /** Every participant matching the level; only on the first page (no `after`). */
  total?: number;
}

/**
 * GET /api/peserta?limit=&after=: at most `limit` participants (of `jenjang` when given) with
 * id > `after`, by id ascending. The ids come first (primary-key range, limit + 1 to know
 * whether a page follows), then the rows, reviews and scores of those ids only, so a deep page
 * costs what the first does. The cursor: see the header (a client keeps the first page's).
 */
export async function pagePeserta(
  db: Db,
  filter: { jenjang?: Jenjang | undefined; limit: number; after?: number | undefined; kerja?: WorkingSetFilter | undefined },
): Promise<PesertaPage> {
  return db.transaction(
    async (tx) => {
      const cursor = await syncCursor(tx);
      const inSet = filter.kerja ? workingSetWhere(filter.kerja.viewer, filter.kerja.batas) : undefined;
      const matching = and(filter.jenjang ? eq(peserta.jenjang, filter.jenjang) : undefined, inSet);
      const idRows = await tx
        .select({ id: peserta.id })
        .from(peserta)
        .where(and(matching, filter.after === undefined ? undefined : gt(peserta.id, filter.after)))
        .orderBy(asc(peserta.id))
        .limit(filter.limit + 1);
      const ids = idRows.slice(0, filter.limit).map((row) => row.id);
      const data = ids.length === 0 ? [] : await selectPeserta(tx, idIn(peserta.id, ids), 'id');
      const next = idRows.length > filter.limit ? (ids.at(-1) ?? null) : null;
      if (filter.after !== undefined) return { data, cursor, next };
      const [counted] = await tx.select({ total: count() }).from(peserta).where(matching);
      return { data, cursor, next, total: counted?.total ?? 0 };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
