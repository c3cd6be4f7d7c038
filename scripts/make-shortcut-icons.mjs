#!/usr/bin/env node
// Draws the 96x96 icons of the manifest's `shortcuts` (Penilaian, Presensi, Approval, Sertifikat): the
// sidebar's line icon of each screen (src/app/layout/nav-icons.tsx) in white on the app
// icon's teal tile, rendered with resvg (already a server dependency). The glyph stays inside
// the central 60 %, so a launcher that crops the tile to a circle keeps it whole.
// Run `node scripts/make-shortcut-icons.mjs` after changing a drawing; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const SIZE_PX = 96;

// The same paths as the sidebar's Penilaian, Presensi, Approval and Certificate icons (24x24 grid).
const SHORTCUTS = [
  { file: 'shortcut-penilaian-96.png', path: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 12.5l2 2 4.5-4.5' },
  { file: 'shortcut-presensi-96.png', path: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5M8.5 15l2 2 4-4' },
  { file: 'shortcut-approval-96.png', path: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l2.8 2.8L16.5 9.5' },
  { file: 'shortcut-sertifikat-96.png', path: 'M4 4h16v11H4zM8 8h8M8 11h5M10 15l-1.5 6 3.5-2 3.5 2-1.5-6' },
];

function svg(path) {
  // The glyph's 24-unit grid scaled to 56 of 96 px (58 %), centred.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE_PX}" height="${SIZE_PX}" viewBox="0 0 96 96">
  <defs><linearGradient id="tile" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#149185"/><stop offset="1" stop-color="#0f766e"/>
  </linearGradient></defs>
  <rect width="96" height="96" rx="21" fill="url(#tile)"/>
  <g transform="translate(20 20) scale(2.3333)" fill="none" stroke="#ffffff" stroke-width="1.9"
     stroke-linecap="round" stroke-linejoin="round"><path d="${path}"/></g>
</svg>`;
}

mkdirSync(OUT_DIR, { recursive: true });
for (const { file, path } of SHORTCUTS) {
  const png = new Resvg(svg(path)).render().asPng();
  writeFileSync(join(OUT_DIR, file), png);
  console.log(`wrote public/icons/${file} (${png.length} bytes)`);
}
