// The check every uploaded image passes (signatures, the organisation's logo): only a real PNG
// is accepted, judged by its bytes, never by the file name or the declared type. Images are
// versioned by the SHA-256 of their bytes.
//
// Print size: an image is stored at most PRINT_MAX_DIMENSION px on its long side. Certificates
// print a logo or a signature a few centimetres wide (~600 px at 300 dpi); a larger image only
// makes every document that embeds it slow to render (a 4,000 × 4,000 px PNG cost each
// certificate PDF ~2.2 s of blocked event loop). A larger upload is scaled down once, on the
// libuv thread pool (sharp), still a PNG (transparency kept); a smaller one is stored as sent.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Largest accepted width and height of an uploaded image, in pixels. */
const PNG_MAX_DIMENSION = 4000;
/** Longest side, in pixels, an image is stored (and printed) at. */
export const PRINT_MAX_DIMENSION = 1200;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16], // greyscale
  2: [8, 16], // truecolour
  3: [1, 2, 4, 8], // indexed
  4: [8, 16], // greyscale + alpha
  6: [8, 16], // truecolour + alpha
};

/**
 * True when `bytes` are a well-formed PNG: the 8-byte signature, a valid IHDR first (length
 * 13, width and height 1-PNG_MAX_DIMENSION, a legal bit depth / colour type pair,
 * compression 0, filter 0, interlace 0 or 1), then chunks whose lengths fit and whose CRCs
 * match, at least one IDAT, ending with IEND. The pixels are not decoded.
 */
export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + 12 || PNG_MAGIC.some((value, index) => bytes[index] !== value)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

  // IHDR: length 13 at offset 8, type at 12, data at 16.
  if (view.getUint32(8) !== 13 || type(12) !== 'IHDR') return false;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [bitDepth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (width < 1 || height < 1 || width > PNG_MAX_DIMENSION || height > PNG_MAX_DIMENSION) return false;
  if (!BIT_DEPTHS[colourType ?? -1]?.includes(bitDepth ?? -1)) return false;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return false;

  let at = 8;
  let sawIdat = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const name = type(at + 4);
    if (!/^[A-Za-z]{4}$/.test(name)) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    if (name === 'IDAT') sawIdat = true;
    if (name === 'IEND') return sawIdat && end === bytes.length;
    at = end;
  }
  return false;
}

/** Hex SHA-256 of the bytes: the version of an image (ETag, `?v=`, certificate rows, dokumen_gambar). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Width and height of a PNG that isPng accepted (from its IHDR). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** True when a PNG that isPng accepted is larger than print needs (PRINT_MAX_DIMENSION). */
export function isOverPrintSize(bytes: Uint8Array): boolean {
  const { width, height } = pngSize(bytes);
  return Math.max(width, height) > PRINT_MAX_DIMENSION;
}

/**
 * A PNG that isPng accepted, at print size: unchanged when its long side is at most
 * PRINT_MAX_DIMENSION, else scaled down to it (aspect ratio and alpha kept) and re-encoded as
 * PNG. Null when the pixels cannot be decoded (a well-formed file with broken image data).
 */
export async function pngAtPrintSize(bytes: Uint8Array): Promise<Uint8Array | null> {
  if (!isOverPrintSize(bytes)) return bytes;
  try {
    const resized = await sharp(bytes, { limitInputPixels: PNG_MAX_DIMENSION * PNG_MAX_DIMENSION })
      .resize({ width: PRINT_MAX_DIMENSION, height: PRINT_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer();
    return new Uint8Array(resized.buffer, resized.byteOffset, resized.byteLength);
  } catch {
    return null;
  }
}
