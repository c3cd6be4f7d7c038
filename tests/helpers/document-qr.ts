// Reading a document's QR code back: the rectangles each renderer wrote (PDF content stream,
// PPTX custom shape, SVG path), and the decoded text of the code in a rendered PDF (poppler's
// pdftoppm, then jsQR) or SVG (resvg, then jsQR).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { decode as decodePng } from 'fast-png';
import jsQR from 'jsqr';
import JSZip from 'jszip';
import { documentFontFiles } from '@/documents/fonts';
import type { Box } from '@/documents/layout-types';

const PT_PER_MM = 72 / 25.4;
const EMU_PER_MM = 36000;

/** The decoded content streams of a PDF (jsPDF deflates each page's). */
function pdfStreams(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      streams.push(inflateSync(Buffer.from(pdf.subarray(start, end))).toString('latin1'));
    } catch {
      // Not deflated (or not a content stream): no drawing operators in it.
    }
  }
  return streams;
}

/**
 * Groups of two or more `re` operators painted by one `f`, in mm from the top-left of a page
 * `pageHeight` mm high: what render-pdf writes for a QR code (the frame and table cells paint
 * their rectangles one at a time).
 */
export function pdfFilledRectGroups(pdf: Uint8Array, pageHeight: number): Box[][] {
  const groups: Box[][] = [];
  for (const stream of pdfStreams(pdf)) {
    let current: Box[] = [];
    for (const line of stream.split('\n')) {
      const re = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(line.trim());
      if (re) {
        const [x, y, w, h] = re.slice(1).map(Number) as [number, number, number, number];
        // jsPDF writes the top-left corner in PDF space (y up) with a negative height.
        current.push({ x: x / PT_PER_MM, y: pageHeight - y / PT_PER_MM, w: w / PT_PER_MM, h: -h / PT_PER_MM });
        continue;
      }
      if (line.trim() === 'f' && current.length > 1) groups.push(current);
      current = [];
    }
  }
  return groups;
}

/** The rectangles of the sub-paths of the slide's custom shapes, in mm from the slide's corner. */
export async function pptxCustomShapeRects(pptx: Uint8Array): Promise<Box[]> {
  const zip = await JSZip.loadAsync(pptx);
  const slide = (await zip.file('ppt/slides/slide1.xml')?.async('string')) ?? '';
  const rects: Box[] = [];
  for (const shape of slide.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? []) {
    if (!shape.includes('<a:custGeom>')) continue;
    const off = /<a:off x="(\d+)" y="(\d+)"\/>/.exec(shape);
    const [offX, offY] = [Number(off?.[1]), Number(off?.[2])];
    for (const subPath of shape.split('<a:close />').slice(0, -1)) {
      const points = [...subPath.matchAll(/<a:pt x="(\d+)" y="(\d+)" \/>/g)].slice(-4).map((p) => [Number(p[1]), Number(p[2])] as const);
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      const [left, top] = [Math.min(...xs), Math.min(...ys)];
      rects.push({
        x: (offX + left) / EMU_PER_MM,
        y: (offY + top) / EMU_PER_MM,
        w: (Math.max(...xs) - left) / EMU_PER_MM,
        h: (Math.max(...ys) - top) / EMU_PER_MM,
      });
    }
  }
  return rects;
}

/** The rectangles of the SVG's QR path ('M x y h w v h h -w z' each). */
export function svgQrRects(svg: string): Box[] {
  const d = /<path fill="[^"]*" shape-rendering="crispEdges" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  return [...d.matchAll(/M(-?[\d.]+) (-?[\d.]+)h(-?[\d.]+)v(-?[\d.]+)h-?[\d.]+z/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    w: Number(m[3]),
    h: Number(m[4]),
  }));
}

/** The text of the QR code found in RGB(A) pixels, or null. */
function decodePixels(data: ArrayLike<number>, width: number, height: number, channels: number): string | null {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = data[i * channels] ?? 0;
    rgba[i * 4 + 1] = data[i * channels + (channels >= 3 ? 1 : 0)] ?? 0;
    rgba[i * 4 + 2] = data[i * channels + (channels >= 3 ? 2 : 0)] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * The text of the QR code on the first page of `pdf`, rasterised at 150 dpi by pdftoppm
 * (Debian's poppler-utils). Throws when pdftoppm is missing: the test needs it.
 */
export function decodePdfQr(pdf: Uint8Array): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'magang-qr-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', join(dir, 'doc.pdf'), join(dir, 'page')], { stdio: 'pipe' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error('pdftoppm is missing: install Debian\'s poppler-utils (apt-get install -y poppler-utils; .ci/run does so)');
      }
      throw error;
    }
    const png = decodePng(readFileSync(join(dir, 'page.png')));
    return decodePixels(png.data, png.width, png.height, png.channels);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the QR code in an SVG document, rendered by resvg with the documents' fonts. */
export function decodeSvgQr(svg: string, widthPx: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'magang-qr-fonts-'));
  try {
    // resvg-js (Node) loads fonts from files only.
    const fontFiles = documentFontFiles().map((font, i) => {
      const path = join(dir, `font-${i}.ttf`);
      writeFileSync(path, font.ttf);
      return path;
    });
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: widthPx }, font: { loadSystemFonts: false, fontFiles } }).render();
    return decodePixels(image.pixels, image.width, image.height, 4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the QR code in a PNG image (a document preview). */
export function decodePngQr(png: Uint8Array): string | null {
  const image = decodePng(png);
  return decodePixels(image.data, image.width, image.height, image.channels);
}
