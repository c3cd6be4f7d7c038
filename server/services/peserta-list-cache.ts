// The full participant list (GET /api/peserta without `since`) keyed by the data's version, so
// an unchanged list costs one tiny query: a 304 for a client that has it, and for any other
// caller the JSON (and its brotli / gzip bytes) kept from the first time it was built.
//
// The version is the read's snapshot (pg_current_snapshot(): xmin, xmax and the transactions
// still running). Two snapshots with the same text see exactly the same committed
// transactions, so they see the same rows — whatever wrote them, whichever table. Any new
// write anywhere in the database changes the text (a new transaction id, or one that ended),
// which only costs a rebuild, never a stale answer. A max(change_xid) or timestamp would
// miss a slow transaction that commits a smaller id after the list was read (see the cursor
// comment in peserta-read.ts). Several instances on one PostgreSQL compute the same version.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import type { Db } from '../db/client';
import { peserta } from '../db/schema';
import { selectPeserta, syncCursor } from './peserta-read';

/** Versions of the list kept in memory (each holds the JSON and its compressed copies). */
export const PESERTA_LIST_CACHE_ENTRIES = 4;
/** Brotli quality of the cached copies: built once per version, so a little higher than on-the-fly. */
const LIST_BROTLI_QUALITY = 5;

/** A content coding the list is kept in. */
export type ListEncoding = 'br' | 'gzip';

/** One version of the list: its JSON and, made on first demand, its compressed copies. */
export class CachedList {
  private readonly variants = new Map<ListEncoding, Buffer>();
  constructor(readonly json: Buffer) {}

  /** The JSON bytes in `encoding` (compressed once, then kept). */
  encoded(encoding: ListEncoding): Buffer {
    let bytes = this.variants.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: LIST_BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
            })
          : gzipSync(this.json, { level: 6 });
      this.variants.set(encoding, bytes);
    }
    return bytes;
  }
}

/** What the list route answers: 304 for a client holding this version, else the list. */
export type ListAnswer = { etag: string; notModified: true } | { etag: string; notModified: false; list: CachedList };

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

/** A per-process cache of full participant lists by version (least recently used dropped). */
export function createPesertaListCache(maxEntries = PESERTA_LIST_CACHE_ENTRIES) {
  const entries = new Map<string, CachedList>();
  // Lists being built, by version: requests that miss together wait for one build (on
  // PostgreSQL several can miss at once after a change; each build costs ~0.5 s).
  const building = new Map<string, Promise<CachedList>>();

  return {
    /** The answer for the full list of `jenjang` (both levels when undefined). */
    async answer(db: Db, jenjang: Jenjang | undefined, ifNoneMatch: string | undefined): Promise<ListAnswer> {
      return db.transaction(
        async (tx) => {
          const result = await tx.execute<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`);
          // postgres.js answers an array of rows, PGlite an object with `rows`.
          const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { snapshot: string }[];
          const version = `${jenjang ?? '*'}|${rows[0]?.snapshot ?? ''}`;
          const etag = `"pl-${createHash('sha256').update(version).digest('base64url').slice(0, 22)}"`;
          if (matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true as const };
          let list = entries.get(etag);
          if (list) {
            entries.delete(etag); // re-insert: most recently used last
          } else {
            let build = building.get(etag);
            if (!build) {
              build = (async () => {
                const cursor = await syncCursor(tx);
                const data = await selectPeserta(tx, jenjang ? eq(peserta.jenjang, jenjang) : undefined);
                return new CachedList(Buffer.from(JSON.stringify({ data, cursor })));
              })();
              building.set(etag, build);
              void build.finally(() => building.delete(etag)).catch(() => undefined);
            }
            list = await build;
          }
          entries.set(etag, list);
          while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          return { etag, notModified: false as const, list };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
