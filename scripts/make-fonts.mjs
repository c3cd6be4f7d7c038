#!/usr/bin/env node
// Trims the document fonts (Noto Serif and Noto Sans, regular and bold, from the
// @expo-google-fonts packages) to the characters the documents print and writes them, with
// their advance widths, as src/documents/fonts-data.generated.ts: base64 TTFs that one import
// brings to the server, the documents worker and the tests alike. The widths let the pure
// layout measure text (shrink a long name, wrap a sentence) without a PDF library.
// Run `node scripts/make-fonts.mjs` after changing the character set; the output is committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const OUT_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'documents', 'fonts-data.generated.ts');

/**
 * Basic Latin, Latin-1 Supplement and the punctuation the documents use: – — ‘ ’ “ ” • …
 * (Noto has no '≥': the Daftar Nilai prints threshold ranges, '86 – 100').
 */
const CODEPOINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026,
];

const FONTS = [
  { name: 'NOTO_SERIF_REGULAR', file: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf' },
  { name: 'NOTO_SERIF_BOLD', file: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf' },
  { name: 'NOTO_SANS_REGULAR', file: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' },
  { name: 'NOTO_SANS_BOLD', file: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
];

function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The sfnt tables of a TTF by tag. */
function tables(buf) {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const count = view.getUint16(4);
  const out = {};
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(buf[at], buf[at + 1], buf[at + 2], buf[at + 3]);
    out[tag] = { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) };
  }
  return { view, out };
}

/** Glyph id of each code point (cmap format 4 of the Windows Unicode BMP subtable). */
function cmap4(view, cmapOffset) {
  const n = view.getUint16(cmapOffset + 2);
  for (let i = 0; i < n; i++) {
    const rec = cmapOffset + 4 + i * 8;
    const platform = view.getUint16(rec);
    const encoding = view.getUint16(rec + 2);
    const sub = cmapOffset + view.getUint32(rec + 4);
    if (platform !== 3 || encoding !== 1 || view.getUint16(sub) !== 4) continue;
    const segX2 = view.getUint16(sub + 6);
    const ends = sub + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    return (cp) => {
      for (let s = 0; s < segX2; s += 2) {
        const end = view.getUint16(ends + s);
        if (cp > end) continue;
        const start = view.getUint16(starts + s);
        if (cp < start) return 0;
        const delta = view.getInt16(deltas + s);
        const ro = view.getUint16(rangeOffsets + s);
        if (ro === 0) return (cp + delta) & 0xffff;
        const glyph = view.getUint16(rangeOffsets + s + ro + (cp - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('no cmap format 4 subtable');
}

/** Advance widths in 1/1000 em by code point, for the code points the font has. */
function advanceWidths(buf) {
  const { view, out } = tables(buf);
  const unitsPerEm = view.getUint16(out.head.offset + 18);
  const numberOfHMetrics = view.getUint16(out.hhea.offset + 34);
  const glyphOf = cmap4(view, out.cmap.offset);
  const widths = {};
  for (const cp of CODEPOINTS) {
    const glyph = glyphOf(cp);
    if (glyph === 0) continue;
    const metric = Math.min(glyph, numberOfHMetrics - 1);
    const advance = view.getUint16(out.hmtx.offset + metric * 4);
    widths[cp] = Math.round((advance * 1000) / unitsPerEm);
  }
  return widths;
}

const text = String.fromCodePoint(...CODEPOINTS);
let body = '';
for (const font of FONTS) {
  const full = readFileSync(require.resolve(font.file));
  const subset = await subsetFont(full, text, {
    targetFormat: 'truetype',
    noHinting: true,
    // No kerning or ligatures: the PDF, the SVG and the layout's measurements must agree.
    dropTables: ['GSUB', 'GPOS', 'GDEF'],
  });
  const widths = advanceWidths(subset);
  const missing = CODEPOINTS.filter((cp) => widths[cp] === undefined).map((cp) => `U+${cp.toString(16).padStart(4, '0')}`);
  if (missing.length > 0) console.warn(`${font.name}: no glyph for ${missing.join(' ')}`);
  // [code point, width] pairs, compact: the layout builds a Map from them.
  const pairs = Object.entries(widths).map(([cp, w]) => `${cp},${w}`).join(',');
  body += `\n/** ${font.file.split('/').pop()}, trimmed (${subset.length} bytes). */\n`;
  body += `export const ${font.name}_TTF = '${subset.toString('base64')}';\n`;
  body += `/** Advance widths of ${font.name}: code point, width in 1/1000 em, repeated. */\n`;
  body += `export const ${font.name}_WIDTHS: readonly number[] = [${pairs}];\n`;
  console.log(`${font.name}: ${full.length} -> ${subset.length} bytes, ${Object.keys(widths).length} characters`);
}

const header = `// Generated by scripts/make-fonts.mjs — do not edit. Noto Serif and Noto Sans (SIL Open Font
// License 1.1), trimmed to Basic Latin, Latin-1 Supplement and – — ‘ ’ “ ” • …
`;
writeFileSync(OUT_FILE, header + body);
console.log(`wrote ${OUT_FILE}`);
