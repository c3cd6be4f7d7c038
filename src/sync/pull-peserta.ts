/**
 * Participant pulls: refresh the peserta, nilai and reviews mirror tables from the API, and
 * keep the changes still queued in the outbox applied on top (mirror = server + pending).
 * Every pull asks only the working set (`lingkup=kerja`, src/domain/working-set.ts).
 * Pembimbing, HR and BusHead pull GET /api/peserta incrementally (`?since=` cursor in meta, sent
 * with the working set's `batas` the previous answer gave, kept next to it); their first pull
 * (no cursor, or no batas: a mirror filled before the working set) follows pages of
 * PESERTA_PULL_PAGE_ROWS by id, writing each page as it comes, and stores the cursor and batas
 * only with the last page — an interrupted first pull starts over, never leaving a hole behind a
 * cursor. A `since` answer's `keluar` participants leave the mirror unless a queued change still
 * refers to them (working-set-mirror.ts). Pulls of one mirror run one at a time.
 * A Mentor pulls its own participants from GET /api/nilai/mentor/peserta (a full refresh, which
 * keeps the participants a queued change refers to).
 * Lives in src/sync, not src/db, because re-applying queued changes is the outbox's business.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import type { ApiClient } from '@/api/client';
import type { MagangDb } from '@/db/db';
import { getCursor, getMirrorOwner, getPesertaBatas, getRetainedPeserta, getSession, setCursor, setPesertaBatas, setRetainedPeserta } from '@/db/meta';
import { holdsRows } from '@/db/mirror';
import type { NilaiRecord, PesertaRecord, ReviewRecord } from '@/db/records';
import { changeFamily } from '@/domain/outbox';
import { pesertaListResponseSchema, pesertaPageResponseSchema, pesertaSchema } from '@/domain/peserta';
import { LINGKUP_KERJA } from '@/domain/working-set';
import { reapplyQueued, serverRows, showsInMirror } from './peserta-state';
import { clearParticipantsExcept, dropDetailsExcept, dropParticipants, heldByQueued, settleWorkingSet } from './working-set-mirror';

const mentorListSchema = lazySchema(() => z.object({
  data: z.array(pesertaSchema.extend({ kompetensi_count: z.number().int().optional() })),
  batas: z.string().optional(),
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

/** One write of pulled participants. */
interface PulledBatch {
  rows: readonly PesertaRecord[];
  /**
   * 'replace': the first (or only) page of a full pull, which replaces the mirror (participants
   * a queued change refers to stay); 'page': a later page of it, which adds; 'changes': a `since`
   * pull, which applies changed rows, deletions and departures from the working set.
   */
  kind: 'replace' | 'page' | 'changes';
  /** The last page of a full pull: the marks and history of participants no longer mirrored go. */
  last?: boolean;
  /** Deleted on the server ('changes'). */
  deleted?: readonly number[];
  /** Left the working set ('changes'). */
  keluar?: readonly number[];
  /** The working set's first end date the answer gave, judged against by the retained participants ('changes'). */
  batas?: string | null;
  /** Writes nothing (answers null) unless the stored session still has this token. */
  sessionToken?: string | null;
  /** Meta written in the same transaction once the rows are (the cursor and batas). */
  finish?: () => Promise<void>;
}

/**
 * Writes one batch of pulled rows, then re-applies every queued change of the touched
 * participants, all in one transaction; answers how many participants left the mirror. With
 * `sessionToken` given, writes nothing (and answers null) unless the stored session still has
 * that token — checked in the same transaction as the write, so a logout that clears the
 * mirror comes wholly before or after it.
 */
async function writeRows(db: MagangDb, batch: PulledBatch): Promise<number | null> {
  // kompetensi, notifikasi and sertifikat are read only: what the rule judges retained participants by.
  const tables = [db.peserta, db.nilai, db.reviews, db.presensi, db.riwayat, db.outbox, db.meta, db.kompetensi, db.notifikasi, db.sertifikat];
  return db.transaction('rw', tables, async () => {
    if (batch.sessionToken !== undefined && ((await getSession(db))?.token ?? null) !== batch.sessionToken) return null;
    const { rows, kind } = batch;
    const ids = new Set(rows.map((row) => row.id));
    const deletedIds = batch.deleted ?? [];
    // The participants a queued change of the owner refers to (a later page of a full pull needs none).
    const held = kind === 'page' ? new Set<number>() : await heldByQueued(db);
    // A participant deleted on the server leaves the mirror with its marks and history.
    await dropParticipants(db, deletedIds);
    const { nilai, reviews } = mirrorRowsOf(rows);
    // Participants a full pull no longer brings but a queued change of the owner refers to stay.
    const heldRows = kind === 'replace' ? await db.peserta.bulkGet([...held]) : [];
    const kept = heldRows.filter((row) => row !== undefined).map((row) => row.id).filter((id) => !ids.has(id));
    // A full pull's participants (and those kept) are the mirror now: the others' marks and history go.
    if (kind === 'replace' && batch.last) await dropDetailsExcept(db, new Set([...ids, ...kept]));
    // The owner's queued changes are laid over the pulled rows below: with none queued, a full
    // pull that brings what the mirror holds writes nothing (no live query reads again).
    const owner = await getMirrorOwner(db);
    const queued = (await db.outbox.orderBy('seq').toArray()).filter((entry) => showsInMirror(entry, owner));
    const unchanged =
      kind === 'replace' && queued.length === 0 && kept.length === 0 &&
      (await holdsRows(db.peserta, rows)) && (await holdsRows(db.nilai, nilai)) && (await holdsRows(db.reviews, reviews));
    if (!unchanged) {
      if (kind === 'replace') {
        await clearParticipantsExcept(db, new Set(kept));
      } else {
        await db.nilai.where('peserta_id').anyOf([...ids]).delete();
        await db.reviews.where('peserta_id').anyOf([...ids]).delete();
      }
      await db.peserta.bulkPut([...rows]);
      await db.nilai.bulkPut(nilai);
      await db.reviews.bulkPut(reviews);
      // The pulled rows are the base: lay every still-queued change of those participants over
      // them (a kept participant's rows already show its changes).
      const relaid = queued.filter((entry) => changeFamily(entry.kind) === 'scores' && ids.has(entry.pesertaId));
      for (const pesertaId of new Set(relaid.map((entry) => entry.pesertaId))) await reapplyQueued(db, pesertaId);
    }

    let left = 0;
    if (kind === 'replace') await setRetainedPeserta(db, kept);
    else if (kind === 'page') await setRetainedPeserta(db, (await getRetainedPeserta(db)).filter((id) => !ids.has(id)));
    else left = await settleWorkingSet(db, { sent: [...ids], deleted: deletedIds, keluar: batch.keluar ?? [], batas: batch.batas ?? null }, held);
    // The last page of a paged full pull: the mirror is its pages and the kept participants.
    if (kind === 'page' && batch.last) await dropDetailsExcept(db, new Set(await db.peserta.toCollection().primaryKeys()));
    await batch.finish?.();
    return left;
  });
}

/**
 * Brings one participant of the server's archive into the mirror, as a `since` pull bringing
 * that row would (queued changes laid over it): the user is about to act on it, and every action
 * goes through the mirror and the outbox. It stays while a queued change refers to it, and
 * leaves as any other row when the working set says so.
 */
export async function mirrorArchivedPeserta(db: MagangDb, row: PesertaRecord): Promise<void> {
  await writeRows(db, { rows: [row], kind: 'changes', deleted: [], keluar: [], batas: null });
}

/**
 * A mentor's own participant outside its working set (a notification's link whose notice was read
 * elsewhere): found in the whole own list (GET /api/nilai/mentor/peserta, kept on the server) and
 * brought into the mirror like an archive row. Answers whether the mentor has it.
 */
export async function mirrorMentorPeserta(api: ApiClient, db: MagangDb, id: number): Promise<boolean> {
  const answer = await api.get('/api/nilai/mentor/peserta', mentorListSchema);
  const row = answer.data.find((candidate) => candidate.id === id);
  if (!row) return false;
  await mirrorArchivedPeserta(db, row);
  return true;
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
  const [cursor, batas] = await Promise.all([getCursor(db, 'peserta'), getPesertaBatas(db)]);
  // No batas: a mirror filled before the working set (every participant) pulls in full once.
  if (cursor === null || batas === null) return pullAllPages(api, db, options);
  const token = (await getSession(db))?.token ?? null;
  const answer = await api.get(`/api/peserta?lingkup=${LINGKUP_KERJA}&since=${encodeURIComponent(cursor)}&batas=${encodeURIComponent(batas)}`, pesertaListResponseSchema);
  const deleted = answer.deleted ?? [];
  const nextBatas = answer.batas ?? batas;
  const left = await writeRows(db, {
    rows: answer.data,
    kind: 'changes',
    deleted,
    keluar: answer.keluar ?? [],
    batas: nextBatas,
    sessionToken: token,
    finish: async () => {
      await setCursor(db, 'peserta', answer.cursor);
      await setPesertaBatas(db, nextBatas);
    },
  });
  return { changed: answer.data.length, deleted: deleted.length + (left ?? 0), full: false };
}

async function pullAllPages(api: ApiClient, db: MagangDb, options: PesertaPullOptions): Promise<PesertaPullResult> {
  const pageRows = options.pageRows ?? PESERTA_PULL_PAGE_ROWS;
  const firstRows = options.pageRows ?? PESERTA_PULL_FIRST_PAGE_ROWS;
  const fetchPage = (after: number | null, rows: number) =>
    api.get(`/api/peserta?lingkup=${LINGKUP_KERJA}&limit=${rows}${after === null ? '' : `&after=${after}`}`, pesertaPageResponseSchema);
  // Each page is read in its own snapshot; the first page's cursor is the smallest, and every
  // change the later pages may have missed (an edit or a deletion on a page already written)
  // comes again in the next since pull from it (see server/services/peserta-read.ts).
  let sinceCursor: string | null = null;
  let batas: string | null = null;
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
      const cursor: string = (sinceCursor ??= answer.cursor);
      batas ??= answer.batas ?? null;
      const windowEnd = batas;
      total = Math.max(answer.total ?? total, loaded + answer.data.length);
      // The next page is asked for while this one is written (one request ahead, no more).
      const following = answer.next === null ? null : fetchPage(answer.next, pageRows);
      following?.catch(() => undefined); // awaited below; a failed write must not leave it unhandled
      // Only with the last page: a pull cut off between pages leaves no cursor, so the next one starts over.
      const finish = async () => {
        await setCursor(db, 'peserta', cursor);
        if (windowEnd !== null) await setPesertaBatas(db, windowEnd);
      };
      const last = following === null;
      const batch: PulledBatch = { rows: answer.data, kind: first ? 'replace' : 'page', last, sessionToken: token, ...(last ? { finish } : {}) };
      if ((await writeRows(db, batch)) === null) return { changed: loaded, deleted: 0, full: true };
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
  return { changed: loaded, deleted: 0, full: true };
}

/**
 * GET /api/nilai/mentor/peserta?lingkup=kerja: replaces the mirror with the mentor's own
 * participants in its working set; those a queued change of the mentor still refers to stay.
 */
export async function pullMentorPeserta(api: ApiClient, db: MagangDb): Promise<PesertaPullResult> {
  const answer = await api.get(`/api/nilai/mentor/peserta?lingkup=${LINGKUP_KERJA}`, mentorListSchema);
  await writeRows(db, { rows: answer.data, kind: 'replace', last: true });
  return { changed: answer.data.length, deleted: 0, full: true };
}
