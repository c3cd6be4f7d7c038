// PNG bytes for the signature and certificate suites: a minimal valid image built with
// node:zlib (IHDR, IDAT, IEND with their CRCs), and helpers to break one on purpose.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid RGBA PNG of `width` × `height` (8-bit, transparent background with a diagonal
 * stroke whose colour is `seed`, so seeds 1-6 give different bytes).
 */
export function makePng(width = 8, height = 4, seed = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(height * (1 + width * 4));
  // A three-pixel diagonal stroke on transparent pixels, its red channel from `seed`.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (Math.abs(x - (y * width) / height) > 1) continue;
      const at = y * (1 + width * 4) + 1 + x * 4;
      raw[at] = (seed * 40) & 0xff;
      raw[at + 1] = 30;
      raw[at + 2] = 90;
      raw[at + 3] = 255;
    }
  }
  return Buffer.concat([PNG_MAGIC, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

/** A valid PNG padded (with an ancillary chunk) to exactly `size` bytes. */
export function pngOfSize(size: number): Buffer {
  const base = makePng();
  const iend = base.subarray(base.length - 12);
  const head = base.subarray(0, base.length - 12);
  const padding = size - base.length - 12;
  if (padding < 0) throw new Error('size too small');
  return Buffer.concat([head, chunk('teXt', Buffer.alloc(padding, 0x61)), iend]);
}

/** The PNG magic followed by an IHDR whose fields are wrong (width 0, bad CRC kept valid). */
export function pngWithBrokenIhdr(): Buffer {
  const good = makePng();
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(0, 0); // width 0
  ihdr.writeUInt32BE(4, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([PNG_MAGIC, chunk('IHDR', ihdr), good.subarray(8 + 25)]);
}
