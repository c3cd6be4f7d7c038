/**
 * Participant pulls: refresh the peserta, nilai and reviews mirror tables from the API, and
 * keep the changes still queued in the outbox applied on top (mirror = server + pending).
 * Pembimbing, HR and BusHead pull GET /api/peserta incrementally (`?since=` cursor in meta);
 * their first pull (no cursor) follows pages of PESERTA_PULL_PAGE_ROWS by id, writing each page
 * as it comes, and stores the cursor only once the last page is written — an interrupted first
 * pull starts over, never leaving a hole behind a cursor. Pulls of one mirror run one at a time.
 * A Mentor pulls its own participants from GET /api/nilai/mentor/peserta (a full refresh).
 * Lives in src/sync, not src/db, because re-applying queued changes is the outbox's business.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { getCursor, getMirrorOwner, getSession, setCursor } from '@/db/meta';
import { holdsRows } from '@/db/mirror';
import type { NilaiRecord, PesertaRecord, ReviewRecord } from '@/db/records';
import { changeFamily } from '@/domain/outbox';
import { pesertaListResponseSchema, pesertaPageResponseSchema, pesertaSchema } from '@/domain/peserta';
import { reapplyQueued, serverRows, showsInMirror } from './peserta-state';
import { dropPresensiExcept, dropPresensiOf } from './presensi-mirror';

const mentorListSchema = lazySchema(() => z.object({
  data: z.array(pesertaSchema.extend({ kompetensi_count: z.number().int().optional() })),
}));

/** Rows per page of a first pull: one page's request and Dexie write stay short. */
const PESERTA_PULL_PAGE_ROWS = 1000;
/** Rows of a first pull's first page: small, so the first rows are on screen soon. */
const PESERTA_PULL_FIRST_PAGE_ROWS = 200;

/** Progress of a first (paged) pull: rows written so far and the server's total. */
export interface PesertaPullProgress {
  loaded: number;
  total: number;
}

/** Options of a participant pull. */
interface PesertaPullOptions {
  /** Called after each page of a first pull is written (not for `since` pulls). */
  onProgress?: (loaded: number, total: number) => void;
  /** Rows per page of a first pull (default PESERTA_PULL_PAGE_ROWS; the first page PESERTA_PULL_FIRST_PAGE_ROWS). */
  pageRows?: number;
}

/** What a pull changed. */
export interface PesertaPullResult {
  /** Rows written (all rows on a full pull). */
  changed: number;
  /** Rows removed. */
  deleted: number;
  full: boolean;
}

/** The scores and review steps the pulled participants carry, as rows of the mirror's own tables. */
function mirrorRowsOf(rows: readonly PesertaRecord[]): { nilai: NilaiRecord[]; reviews: ReviewRecord[] } {
  const nilai: NilaiRecord[] = [];
  const reviews: ReviewRecord[] = [];
  for (const row of rows) {
    const scores = (row.nilai ?? []).map((score) => ({ peserta_id: row.id, kompetensi_id: score.kompetensi_id, skor: score.skor }));
    const state = serverRows(row.id, { nilai: scores, reviews: row.reviews ?? [] });
    nilai.push(...state.nilai);
    reviews.push(...state.reviews);
  }
  return { nilai, reviews };
}

/**
 * Writes server rows (replacing the whole table when `full`), removes `deletedIds`, then
 * re-applies every queued change of the touched participants, all in one transaction.
 * With `sessionToken` given, writes nothing (and answers false) unless the stored session
 * still has that token — checked in the same transaction as the write, so a logout that
 * clears the mirror comes wholly before or after it.
 */
async function writeRows(
  db: MagangDb,
  rows: readonly PesertaRecord[],
  deletedIds: readonly number[],
  full: boolean,
  sessionToken?: string | null,
  onlyPage = true,
): Promise<boolean> {
  return db.transaction('rw', [db.peserta, db.nilai, db.reviews, db.presensi, db.outbox, db.meta], async () => {
    if (sessionToken !== undefined && ((await getSession(db))?.token ?? null) !== sessionToken) return false;
    const ids = rows.map((row) => row.id);
    // A participant who leaves the mirror takes its attendance marks along: deleted, or (a
    // mentor's full list) no longer the mentor's. A paged first pull's later pages only add.
    if (full && onlyPage) await dropPresensiExcept(db, new Set(ids));
    await dropPresensiOf(db, deletedIds);
    const { nilai, reviews } = mirrorRowsOf(rows);
    // The owner's queued changes are laid over the pulled rows below: with none queued, a full
    // pull that brings what the mirror holds writes nothing (no live query reads again).
    const owner = await getMirrorOwner(db);
    const queued = (await db.outbox.orderBy('seq').toArray()).filter((entry) => showsInMirror(entry, owner));
    if (full && queued.length === 0 && (await holdsRows(db.peserta, rows)) && (await holdsRows(db.nilai, nilai)) && (await holdsRows(db.reviews, reviews))) {
      return true;
    }
    if (full) {
      await Promise.all([db.peserta.clear(), db.nilai.clear(), db.reviews.clear()]);
    } else {
      const gone = [...ids, ...deletedIds];
      await db.peserta.bulkDelete([...deletedIds]);
      await db.nilai.where('peserta_id').anyOf(gone).delete();
      await db.reviews.where('peserta_id').anyOf(gone).delete();
    }
    await db.peserta.bulkPut([...rows]);
    await db.nilai.bulkPut(nilai);
    await db.reviews.bulkPut(reviews);

    // The pulled rows are the base: lay every still-queued change of those participants over them.
    const touched = full ? null : new Set(ids);
    const relaid = queued.filter((entry) => changeFamily(entry.kind) === 'scores' && (touched === null || touched.has(entry.pesertaId)));
    for (const pesertaId of new Set(relaid.map((entry) => entry.pesertaId))) await reapplyQueued(db, pesertaId);
    return true;
  });
}

// The first pull running now (null when none): screens that mount during it show its progress.
let firstPull: PesertaPullProgress | null = null;
const progressListeners = new Set<() => void>();

function reportFirstPull(progress: PesertaPullProgress | null): void {
  firstPull = progress;
  for (const listener of progressListeners) listener();
}

/** The progress of the first (paged) pull running now, or null when none runs. */
export function currentPesertaPullProgress(): PesertaPullProgress | null {
  return firstPull;
}

/** Calls `listener` whenever the first pull's progress changes; returns the unsubscribe. */
export function subscribePesertaPullProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

// Pulls of one mirror run one after another: two first pulls interleaving their pages (one
// clearing the tables while the other writes) could keep a row the stored cursor no longer
// re-sends. The second pull then usually finds the cursor and asks only for changes.
const pullQueue = new WeakMap<MagangDb, Promise<unknown>>();

/**
 * GET /api/peserta: the first pull (no cursor) reads every page `?limit=&after=`, clearing the
 * tables before page 1 and adding the others; later ones ask `?since=cursor` in one request and
 * apply only the changed rows and the deletions. Rejects with the client's error.
 */
export function pullPesertaMirror(api: ApiClient, db: MagangDb, options: PesertaPullOptions = {}): Promise<PesertaPullResult> {
  const previous = pullQueue.get(db) ?? Promise.resolve();
  const pull = previous.catch(() => undefined).then(() => pullOnce(api, db, options));
  pullQueue.set(db, pull);
  void pull.catch(() => undefined).finally(() => {
    if (pullQueue.get(db) === pull) pullQueue.delete(db);
  });
  return pull;
}

async function pullOnce(api: ApiClient, db: MagangDb, options: PesertaPullOptions): Promise<PesertaPullResult> {
  const cursor = await getCursor(db, 'peserta');
  if (cursor === null) return pullAllPages(api, db, options);
  const answer = await api.get(`/api/peserta?since=${encodeURIComponent(cursor)}`, pesertaListResponseSchema);
  const deleted = answer.deleted ?? [];
  await writeRows(db, answer.data, deleted, false);
  await setCursor(db, 'peserta', answer.cursor);
  return { changed: answer.data.length, deleted: deleted.length, full: false };
}

async function pullAllPages(api: ApiClient, db: MagangDb, options: PesertaPullOptions): Promise<PesertaPullResult> {
  const pageRows = options.pageRows ?? PESERTA_PULL_PAGE_ROWS;
  const firstRows = options.pageRows ?? PESERTA_PULL_FIRST_PAGE_ROWS;
  const fetchPage = (after: number | null, rows: number) =>
    api.get(`/api/peserta?limit=${rows}${after === null ? '' : `&after=${after}`}`, pesertaPageResponseSchema);
  // Each page is read in its own snapshot; the first page's cursor is the smallest, and every
  // change the later pages may have missed (an edit or a deletion on a page already written)
  // comes again in the next since pull from it (see server/services/peserta-read.ts).
  let sinceCursor: string | null = null;
  let first = true;
  // A logout (or another login) while pages arrive clears the mirror: the pages still coming
  // belong to that session and must not be written into the next one's empty mirror.
  const token = (await getSession(db))?.token ?? null;
  let loaded = 0;
  let total = 0;
  reportFirstPull({ loaded, total });
  try {
    let request = fetchPage(null, firstRows);
    for (;;) {
      const answer = await request;
      sinceCursor ??= answer.cursor;
      total = Math.max(answer.total ?? total, loaded + answer.data.length);
      // The next page is asked for while this one is written (one request ahead, no more).
      const following = answer.next === null ? null : fetchPage(answer.next, pageRows);
      following?.catch(() => undefined); // awaited below; a failed write must not leave it unhandled
      if (!(await writeRows(db, answer.data, [], first, token, answer.next === null))) return { changed: loaded, deleted: 0, full: true };
      first = false;
      loaded += answer.data.length;
      reportFirstPull({ loaded, total });
      options.onProgress?.(loaded, total);
      if (following === null) break;
      request = following;
    }
  } finally {
    reportFirstPull(null);
  }
  // Only now: a pull cut off between pages leaves no cursor, so the next one starts over.
  await db.transaction('rw', db.meta, async () => {
    if (((await getSession(db))?.token ?? null) === token) await setCursor(db, 'peserta', sinceCursor);
  });
  return { changed: loaded, deleted: 0, full: true };
}

/** GET /api/nilai/mentor/peserta: replaces the mirror with the mentor's own participants. */
export async function pullMentorPeserta(api: ApiClient, db: MagangDb): Promise<PesertaPullResult> {
  const answer = await api.get('/api/nilai/mentor/peserta', mentorListSchema);
  await writeRows(db, answer.data, [], true);
  return { changed: answer.data.length, deleted: 0, full: true };
}
