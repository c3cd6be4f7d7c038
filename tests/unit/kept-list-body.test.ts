import { createHash, randomBytes } from 'node:crypto';
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePiece, gzipOfPieces } from '../../server/services/deflate-blocks';
import { type BlockRow, type ListBlock, LARGE_LIST_BYTES, ListBody, blocksOf, blocksWithChanges, encodingFor } from '../../server/services/kept-list-body';

const row = (id: number, text = `peserta ${id}`): BlockRow => {
  const json = Buffer.from(JSON.stringify({ id, nama: text }));
  return { json, digest: createHash('sha256').update(json).digest() };
};
const rowsOf = (ids: number[], text?: (id: number) => string) => new Map(ids.map((id) => [id, row(id, text?.(id))]));
const expectedJson = (order: number[], rows: Map<number, BlockRow>) => `{"data":[${order.map((id) => (rows.get(id) as BlockRow).json.toString()).join(',')}]}`;
const START = Buffer.from('{"data":[');
const END = Buffer.from(']}');
const byKey = (blocks: readonly ListBlock[]) => new Map(blocks.map((block) => [block.key, block]));

describe('crc32Combine', () => {
  it.each([0, 1, 7, 1000, 70_000])('should give the CRC-32 of A then B from their CRCs (B of %i bytes)', (lengthB) => {
    const a = randomBytes(333);
    const b = randomBytes(lengthB);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(0, crc32(b), b.length)).toBe(crc32(b));
  });
});

describe('gzipOfPieces', () => {
  it('should make one gzip that any reader reads as the pieces joined', async () => {
    const texts = ['{"data":[', 'x'.repeat(100_000), ',', randomBytes(5000).toString('hex'), ']}'].map((text) => Buffer.from(text));
    const gzip = Buffer.concat(gzipOfPieces(await Promise.all(texts.map(deflatePiece))));
    expect(gunzipSync(gzip).equals(Buffer.concat(texts))).toBe(true);
    // Nothing joined at all is an empty answer, still a valid gzip.
    expect(gunzipSync(Buffer.concat(gzipOfPieces([]))).length).toBe(0);
  });
});

describe('blocksOf and ListBody', () => {
  const ids = Array.from({ length: 400 }, (_, i) => 1000 - i);

  it('should join the rows in order, in several blocks, and send the same bytes in every coding', async () => {
    const rows = rowsOf(ids);
    const expected = expectedJson(ids, rows);
    const blocks = await blocksOf(ids, rows, new Map(), 16);
    expect(blocks.length).toBeGreaterThan(10);
    const body = new ListBody(START, blocks, END);
    expect(body.json.toString()).toBe(expected);
    expect(body.size).toBe(Buffer.byteLength(expected));
    expect(gunzipSync(Buffer.concat(await body.encoded('gzip'))).toString()).toBe(expected);
    expect(brotliDecompressSync(Buffer.concat(await body.encoded('br'))).toString()).toBe(expected);
    expect(body.brotliReady).toBe(true);
    // The rows became views of their block's bytes.
    const first = rows.get(ids[0] as number) as BlockRow;
    expect(first.json.buffer).toBe((blocks[0] as ListBlock).json.buffer);
  });

  it('should make again only the block of a changed, added or removed row, and compress only it', async () => {
    const rows = rowsOf(ids);
    const before = await blocksOf(ids, rows, new Map(), 16);
    const beforeBody = new ListBody(START, before, END);
    await beforeBody.encoded('gzip');
    const piecesBefore = new Map(before.map((block) => [block, block.deflated]));
    const changes: [string, (order: number[], next: Map<number, BlockRow>) => number[]][] = [
      ['changed', (order, next) => (next.set(700, row(700, 'Nama Baru')), order)],
      ['added', (order, next) => (next.set(5000, row(5000)), [...order.slice(0, 123), 5000, ...order.slice(123)])],
      ['removed', (order, next) => (next.delete(800), order.filter((id) => id !== 800))],
    ];
    for (const [what, change] of changes) {
      const next = new Map(rows);
      const order = change([...ids], next);
      const after = await blocksOf(order, next, byKey(before), 16);
      const made = after.filter((block) => !before.includes(block));
      expect(made.length, what).toBeGreaterThanOrEqual(1);
      expect(made.length, what).toBeLessThanOrEqual(2); // an added row that ends a block splits one in two
      const body = new ListBody(START, after, END);
      expect(gunzipSync(Buffer.concat(await body.encoded('gzip'))).toString(), what).toBe(expectedJson(order, next));
      // Kept blocks keep their compressed piece; only the made ones were compressed.
      for (const block of after) if (piecesBefore.has(block)) expect(block.deflated, what).toBe(piecesBefore.get(block));
      expect(after.length - made.length, what).toBeGreaterThan(before.length - 3);
    }
  });

  it('should make, in the same order, only the blocks of changed rows again — the blocks a whole making gives', async () => {
    const rows = rowsOf(ids);
    const before = await blocksOf(ids, rows, new Map(), 16);
    const next = new Map(rows);
    for (const id of [700, 701, 950]) next.set(id, row(id, `Nama Baru ${id}`));
    const after = blocksWithChanges(before, new Set([700, 701, 950]), next);
    const whole = await blocksOf(ids, new Map(next), new Map(), 16);
    expect(after.map((block) => block.key)).toEqual(whole.map((block) => block.key));
    expect(after.filter((block) => !before.includes(block)).length).toBeLessThanOrEqual(3);
    expect(new ListBody(START, after, END).json.toString()).toBe(expectedJson(ids, next));
  });

  it('should never let a block grow past four times its mean when no id ends one', async () => {
    // Ids whose hash never ends a block of 16: the cap cuts them.
    const endless = Array.from({ length: 20_000 }, (_, i) => i).filter((id) => Math.imul(id, 0x9e3779b1) >>> 0 >= 2 ** 32 / 16).slice(0, 200);
    const blocks = await blocksOf(endless, rowsOf(endless), new Map(), 16);
    expect(blocks.length).toBe(Math.ceil(200 / 64));
  });
});

describe('encodingFor', () => {
  const small = new ListBody(START, [], END);
  const large = new ListBody(START, [{ key: 'big', ids: [], json: Buffer.alloc(LARGE_LIST_BYTES + 1, 0x20) }], END);

  it('should send a short list as brotli to a client that takes it, else gzip, else nothing', () => {
    expect(encodingFor(small, ['br', 'gzip'])).toBe('br');
    expect(encodingFor(small, ['gzip'])).toBe('gzip');
    expect(encodingFor(small, [])).toBe(null);
  });

  it('should send a large list as gzip until its brotli copy is ready, unless the client takes brotli only', async () => {
    expect(encodingFor(large, ['br', 'gzip'])).toBe('gzip');
    expect(encodingFor(large, ['br'])).toBe('br');
    await large.encoded('br');
    expect(encodingFor(large, ['br', 'gzip'])).toBe('br');
  });
});
