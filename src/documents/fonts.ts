/**
 * The embedded document fonts (fonts-data.generated.ts, made by scripts/make-fonts.mjs) and
 * text measuring with their advance widths, so a pure layout can shrink a long name and wrap
 * a sentence exactly as the PDF and the SVG will print them.
 */
import {
  NOTO_SANS_BOLD_TTF,
  NOTO_SANS_BOLD_WIDTHS,
  NOTO_SANS_REGULAR_TTF,
  NOTO_SANS_REGULAR_WIDTHS,
  NOTO_SERIF_BOLD_TTF,
  NOTO_SERIF_BOLD_WIDTHS,
  NOTO_SERIF_REGULAR_TTF,
  NOTO_SERIF_REGULAR_WIDTHS,
} from './fonts-data.generated';
import type { FontFamily, FontWeight } from './layout-types';

/** Millimetres per point. */
export const MM_PER_PT = 25.4 / 72;

interface FontFace {
  family: FontFamily;
  weight: FontWeight;
  /** Family name inside the TTF (and in the SVG's @font-face). */
  name: 'Noto Serif' | 'Noto Sans';
  /** File name in jsPDF's virtual file system. */
  file: string;
  base64: string;
  widths: readonly number[];
}

/** The four embedded faces. */
export const FONT_FACES: readonly FontFace[] = [
  { family: 'serif', weight: 'normal', name: 'Noto Serif', file: 'NotoSerif-Regular.ttf', base64: NOTO_SERIF_REGULAR_TTF, widths: NOTO_SERIF_REGULAR_WIDTHS },
  { family: 'serif', weight: 'bold', name: 'Noto Serif', file: 'NotoSerif-Bold.ttf', base64: NOTO_SERIF_BOLD_TTF, widths: NOTO_SERIF_BOLD_WIDTHS },
  { family: 'sans', weight: 'normal', name: 'Noto Sans', file: 'NotoSans-Regular.ttf', base64: NOTO_SANS_REGULAR_TTF, widths: NOTO_SANS_REGULAR_WIDTHS },
  { family: 'sans', weight: 'bold', name: 'Noto Sans', file: 'NotoSans-Bold.ttf', base64: NOTO_SANS_BOLD_TTF, widths: NOTO_SANS_BOLD_WIDTHS },
];

/** The embedded face of `family` and `weight`. */
export function fontFace(family: FontFamily, weight: FontWeight): FontFace {
  const face = FONT_FACES.find((f) => f.family === family && f.weight === weight);
  if (!face) throw new Error(`no font ${family} ${weight}`);
  return face;
}

const widthMaps = new Map<FontFace, Map<number, number>>();

function widthsOf(face: FontFace): Map<number, number> {
  let map = widthMaps.get(face);
  if (!map) {
    map = new Map();
    for (let i = 0; i + 1 < face.widths.length; i += 2) map.set(face.widths[i] as number, face.widths[i + 1] as number);
    widthMaps.set(face, map);
  }
  return map;
}

/**
 * `text` with every character the fonts lack replaced: accents the fonts do not have are
 * dropped ('Ł' stays unknown → '?', 'ő' → 'o'), line breaks and tabs become spaces.
 */
export function printable(text: string): string {
  const known = widthsOf(fontFace('sans', 'normal'));
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (known.has(code)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length > 0 && [...base].every((c) => known.has(c.codePointAt(0) ?? 0)) ? base : '?';
  }
  return out;
}

/** Width of `text` in mm at `size` points (no kerning: the embedded fonts carry none). */
export function textWidth(text: string, family: FontFamily, weight: FontWeight, size: number): number {
  const widths = widthsOf(fontFace(family, weight));
  const fallback = widths.get(0x3f) ?? 500;
  let units = 0;
  for (const char of text) units += widths.get(char.codePointAt(0) ?? 0x3f) ?? fallback;
  return (units / 1000) * size * MM_PER_PT;
}

/** The largest size from `size` down to `minSize` (0.5 pt steps) at which `text` fits `maxWidth`. */
export function fitSize(text: string, family: FontFamily, weight: FontWeight, size: number, minSize: number, maxWidth: number): number {
  let current = size;
  while (current > minSize && textWidth(text, family, weight, current) > maxWidth) current -= 0.5;
  return Math.max(current, minSize);
}

/**
 * `text` broken into lines of at most `maxWidth` mm at spaces (a no-break space U+00A0 holds
 * its words together; a word wider than the line is cut).
 */
export function wrapText(text: string, family: FontFamily, weight: FontWeight, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/[ \t]+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, family, weight, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A single word wider than the line: cut it where it overflows.
    while (textWidth(line, family, weight, size) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), family, weight, size) > maxWidth) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_INDEX = new Map([...BASE64].map((char, i) => [char, i]));

/** Bytes of a base64 string (no DOM or Node helpers: this runs in both). */
function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of clean) {
    value = (value << 6) | (BASE64_INDEX.get(char) ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/** Base64 of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    chunk += BASE64[(n >> 18) & 63];
    chunk += BASE64[(n >> 12) & 63];
    chunk += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    chunk += i + 2 < bytes.length ? BASE64[n & 63] : '=';
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

/** The embedded fonts as TTF files, for resvg on the server (it ignores @font-face). */
export function documentFontFiles(): { family: string; weight: 'normal' | 'bold'; style: 'normal' | 'italic'; ttf: Uint8Array }[] {
  return FONT_FACES.map((face) => ({ family: face.name, weight: face.weight, style: 'normal', ttf: fromBase64(face.base64) }));
}
