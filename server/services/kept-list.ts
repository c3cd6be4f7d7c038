// A whole list of participant rows (the full participant list, the full certificate list)
// kept per level between requests, so that an unchanged list costs no query at all and a
// changed one costs what changed rather than what exists:
//  - Current while the change feed (server/db/change-feed.ts) reports no write of the kinds
//    the list depends on since the kept copy's read began (kept-while-unchanged.ts).
//  - After participant writes (kind 'peserta': a participant, its details, reviews, scores or
//    certificates): the source reads the rows changed since the kept cursor (see
//    peserta-read.ts), merged by id and re-sorted. If no row really differs, the copy — bytes,
//    cursor, ETag — stays.
//  - After a change of a kind the source rereads on (a rename, a signer), or with nothing kept:
//    read whole, one snapshot, in slices.
// Rows are kept as their JSON bytes and their SHA-256 (a version holds its changes over a base
// shared with the versions before it: kept-rows.ts); the answer `{"data":[…]<tail>}` is their
// concatenation in blocks (kept-list-body.ts: a new version makes and compresses only the blocks
// whose rows changed), with a tail the route gives per request (the cursor, the organisation) —
// a different tail assembles the kept blocks again, no query. The ETag is a hash of the level,
// the blocks' keys (hashes of their rows' digests) in order and the tail, so every instance on
// one PostgreSQL gives the same ETag for the same list. Compression runs on libuv's threads.
import { createHash } from 'node:crypto';
import type { ChangeFeed, ChangeStamp, DataChangeKind } from '../db/change-feed';
import { type KeptWhileUnchanged, type Stamped, keptWhileUnchanged } from '../db/kept-while-unchanged';
import { type SQL, gte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { peserta } from '../db/schema';
import { type ListAnswer, type ListBlock, BLOCK_ROWS, ListBody, blocksOf, blocksWithChanges, matchesEtag } from './kept-list-body';
import { nextTurn } from './next-turn';
import { KeptRows } from './kept-rows';
import { idIn } from '../db/list-params';
import { PULL_BY_ID_MAX, deletedSince, syncCursor } from './peserta-read';

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
  rows: KeptRows<KeptRow>;
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
        const which = changedIds.length <= PULL_BY_ID_MAX ? idIn(peserta.id, changedIds) : gte(peserta.change_xid, from);
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
  list: ListBody;
}

/** One kept version of a level's list. */
interface ListVersion extends WholeRead {
  /**
   * The last answer assembled from these rows, with the tail it was assembled with: a promise,
   * so that concurrent requests for a new version assemble (and compress) it once.
   */
  assembled?: { tail: string; answer: Promise<Assembled> };
  /** Its blocks, made once for every tail. */
  blocks?: Promise<readonly ListBlock[]>;
  /** Its blocks once made: a version merged from this one takes the unchanged ones without reading them again. */
  madeBlocks?: readonly ListBlock[];
  /** In the order of some earlier version's made blocks, with only the rows of `changed` different. */
  sinceBlocks?: { blocks: readonly ListBlock[]; changed: ReadonlySet<number> };
}

/** The list's order: tanggal_masuk descending, then id descending. */
function sortNewestFirst(rows: KeptRows<KeptRow>): number[] {
  return [...rows.ids()].sort((idA, idB) => {
    const a = (rows.get(idA) as KeptRow).tanggalMasuk;
    const b = (rows.get(idB) as KeptRow).tanggalMasuk;
    if (a !== b) return a < b ? 1 : -1;
    return idB - idA;
  });
}

const LIST_START = Buffer.from('{"data":[');
/** Rows read and serialised between two turns of the event loop when a whole list is read. */
const KEEP_SLICE_ROWS = 1000;
/** A large list's brotli copy is made once its version has stood this long (changes in a burst make one, not one each). */
const BROTLI_AFTER_MS = 2000;

/** How a kept list is cut for its work: rows per slice of a whole read, mean rows per block (tests make both small). */
export interface KeptListTuning {
  sliceRows?: number;
  blockRows?: number;
}

/**
 * The answer of `blocks` (a version's rows in order) with `tail` (the text JSON.stringify makes),
 * and its ETag: a hash of the level, the blocks' keys and the tail.
 */
function assemble(name: string, level: string, blocks: readonly ListBlock[], tail: string): Assembled {
  const end = Buffer.from(`]${tail}}`);
  const hash = createHash('sha256').update(level);
  for (const block of blocks) hash.update(block.key);
  const etag = `"${name}-${hash.update(end).digest('base64url').slice(0, 22)}"`;
  return { etag, list: new ListBody(LIST_START, blocks, end) };
}

/** A per-app keeper of `source`'s whole list per level. */
export function createKeptList<Level extends string>(db: Db, changes: ChangeFeed, source: KeptListSource<Level>, tuning: KeptListTuning = {}) {
  const sliceRows = tuning.sliceRows ?? KEEP_SLICE_ROWS;
  const blockRows = tuning.blockRows ?? BLOCK_ROWS;
  interface Slot {
    versions: KeptWhileUnchanged<ListVersion>;
    /** The blocks of the level's latest assembled answer, by key: the next version takes the unchanged ones. */
    blocks: ReadonlyMap<string, ListBlock>;
  }
  const slots = new Map<Level, Slot>();
  const rereads = (stamp: ChangeStamp) => source.rereadOn.some((kind) => changes.changedSince(stamp, kind));

  /** A new version from `base`: merged from the rows changed since its cursor, or read whole. */
  async function build(level: Level, previous: Stamped<ListVersion> | undefined): Promise<ListVersion> {
    if (previous && !rereads(previous.stamp)) {
      const base = previous.value;
      const { changed, cursor } = await source.readChanges(level, base.cursor);
      await nextTurn();
      const rows = await base.rows.next();
      let differs = false;
      const differing = new Set<number>();
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
        differing.add(id);
        differs = true;
      }
      // Nothing really differs: the older cursor stays valid (a read from it re-reads at most).
      if (!differs) return base;
      if (reorder) return { cursor, rows, order: sortNewestFirst(rows) };
      // The same order: the blocks of the last version whose blocks were made, the changed ones made again.
      const since = base.madeBlocks
        ? { blocks: base.madeBlocks, changed: differing }
        : base.sinceBlocks && { blocks: base.sinceBlocks.blocks, changed: new Set([...base.sinceBlocks.changed, ...differing]) };
      return { cursor, rows, order: base.order, ...(since ? { sinceBlocks: since } : {}) };
    }
    // Read whole in one snapshot, but in slices: the ids in the list's order first, then the
    // rows of `sliceRows` ids at a time, the event loop running between two slices. One read of
    // 10,000 participant rows held PGlite (and so the event loop) for ~1.3 s; a slice is a tenth
    // of that. Other requests' queries wait for the snapshot's end, their timers don't.
    return db.transaction(
      async (tx) => {
        const cursor = await syncCursor(tx);
        const order = await source.orderedIds(tx, level);
        const rows = new Map<number, KeptRow>();
        for (let i = 0; i < order.length; i += sliceRows) {
          await nextTurn();
          for (const row of await source.rowsOf(tx, level, order.slice(i, i + sliceRows))) rows.set(row.id, keptRow(row));
        }
        return { rows: KeptRows.of(rows), order: order.filter((id) => rows.has(id)), cursor };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The version's blocks, made once: from the unchanged blocks of an earlier version, or from the slot's latest blocks by key. */
  function blocksFor(slot: Slot, version: ListVersion): Promise<readonly ListBlock[]> {
    version.blocks ??= (
      version.sinceBlocks
        ? Promise.resolve(blocksWithChanges(version.sinceBlocks.blocks, version.sinceBlocks.changed, version.rows))
        : blocksOf(version.order, version.rows, slot.blocks, blockRows)
    ).then((blocks) => {
      version.madeBlocks = blocks;
      delete version.sinceBlocks;
      slot.blocks = new Map(blocks.map((block) => [block.key, block]));
      return blocks;
    });
    const made = version.blocks;
    made.catch(() => {
      if (version.blocks === made) delete version.blocks;
    });
    return made;
  }

  /**
   * Makes a large list's brotli copy once its answer has stood BROTLI_AFTER_MS unchanged (until
   * then a client that takes gzip gets gzip): a burst of changes compresses the last version only.
   */
  function brotliOnceStood(slot: Slot, assembled: ListVersion['assembled'], list: ListBody) {
    setTimeout(() => {
      if (slot.versions.current()?.assembled === assembled) list.encoded('br').catch(() => undefined);
    }, BROTLI_AFTER_MS).unref();
  }

  function slotOf(level: Level): Slot {
    let slot = slots.get(level);
    if (!slot) {
      slot = { versions: keptWhileUnchanged(changes, ['peserta', ...source.rereadOn], (previous) => build(level, previous)), blocks: new Map() };
      slots.set(level, slot);
    }
    return slot;
  }

  return {
    /**
     * The answer for the whole list of `level`: `{"data":[…]` then `tail(cursor)` then `}` —
     * the tail is the answer's other fields, each with its leading comma.
     */
    async answer(level: Level, ifNoneMatch: string | undefined, tail: (cursor: string) => string): Promise<ListAnswer> {
      const slot = slotOf(level);
      const version = await slot.versions.get();
      const wanted = tail(version.cursor);
      if (version.assembled?.tail !== wanted) {
        const answer = blocksFor(slot, version).then((blocks) => assemble(source.name, level, blocks, wanted));
        const assembled = { tail: wanted, answer };
        version.assembled = assembled;
        answer.then(
          ({ list }) => {
            if (list.large) {
              // A large list's changed blocks are compressed at once: the next reader that takes gzip is not made to wait for them.
              list.encoded('gzip').catch(() => undefined);
              brotliOnceStood(slot, assembled, list);
            }
          },
          // A failed assembly is not kept: the next request tries again.
          () => {
            if (version.assembled === assembled) delete version.assembled;
          },
        );
      }
      const { etag, list } = await version.assembled.answer;
      if (matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true };
      return { etag, notModified: false, list };
    },
  };
}
