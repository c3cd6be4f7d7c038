// A whole list of participant rows (the full participant list, the full certificate list)
// kept per level between requests, so that an unchanged list costs no query at all and a
// changed one costs what changed rather than what exists:
//  - Current while the change feed (server/db/change-feed.ts) reports no write of the kinds
//    the list depends on since the kept copy's read began.
//  - After participant writes (kind 'peserta': a participant, its details, reviews, scores or
//    certificates): the source reads the rows changed since the kept cursor (see
//    peserta-read.ts), merged by id and re-sorted. If no row really differs, the copy — bytes,
//    cursor, ETag — stays.
//  - After a change of a kind the source rereads on (a rename, a signer), or with nothing kept:
//    read whole, one snapshot, in slices.
// Rows are kept as their JSON bytes and their SHA-256; the answer `{"data":[…]<tail>}` is their
// concatenation, with a tail the route gives per request (the cursor, the organisation) — a
// different tail assembles the kept rows again, no query. The ETag is a hash of the level, the
// rows' digests in order and the tail, so every instance on one PostgreSQL gives the same ETag
// for the same list. The compressed copies are made on libuv's threads, off the event loop.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, ChangeStamp, DataChangeKind } from '../db/change-feed';
import { type SQL, gte, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { peserta } from '../db/schema';
import { PULL_BY_ID_MAX, deletedSince, syncCursor } from './peserta-read';

/**
 * Brotli quality of the kept copies: made once per version, so a little higher than on-the-fly —
 * but a list over LARGE_LIST_BYTES (the whole certificate list at 100,000 participants, ~180 MB)
 * takes a lower one, or every change would cost its next reader ~1.7 s of compression (quality 5)
 * rather than ~0.6 s (3), for an answer ~15 % larger.
 */
const LIST_BROTLI_QUALITY = 5;
const LARGE_LIST_BROTLI_QUALITY = 3;
const LARGE_LIST_BYTES = 32 * 1024 * 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A content coding the list is kept in. */
type ListEncoding = 'br' | 'gzip';

/** One version of the list: its JSON and, made on first demand, its compressed copies. */
export class CachedList {
  private readonly variants = new Map<ListEncoding, Promise<Buffer>>();
  constructor(readonly json: Buffer) {}

  /** The JSON bytes in `encoding` (compressed once, on a libuv thread, then kept). */
  encoded(encoding: ListEncoding): Promise<Buffer> {
    let bytes = this.variants.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliAsync(this.json, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: this.json.length > LARGE_LIST_BYTES ? LARGE_LIST_BROTLI_QUALITY : LIST_BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : gzipAsync(this.json, { level: 6 });
      this.variants.set(encoding, bytes);
    }
    return bytes;
  }
}

/** What a list route answers: 304 for a client holding this version, else the list. */
type ListAnswer = { etag: string; notModified: true } | { etag: string; notModified: false; list: CachedList };

/** True when an If-None-Match header names `etag` (or is '*'). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}

/**
 * The coding to send to a client by its Accept-Encoding: br, else gzip, else none. A coding
 * with q=0 is refused; absent header or only identity → none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ListEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Sends a kept list: its ETag, 304 when the client holds it, else its bytes in the client's coding. */
export async function sendKeptList(request: FastifyRequest, reply: FastifyReply, answer: ListAnswer): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
  if (answer.notModified) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.list.json);
  // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(await answer.list.encoded(encoding));
}

/**
 * A kept row: its JSON as UTF-8 bytes, their SHA-256 (the list's ETag hashes these, not every
 * byte again) and what the list is sorted by (`tanggal_masuk`).
 */
export interface KeptRow {
  json: Buffer;
  digest: Buffer;
  tanggalMasuk: string;
}

/** A row of a kept list as its source reads it: a participant's, by id, sorted by `tanggal_masuk`. */
interface ListedRow {
  id: number;
  tanggal_masuk: string;
}

export function keptRow(row: ListedRow): KeptRow {
  const json = Buffer.from(JSON.stringify(row));
  return { json, digest: createHash('sha256').update(json).digest(), tanggalMasuk: row.tanggal_masuk };
}

/** The rows of a list read whole, with the cursor of the snapshot they were read in. */
interface WholeRead {
  rows: Map<number, KeptRow>;
  /** The ids in the list's order. */
  order: number[];
  cursor: string;
}

/** What changed since a cursor: each changed id's row now, or null when it left the list. */
interface ChangesRead {
  changed: Map<number, KeptRow | null>;
  cursor: string;
}

/**
 * readChanges of a list whose rows are read by a WHERE on participants: every participant
 * changed since `since` — of any level or mentor, so that one that moved leaves the list — or
 * deleted since is gone unless `rowsWhere` still gives its row. One read-only snapshot.
 */
export function changedParticipants(
  db: Db,
  since: string,
  rowsWhere: (tx: Tx, which: SQL) => Promise<ListedRow[]>,
): Promise<ChangesRead> {
  return db.transaction(
    async (tx) => {
      const cursor = await syncCursor(tx);
      const from = Number(since);
      const changedIds = (await tx.select({ id: peserta.id }).from(peserta).where(gte(peserta.change_xid, from))).map((row) => row.id);
      const changed = new Map<number, KeptRow | null>();
      for (const id of [...changedIds, ...(await deletedSince(tx, from))]) changed.set(id, null);
      if (changedIds.length > 0) {
        // Many changed (an import, a batch of decisions): one pass by change_xid.
        const which = changedIds.length <= PULL_BY_ID_MAX ? inArray(peserta.id, changedIds) : gte(peserta.change_xid, from);
        for (const row of await rowsWhere(tx, which)) changed.set(row.id, keptRow(row));
      }
      return { changed, cursor };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Where a kept list's rows come from. Every list is ordered newest `tanggal_masuk` first, then id descending. */
export interface KeptListSource<Level extends string> {
  /** ETag prefix naming the list. */
  name: string;
  /** Change kinds after which the list is read whole again (the rows show what they changed). */
  rereadOn: readonly DataChangeKind[];
  /** The ids of the level's rows in the list's order (inside the whole read's snapshot). */
  orderedIds(tx: Tx, level: Level): Promise<number[]>;
  /** The rows of `ids` (a contiguous run of the order) inside the whole read's snapshot. */
  rowsOf(tx: Tx, level: Level, ids: number[]): Promise<ListedRow[]>;
  /** The level's rows changed since `since`, and those that left it, with the new cursor. */
  readChanges(level: Level, since: string): Promise<ChangesRead>;
}

/** An answer assembled from a version's rows. */
interface Assembled {
  etag: string;
  list: CachedList;
}

/** One kept version of a level's list. */
interface ListVersion {
  /** The feed's counts taken before the read this version reflects. */
  stamp: ChangeStamp;
  cursor: string;
  rows: Map<number, KeptRow>;
  order: number[];
  /**
   * The last answer assembled from these rows, with the tail it was assembled with: a promise,
   * so that concurrent requests for a new version assemble (and compress) it once.
   */
  assembled?: { tail: string; answer: Promise<Assembled> };
}

/** The list's order: tanggal_masuk descending, then id descending. */
function sortNewestFirst(rows: Map<number, KeptRow>): number[] {
  return [...rows.keys()].sort((idA, idB) => {
    const a = (rows.get(idA) as KeptRow).tanggalMasuk;
    const b = (rows.get(idB) as KeptRow).tanggalMasuk;
    if (a !== b) return a < b ? 1 : -1;
    return idB - idA;
  });
}

const LIST_START = Buffer.from('{"data":[');
/** Rows read and serialised between two turns of the event loop when a whole list is read. */
const KEEP_SLICE_ROWS = 1000;
const COMMA = Buffer.from(',');
/** Bytes copied into an answer between two turns of the event loop (~10 ms each on this 2-core machine, into fresh memory). */
const COPY_SLICE_BYTES = 2 * 1024 * 1024;
/** Lets timers and other requests run between two slices of a refresh (PGlite's queries never yield). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The answer bytes of the version's rows in order with `tail` (the text JSON.stringify makes),
 * and their ETag. The rows' bytes are copied into one buffer a slice at a time, the event loop
 * running between slices (a whole copy of 88 MB held it ~350 ms at 100,000 participants); the
 * ETag hashes the level, the rows' digests in order and the tail — the same on every instance
 * for the same list — not every byte again. The rows then become views of the answer's bytes:
 * held once, not twice.
 */
async function assemble(name: string, level: string, version: ListVersion, tail: string): Promise<Assembled> {
  const end = Buffer.from(`]${tail}}`);
  let size = LIST_START.length + end.length + Math.max(0, version.order.length - 1) * COMMA.length;
  for (const id of version.order) size += (version.rows.get(id) as KeptRow).json.length;
  const json = Buffer.allocUnsafe(size);
  const hash = createHash('sha256').update(level);
  let offset = LIST_START.copy(json, 0);
  let sinceTurn = 0;
  for (let i = 0; i < version.order.length; i++) {
    if (sinceTurn >= COPY_SLICE_BYTES) {
      await nextTurn();
      sinceTurn = 0;
    }
    const id = version.order[i] as number;
    const row = version.rows.get(id) as KeptRow;
    if (i > 0) offset += COMMA.copy(json, offset);
    row.json.copy(json, offset);
    version.rows.set(id, { ...row, json: json.subarray(offset, offset + row.json.length) });
    offset += row.json.length;
    sinceTurn += row.json.length;
    hash.update(row.digest);
  }
  end.copy(json, offset);
  const etag = `"${name}-${hash.update(end).digest('base64url').slice(0, 22)}"`;
  return { etag, list: new CachedList(json) };
}

/**
 * A per-app keeper of `source`'s whole list per level. `sliceRows`: rows per slice of a whole
 * read (tests make it small to cross slice boundaries with a few rows).
 */
export function createKeptList<Level extends string>(db: Db, changes: ChangeFeed, source: KeptListSource<Level>, sliceRows = KEEP_SLICE_ROWS) {
  interface Slot {
    version?: ListVersion;
    /** Refreshes started so far; a refresh's number tells whether it began after a request arrived. */
    started: number;
    inFlight?: { number: number; promise: Promise<ListVersion> };
  }
  const slots = new Map<Level, Slot>();
  const rereads = (stamp: ChangeStamp) => source.rereadOn.some((kind) => changes.changedSince(stamp, kind));
  const current = (version: ListVersion) => !changes.changedSince(version.stamp, 'peserta') && !rereads(version.stamp);

  /** A new version from `base`: merged from the rows changed since its cursor, or read whole. */
  async function build(level: Level, base: ListVersion | undefined): Promise<ListVersion> {
    const stamp = changes.stamp(); // before any read: a write during the reads makes it stale
    if (base && !rereads(base.stamp)) {
      const { changed, cursor } = await source.readChanges(level, base.cursor);
      await nextTurn();
      const rows = new Map(base.rows);
      let differs = false;
      // The order is kept unless a row came, went or moved (a new tanggal_masuk).
      let reorder = false;
      for (const [id, row] of changed) {
        const before = rows.get(id);
        if (row === null) {
          if (rows.delete(id)) differs = reorder = true;
          continue;
        }
        if (before?.json.equals(row.json)) continue;
        if (before?.tanggalMasuk !== row.tanggalMasuk) reorder = true;
        rows.set(id, row);
        differs = true;
      }
      // Nothing really differs: the older cursor stays valid (a read from it re-reads at most).
      if (!differs) return { ...base, stamp };
      return { stamp, cursor, rows, order: reorder ? sortNewestFirst(rows) : base.order };
    }
    // Read whole in one snapshot, but in slices: the ids in the list's order first, then the
    // rows of `sliceRows` ids at a time, the event loop running between two slices. One read of
    // 10,000 participant rows held PGlite (and so the event loop) for ~1.3 s; a slice is a tenth
    // of that. Other requests' queries wait for the snapshot's end, their timers don't.
    const read: WholeRead = await db.transaction(
      async (tx) => {
        const cursor = await syncCursor(tx);
        const order = await source.orderedIds(tx, level);
        const rows = new Map<number, KeptRow>();
        for (let i = 0; i < order.length; i += sliceRows) {
          await nextTurn();
          for (const row of await source.rowsOf(tx, level, order.slice(i, i + sliceRows))) rows.set(row.id, keptRow(row));
        }
        return { rows, order: order.filter((id) => rows.has(id)), cursor };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return { stamp, ...read };
  }

  /** The level's list as of this request's arrival: kept, or from a refresh begun after it. */
  async function versionFor(level: Level): Promise<ListVersion> {
    let slot = slots.get(level);
    if (!slot) {
      slot = { started: 0 };
      slots.set(level, slot);
    }
    if (slot.version && current(slot.version)) return slot.version;
    const arrival = slot.started;
    for (;;) {
      const inFlight = slot.inFlight;
      // One that began after this request arrived has seen every write made before it.
      if (inFlight && inFlight.number > arrival) return inFlight.promise;
      if (inFlight) {
        await inFlight.promise.catch(() => undefined);
        if (slot.version && current(slot.version)) return slot.version;
        continue;
      }
      const number = ++slot.started;
      const owner = slot;
      const promise = build(level, owner.version)
        .then((version) => {
          owner.version = version;
          return version;
        })
        .finally(() => {
          if (owner.inFlight?.number === number) delete owner.inFlight;
        });
      owner.inFlight = { number, promise };
      return promise;
    }
  }

  return {
    /**
     * The answer for the whole list of `level`: `{"data":[…]` then `tail(cursor)` then `}` —
     * the tail is the answer's other fields, each with its leading comma.
     */
    async answer(level: Level, ifNoneMatch: string | undefined, tail: (cursor: string) => string): Promise<ListAnswer> {
      const version = await versionFor(level);
      const wanted = tail(version.cursor);
      if (version.assembled?.tail !== wanted) {
        const answer = assemble(source.name, level, version, wanted);
        version.assembled = { tail: wanted, answer };
        // A failed assembly is not kept: the next request tries again.
        answer.catch(() => {
          if (version.assembled?.answer === answer) delete version.assembled;
        });
      }
      const { etag, list } = await version.assembled.answer;
      if (matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true };
      return { etag, notModified: false, list };
    },
  };
}
