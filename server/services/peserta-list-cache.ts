// The full participant list (GET /api/peserta without `since` or `limit`), kept per level
// between requests so that an unchanged list costs no query at all, and a changed one costs
// what changed rather than what exists:
//  - Current while the change feed (server/db/change-feed.ts) reports no write to
//    participants or to the names rows show since the kept copy's read began.
//  - After participant writes: the kept rows are brought up to date by the incremental pull
//    (`?since=` the kept cursor: changed rows and tombstones, see peserta-read.ts), merged by
//    id and re-sorted. If no row really differs, the copy — bytes, cursor, ETag — stays.
//  - After a rename (user, instansi, divisi), or with nothing kept: read whole, one snapshot.
// The ETag is a hash of the level and the bytes, so every instance on one PostgreSQL gives the
// same ETag for the same list. The answer is the concatenation of per-row JSON bytes kept with
// the rows; the compressed copies and the hash are made on libuv's threads, off the event loop.
import { createHash, webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import type { Peserta } from '../../src/domain/peserta';
import type { ChangeFeed, ChangeStamp } from '../db/change-feed';
import type { Db } from '../db/client';
import { peserta } from '../db/schema';
import { pullPeserta, selectPeserta, syncCursor } from './peserta-read';

/** Brotli quality of the kept copies: made once per version, so a little higher than on-the-fly. */
const LIST_BROTLI_QUALITY = 5;
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
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: LIST_BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
            })
          : gzipAsync(this.json, { level: 6 });
      this.variants.set(encoding, bytes);
    }
    return bytes;
  }
}

/** What the list route answers: 304 for a client holding this version, else the list. */
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

/** A kept row: its JSON as UTF-8 bytes (the answer is their concatenation) and what the list is sorted by. */
interface KeptRow {
  json: Buffer;
  tanggalMasuk: string;
}

/** One kept version of a level's list. */
interface ListVersion {
  /** The feed's counts taken before the read this version reflects. */
  stamp: ChangeStamp;
  cursor: string;
  rows: Map<number, KeptRow>;
  /** The ids in the list's order. */
  order: number[];
  etag: string;
  list: CachedList;
}

/** The list's order (selectPeserta's 'newest'): tanggal_masuk descending, then id descending. */
function sortNewestFirst(rows: Map<number, KeptRow>): number[] {
  return [...rows.keys()].sort((idA, idB) => {
    const a = (rows.get(idA) as KeptRow).tanggalMasuk;
    const b = (rows.get(idB) as KeptRow).tanggalMasuk;
    if (a !== b) return a < b ? 1 : -1;
    return idB - idA;
  });
}

const LIST_START = Buffer.from('{"data":[');
/** Rows read and serialised between two turns of the event loop when the whole list is read. */
const KEEP_SLICE_ROWS = 1000;
const COMMA = Buffer.from(',');
/** Lets timers and other requests run between two slices of a refresh (PGlite's queries never yield). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The answer bytes of `rows` in `order` (the text JSON.stringify({ data, cursor }) makes) and
 * their ETag. Concatenating kept bytes costs a few ms for 10,000 rows, where joining strings and
 * encoding 8 MB cost ~30 ms of blocked event loop.
 */
async function assemble(level: string, rows: Map<number, KeptRow>, order: number[], cursor: string, stamp: ChangeStamp): Promise<ListVersion> {
  await nextTurn();
  const parts: Buffer[] = [LIST_START];
  order.forEach((id, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push((rows.get(id) as KeptRow).json);
  });
  parts.push(Buffer.from(`],"cursor":${JSON.stringify(cursor)}}`));
  const json = Buffer.concat(parts);
  const digest = Buffer.from(await webcrypto.subtle.digest('SHA-256', json));
  const etag = `"pl-${createHash('sha256').update(level).update(digest).digest('base64url').slice(0, 22)}"`;
  return { stamp, cursor, rows, order, etag, list: new CachedList(json) };
}

function keep(row: Peserta): KeptRow {
  return { json: Buffer.from(JSON.stringify(row)), tanggalMasuk: row.tanggal_masuk };
}

/**
 * A per-app cache of the full list per level (both levels, SMK, Mahasiswa). `sliceRows`: rows
 * per slice of a whole read (tests make it small to cross slice boundaries with a few rows).
 */
export function createPesertaListCache(db: Db, changes: ChangeFeed, sliceRows = KEEP_SLICE_ROWS) {
  interface Slot {
    version?: ListVersion;
    /** Refreshes started so far; a refresh's number tells whether it began after a request arrived. */
    started: number;
    inFlight?: { number: number; promise: Promise<ListVersion> };
  }
  const slots = new Map<string, Slot>();
  const current = (version: ListVersion) => !changes.changedSince(version.stamp, 'peserta') && !changes.changedSince(version.stamp, 'names');

  /** A new version from `base`: merged from the incremental pull, or read whole. */
  async function build(level: string, jenjang: Jenjang | undefined, base: ListVersion | undefined): Promise<ListVersion> {
    const stamp = changes.stamp(); // before any read: a write during the reads makes it stale
    if (base && !changes.changedSince(base.stamp, 'names')) {
      // Both levels: a row that left this level must leave its list too.
      const pull = await pullPeserta(db, { since: base.cursor });
      await nextTurn();
      const rows = new Map(base.rows);
      let changed = false;
      // The order is kept unless a row came, went or moved (a new tanggal_masuk).
      let reorder = false;
      for (const row of pull.data) {
        if (jenjang && row.jenjang !== jenjang) {
          if (rows.delete(row.id)) changed = reorder = true;
          continue;
        }
        const kept = keep(row);
        const before = rows.get(row.id);
        if (before?.json.equals(kept.json)) continue;
        if (before?.tanggalMasuk !== kept.tanggalMasuk) reorder = true;
        rows.set(row.id, kept);
        changed = true;
      }
      for (const id of pull.deleted ?? []) if (rows.delete(id)) changed = reorder = true;
      // Nothing really differs: the older cursor stays valid (a pull from it re-sends at most).
      if (!changed) return { ...base, stamp };
      return assemble(level, rows, reorder ? sortNewestFirst(rows) : base.order, pull.cursor, stamp);
    }
    // Read whole in one snapshot, but in slices: the ids in the list's order first, then the rows
    // of `sliceRows` ids at a time, the event loop running between two slices. One
    // selectPeserta of 10,000 rows held PGlite (and so the event loop) for ~1.3 s; a slice is
    // a tenth of that. Other requests' queries wait for the snapshot's end, their timers don't.
    const { rows, order, cursor } = await db.transaction(
      async (tx) => {
        const cursor = await syncCursor(tx);
        const level = jenjang ? eq(peserta.jenjang, jenjang) : undefined;
        const idRows = await tx.select({ id: peserta.id }).from(peserta).where(level).orderBy(desc(peserta.tanggal_masuk), desc(peserta.id));
        const order = idRows.map((row) => row.id);
        const rows = new Map<number, KeptRow>();
        for (let i = 0; i < order.length; i += sliceRows) {
          await nextTurn();
          // A contiguous run of the order: selectPeserta's own order keeps it.
          for (const row of await selectPeserta(tx, inArray(peserta.id, order.slice(i, i + sliceRows)))) rows.set(row.id, keep(row));
        }
        return { rows, order, cursor };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return assemble(level, rows, order, cursor, stamp);
  }

  /** The level's list as of this request's arrival: kept, or from a refresh begun after it. */
  async function versionFor(jenjang: Jenjang | undefined): Promise<ListVersion> {
    const level = jenjang ?? '*';
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
      const promise = build(level, jenjang, owner.version)
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
    /** The answer for the full list of `jenjang` (both levels when undefined). */
    async answer(jenjang: Jenjang | undefined, ifNoneMatch: string | undefined): Promise<ListAnswer> {
      const version = await versionFor(jenjang);
      if (matchesEtag(ifNoneMatch, version.etag)) return { etag: version.etag, notModified: true };
      return { etag: version.etag, notModified: false, list: version.list };
    },
  };
}

