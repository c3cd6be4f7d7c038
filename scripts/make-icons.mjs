#!/usr/bin/env node
// Draws the app icons (a white graduation cap on a teal tile) and writes them as PNG files
// under public/icons/. No image library: shapes are sampled 4x4 per pixel and encoded with
// node:zlib. Run `node scripts/make-icons.mjs` after changing the drawing; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const SUPERSAMPLE = 4;

const TEAL_TOP = [20, 145, 133];
const TEAL_BOTTOM = [15, 118, 110];
const WHITE = [255, 255, 255];
const MINT = [204, 251, 241];
const AMBER = [251, 191, 36];

// ---- geometry in mark units (0..1 square) -------------------------------------------------

/** Point inside a convex or concave polygon (even-odd rule). */
function inPolygon(x, y, pts) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inEllipse(x, y, cx, cy, rx, ry) {
  const dx = (x - cx) / rx;
  const dy = (y - cy) / ry;
  return dx * dx + dy * dy <= 1;
}

function nearSegment(x, y, [ax, ay], [bx, by], halfWidth) {
  const vx = bx - ax;
  const vy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
  const dx = x - (ax + t * vx);
  const dy = y - (ay + t * vy);
  return dx * dx + dy * dy <= halfWidth * halfWidth;
}

/** The cap, painted back to front: each layer is [colour, inside(x, y)]. */
const CAP_LAYERS = [
  // band under the board, rounded at the bottom
  [MINT, (x, y) => (x >= 0.27 && x <= 0.73 && y >= 0.44 && y <= 0.62) || inEllipse(x, y, 0.5, 0.62, 0.23, 0.09)],
  // the board (mortarboard), a flat rhombus
  [WHITE, (x, y) => inPolygon(x, y, [[0.5, 0.2], [0.95, 0.4], [0.5, 0.6], [0.05, 0.4]])],
  // tassel cord and its end
  [
    AMBER,
    (x, y) =>
      nearSegment(x, y, [0.5, 0.4], [0.84, 0.47], 0.018) ||
      nearSegment(x, y, [0.84, 0.47], [0.84, 0.68], 0.018) ||
      inEllipse(x, y, 0.84, 0.71, 0.045, 0.06),
  ],
  [TEAL_BOTTOM, (x, y) => inEllipse(x, y, 0.5, 0.4, 0.035, 0.02)],
];

// ---- raster ---------------------------------------------------------------------------------

function inRoundedRect(x, y, size, radius) {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  const dx = x - cx;
  const dy = y - cy;
  return dx * dx + dy * dy <= radius * radius;
}

/**
 * Renders one icon. `maskable`: the tile fills the whole canvas (the platform applies its own
 * mask) and the cap stays inside the central safe zone (a circle of 40% radius).
 */
function render(size, { maskable }) {
  const px = new Uint8Array(size * size * 4);
  const radius = maskable ? 0 : size * 0.22;
  const markSize = maskable ? size * 0.62 : size * 0.74;
  const markLeft = (size - markSize) / 2;
  const markTop = (size - markSize) / 2 + markSize * 0.02;
  const n = SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    const t = py / (size - 1);
    const bg = TEAL_TOP.map((c, i) => Math.round(c + (TEAL_BOTTOM[i] - c) * t));
    for (let pxX = 0; pxX < size; pxX++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = pxX + (sx + 0.5) / n;
          const y = py + (sy + 0.5) / n;
          if (!inRoundedRect(x, y, size, radius)) continue;
          let colour = bg;
          const mx = (x - markLeft) / markSize;
          const my = (y - markTop) / markSize;
          for (const [layerColour, inside] of CAP_LAYERS) if (inside(mx, my)) colour = layerColour;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const o = (py * size + pxX) * 4;
      if (a > 0) {
        px[o] = Math.round(r / a);
        px[o + 1] = Math.round(g / a);
        px[o + 2] = Math.round(b / a);
      }
      px[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return encodePng(size, size, px);
}

// ---- PNG encoding ---------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- output ---------------------------------------------------------------------------------

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  const png = render(icon.size, icon);
  writeFileSync(join(OUT_DIR, icon.file), png);
  console.log(`wrote public/icons/${icon.file} (${png.length} bytes)`);
}
