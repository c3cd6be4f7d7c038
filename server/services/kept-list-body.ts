// The answer bytes of a kept list (kept-list.ts), held in blocks of rows so that a new version
// of a long list costs what changed, not what exists:
//  - A block is a run of the list's rows; where one ends is decided by its last row's id (about
//    one id in BLOCK_ROWS ends a block, and a block never exceeds four times as many rows), so a row
//    that changes, comes or goes changes its own block only, not every block after it.
//  - A block is known by a hash of its rows' digests: a new version takes the blocks of the
//    previous one whose rows are the same bytes, with their compressed copies.
//  - gzip is made of the blocks' own compressed copies (deflate-blocks.ts): after a change only
//    the changed blocks are compressed again, and the answer is sent as those pieces. No copy of
//    the whole answer is made: joined into one buffer per version, a list of 100,000 changing ten
//    times a second allocated 6.5 MB each time, and the collector then marked the whole heap
//    twice a second (in process: 54 full collections in a run, 15 with the pieces).
//  - brotli (a few times smaller) is one stream over every block: a list up to LARGE_LIST_BYTES
//    is compressed on first demand; a longer one (the whole certificate list at 100,000
//    participants, ~85 MB) is sent as gzip to a client that takes gzip until its brotli copy,
//    made once the version has stood a moment (kept-list.ts), is ready.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DeflatedPiece, deflatePiece, deflatePieceNow, gzipOfPieces } from './deflate-blocks';
import { nextTurn } from './next-turn';

/** Mean rows of a block (~250 KB of JSON of certificate rows); a block holds at most BLOCK_ROWS_MOST times as many. */
export const BLOCK_ROWS = 256;
const BLOCK_ROWS_MOST = 4;
/** A list longer than this is not made to wait for its brotli copy (~0.5 s per 85 MB at quality 3). */
export const LARGE_LIST_BYTES = 32 * 1024 * 1024;
/**
 * Brotli quality: a copy is made once per version, so a little higher than on-the-fly — but a
 * large list takes a lower one (quality 5 took ~1.7 s for 180 MB, 3 took ~0.6 s, ~15 % larger).
 */
const LIST_BROTLI_QUALITY = 5;
const LARGE_LIST_BROTLI_QUALITY = 3;

/** A row as a block holds it: its JSON bytes and their SHA-256. */
export interface BlockRow {
  json: Buffer;
  digest: Buffer;
}

/** A run of the list's rows: their ids, their JSON joined by commas, and its gzip piece once made. */
export interface ListBlock {
  key: string;
  ids: readonly number[];
  json: Buffer;
  deflated?: Promise<DeflatedPiece>;
}

/** A content coding the list is sent in. */
type ListEncoding = 'br' | 'gzip';

const COMMA = Buffer.from(',');
const COMMA_PIECE = deflatePieceNow(COMMA);
/** Rows looked at between two turns of the event loop when blocks are made. */
const ROWS_PER_TURN = 8192;

/** The rows a list's blocks are made from, by id (a Map, or a kept list's KeptRows). */
export interface RowsById<Row> {
  get(id: number): Row | undefined;
  set(id: number, row: Row): void;
}

/** True when a block ends after the row `id`: about one id in `blockRows` (by a multiplicative hash's high bits). */
const endsBlock = (id: number, blockRows: number) => Math.imul(id, 0x9e3779b1) >>> 0 < 2 ** 32 / blockRows;

/** The key of a block of `ids`: a hash of its rows' digests in order. */
function blockKey(ids: readonly number[], rows: Pick<RowsById<BlockRow>, 'get'>): string {
  const hash = createHash('sha256');
  for (const id of ids) hash.update((rows.get(id) as BlockRow).digest);
  return hash.digest('base64url');
}

/** A new block of `ids` known by `key`; its rows become views of its bytes (held once, not twice). */
function makeBlock<Row extends BlockRow>(ids: number[], key: string, rows: RowsById<Row>): ListBlock {
  const parts: Buffer[] = [];
  for (const id of ids) {
    if (parts.length > 0) parts.push(COMMA);
    parts.push((rows.get(id) as Row).json);
  }
  const json = Buffer.concat(parts);
  let offset = 0;
  for (const id of ids) {
    const row = rows.get(id) as Row;
    rows.set(id, { ...row, json: json.subarray(offset, offset + row.json.length) });
    offset += row.json.length + COMMA.length;
  }
  return { key, ids, json };
}

/**
 * The blocks of `order`'s rows, taking from `previous` every block whose rows are the same
 * bytes (`rows` is updated: see makeBlock). `blockRows`: mean rows of a block (tests make it small).
 */
export async function blocksOf<Row extends BlockRow>(
  order: readonly number[],
  rows: RowsById<Row>,
  previous: ReadonlyMap<string, ListBlock>,
  blockRows = BLOCK_ROWS,
): Promise<ListBlock[]> {
  const blocks: ListBlock[] = [];
  let run: number[] = [];
  const close = () => {
    const key = blockKey(run, rows);
    blocks.push(previous.get(key) ?? makeBlock(run, key, rows));
    run = [];
  };
  for (let i = 0; i < order.length; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const id = order[i] as number;
    run.push(id);
    if (endsBlock(id, blockRows) || run.length >= BLOCK_ROWS_MOST * blockRows) close();
  }
  if (run.length > 0) close();
  return blocks;
}

/**
 * The blocks of a list whose order is that of `previous`'s and whose rows differ only in
 * `changed`: the blocks holding none of them taken as they are, the others made again — no
 * digest of an unchanged block read again (blocksOf hashes every row's: ~40 ms at 100,000).
 */
export function blocksWithChanges<Row extends BlockRow>(previous: readonly ListBlock[], changed: ReadonlySet<number>, rows: RowsById<Row>): ListBlock[] {
  return previous.map((block) => (block.ids.some((id) => changed.has(id)) ? makeBlock([...block.ids], blockKey(block.ids, rows), rows) : block));
}

/** One version's answer: `start`, the blocks joined by commas, `end`. */
export class ListBody {
  readonly size: number;
  private gzipped?: Promise<Buffer[]>;
  private brotli?: Promise<Buffer>;
  private brotliDone = false;

  constructor(
    private readonly start: Buffer,
    readonly blocks: readonly ListBlock[],
    private readonly end: Buffer,
  ) {
    this.size = start.length + end.length + Math.max(0, blocks.length - 1) * COMMA.length + blocks.reduce((sum, block) => sum + block.json.length, 0);
  }

  get large(): boolean {
    return this.size > LARGE_LIST_BYTES;
  }

  /** The uncompressed answer as buffers to send one after another. */
  parts(): Buffer[] {
    const parts = [this.start];
    this.blocks.forEach((block, i) => parts.push(...(i > 0 ? [COMMA, block.json] : [block.json])));
    parts.push(this.end);
    return parts;
  }

  /** The whole answer in one buffer (a copy: for tests and tools, not for sending). */
  get json(): Buffer {
    return Buffer.concat(this.parts());
  }

  /** True once the brotli copy is made. */
  get brotliReady(): boolean {
    return this.brotliDone;
  }

  /** The answer in `encoding` as buffers to send one after another, made once and kept (a failure is not kept). */
  async encoded(encoding: ListEncoding): Promise<readonly Buffer[]> {
    if (encoding === 'gzip') {
      this.gzipped ??= this.gzipOfBlocks();
      this.gzipped.catch(() => (this.gzipped = undefined));
      return this.gzipped;
    }
    if (!this.brotli) {
      const made = brotliOf(this.parts(), this.large ? LARGE_LIST_BROTLI_QUALITY : LIST_BROTLI_QUALITY, this.size);
      this.brotli = made;
      made.then(
        () => (this.brotliDone = true),
        () => (this.brotli = undefined),
      );
    }
    return [await this.brotli];
  }

  private async gzipOfBlocks(): Promise<Buffer[]> {
    const blockPieces = this.blocks.map((block) => {
      if (!block.deflated) {
        const made = deflatePiece(block.json);
        block.deflated = made;
        made.catch(() => (block.deflated = undefined));
      }
      return block.deflated;
    });
    const pieces: DeflatedPiece[] = [deflatePieceNow(this.start)];
    for (const [i, piece] of (await Promise.all(blockPieces)).entries()) pieces.push(...(i > 0 ? [COMMA_PIECE, piece] : [piece]));
    pieces.push(deflatePieceNow(this.end));
    return gzipOfPieces(pieces);
  }
}

/** `parts` compressed as one brotli stream, on libuv's threads. */
function brotliOf(parts: Buffer[], quality: number, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = createBrotliCompress({
      chunkSize: 64 * 1024,
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
    });
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(out)));
    for (const part of parts) stream.write(part);
    stream.end();
  });
}

/** What a list route answers: 304 for a client holding this version, else the list. */
export type ListAnswer = { etag: string; notModified: true } | { etag: string; notModified: false; list: ListBody };

/** True when an If-None-Match header names `etag` (or is '*'). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}

/** The codings a client takes by its Accept-Encoding, br before gzip. A coding with q=0 is refused. */
export function acceptedEncodings(acceptEncoding: string | undefined): ListEncoding[] {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

/** The coding to send `list` in: br when the client takes it and it is ready (or the list is short), else gzip, else br, else none. */
export function encodingFor(list: ListBody, accepted: readonly ListEncoding[]): ListEncoding | null {
  if (accepted.includes('br') && (!list.large || list.brotliReady)) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return accepted[0] ?? null;
}

/** Sends a kept list: its ETag, 304 when the client holds it, else its bytes in the client's coding. */
export async function sendKeptList(request: FastifyRequest, reply: FastifyReply, answer: ListAnswer): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
  if (answer.notModified) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = encodingFor(answer.list, acceptedEncodings(request.headers['accept-encoding']));
  if (!encoding) return reply.header('content-length', answer.list.size).send(Readable.from(answer.list.parts()));
  // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
  const parts = await answer.list.encoded(encoding);
  reply.header('content-encoding', encoding).header('content-length', parts.reduce((sum, part) => sum + part.length, 0));
  return reply.send(parts.length === 1 ? parts[0] : Readable.from(parts));
}
