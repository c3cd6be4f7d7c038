// One gzip answer joined from pieces compressed separately, so that a long answer whose parts
// are kept (the blocks of a kept list) costs, after a change, the compression of the changed
// parts only. Each piece is raw DEFLATE ending in a sync flush (byte-aligned, not final); joined
// they are one DEFLATE stream, closed by an empty final block, inside one gzip member whose
// CRC-32 is combined from the pieces' own — the way parallel gzip tools build theirs. Every
// gzip reader reads it as an ordinary one-member gzip.
import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

/** A piece of the answer: its DEFLATE bytes, and the CRC-32 and length of what they hold. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

const deflateRawAsync = promisify(deflateRaw);
const PIECE_OPTIONS = { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH };

/** `bytes` as a piece, compressed on a libuv thread. */
export async function deflatePiece(bytes: Buffer): Promise<DeflatedPiece> {
  return { deflated: await deflateRawAsync(bytes, PIECE_OPTIONS), crc: crc32(bytes), length: bytes.length };
}

/** `bytes` as a piece, compressed on this thread: for a few bytes (the answer's start and end). */
export function deflatePieceNow(bytes: Buffer): DeflatedPiece {
  return { deflated: deflateRawSync(bytes, PIECE_OPTIONS), crc: crc32(bytes), length: bytes.length };
}

// CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine): multiplying by
// x^(8·len2) modulo the CRC polynomial, in the reflected bit order of gzip's CRC.
const CRC_POLY = 0xedb88320;

/** a·b modulo the polynomial (reflected: bit 31 is x^0). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b;
  for (;;) {
    if (a & m) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ CRC_POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let k = 1; k < 32; k++) table.push((p = multModP(p, p)));
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest % 2 === 1) p = multModP(X2N[bit % 32] as number, p);
    rest = Math.floor(rest / 2);
    bit++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

// gzip header: magic, DEFLATE, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// An empty final DEFLATE block (fixed Huffman, end of block): closes the stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The gzip answer made of `pieces` in order, as buffers to send one after another. */
export function gzipOfPieces(pieces: readonly DeflatedPiece[]): Buffer[] {
  let crc = 0;
  let length = 0;
  const out: Buffer[] = [GZIP_HEADER];
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
    out.push(piece.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}
