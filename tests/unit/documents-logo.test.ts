// The organisation's logo on the documents: centred at the top of the certificate and at the left
// of the Daftar Nilai letterhead, clear of every text, drawn by each renderer; a document without
// a logo is exactly as before (same input, same bytes, same file id).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { decode as decodePng } from 'fast-png';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { certificateLayout } from '@/documents/certificate-layout';
import { daftarNilaiLayout } from '@/documents/daftar-nilai-layout';
import { MM_PER_PT, textWidth } from '@/documents/fonts';
import { buildDocumentInput, snapshotDocumentRequest } from '@/documents/input';
import type { Box, ImageElement, LayoutElement, PageLayout, TextElement } from '@/documents/layout-types';
import { certificatePdf, certificatePptx, certificateSvg, daftarNilaiPdf } from '@/documents/make';
import { type SertifikatSnapshot, snapshotImageHashes } from '@/domain/sertifikat-terbit';
import { DEFAULT_GRADE_ITEMS } from '@/domain/grade';
import { KOMPETENSI, documentInput, mahasiswaRow, scores, sertifikatRow } from '../helpers/documents';

/** An opaque red logo of `width` × `height` px. */
function logoPng(width: number, height: number): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#d21f1f"/></svg>`;
  return new Uint8Array(new Resvg(svg).render().asPng());
}
const WIDE = logoPng(600, 150);
const TALL = logoPng(150, 400);
const VERIFIKASI = { kode: '3M9QXP7K2D0W8RT4VBN6CJ5HYA', url: 'https://magang.nusantaradigital.co.id/verifikasi/3M9QXP7K2D0W8RT4VBN6CJ5HYA' };
const LONG_ORG = { nama: 'PT Nusantara Digital Sejahtera Abadi Makmur Sentosa Indonesia Raya', kota: 'Bandung' };

/** The texts placed on the page itself (a Daftar Nilai's `after` block is placed below its table). */
const texts = (layout: PageLayout) => layout.elements.filter((e): e is TextElement => e.kind === 'text');
const images = (layout: PageLayout) => layout.elements.filter((e): e is ImageElement => e.kind === 'image');
const logoOf = (layout: PageLayout, png: Uint8Array) => images(layout).find((e) => e.png === png);

/** The box a text covers on the page: its printed width, ascender to descender. */
function textBox(element: TextElement): Box {
  const width = Math.min(textWidth(element.text, element.font, element.weight, element.size), element.maxWidth);
  const x = element.align === 'left' ? element.x : element.align === 'center' ? element.x - width / 2 : element.x - width;
  const size = element.size * MM_PER_PT;
  return { x, y: element.y - 0.75 * size, w: width, h: size };
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const lines = (layout: PageLayout) => layout.elements.filter((e): e is Extract<LayoutElement, { kind: 'line' }> => e.kind === 'line');

/** RGB of page 1 of `pdf` at `dpi`, by pdftoppm (Debian's poppler-utils). */
function rasterise(pdf: Uint8Array, dpi = 50): { at(xMm: number, yMm: number): [number, number, number] } {
  const dir = mkdtempSync(join(tmpdir(), 'magang-logo-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', join(dir, 'doc.pdf'), join(dir, 'page')], { stdio: 'pipe' });
    const image = decodePng(readFileSync(join(dir, 'page.png')));
    const px = dpi / 25.4;
    return {
      at(xMm, yMm) {
        const i = (Math.round(yMm * px) * image.width + Math.round(xMm * px)) * image.channels;
        return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const isRed = ([r, g, b]: [number, number, number]) => r > 180 && g < 90 && b < 90;

describe('the logo on the certificate', () => {
  it.each([
    { name: 'a wide logo', png: WIDE },
    { name: 'a tall logo', png: TALL },
  ])('should sit centred above the organisation, inside the frame, clear of every text ($name)', ({ png }) => {
    const layout = certificateLayout(documentInput(mahasiswaRow(), { logo: png, verifikasi: VERIFIKASI, organisasi: LONG_ORG }));
    const logo = logoOf(layout, png);
    expect(logo).toBeDefined();
    const box = logo as ImageElement;
    expect(box.x + box.w / 2).toBeCloseTo(layout.width / 2, 6);
    expect(box.y).toBeGreaterThan(13); // below the inner rule
    expect(box.h).toBeGreaterThan(8);
    // Kept to its aspect ratio.
    const [w, h] = png === WIDE ? [600, 150] : [150, 400];
    expect(box.w / box.h).toBeCloseTo(w / h, 6);
    for (const text of texts(layout)) expect(overlap(box, textBox(text)), text.text).toBe(false);
    const name = texts(layout).find((e) => e.text === LONG_ORG.nama.toUpperCase());
    expect(box.y + box.h).toBeLessThan(textBox(name as TextElement).y);
  });

  it('should keep the header and body apart with a logo and a very long name', () => {
    const row = mahasiswaRow({ nama: 'Muhammad Rizky Ananda Pratama Wijayakusuma Hadiningrat Putra Nusantara Raya Abadi Sentosa' });
    const layout = certificateLayout(documentInput(row, { logo: WIDE, verifikasi: VERIFIKASI }));
    const all = texts(layout);
    for (const [i, a] of all.entries()) {
      for (const b of all.slice(i + 1)) expect(overlap(textBox(a), textBox(b)), `${a.text} / ${b.text}`).toBe(false);
    }
  });

  it('should be drawn by pdftoppm where the layout puts it, and nothing there without a logo', () => {
    const input = documentInput(sertifikatRow(), { logo: WIDE, verifikasi: VERIFIKASI });
    const logo = logoOf(certificateLayout(input), WIDE) as ImageElement;
    const centre = [logo.x + logo.w / 2, logo.y + logo.h / 2] as const;
    expect(isRed(rasterise(certificatePdf([input])).at(...centre))).toBe(true);
    expect(rasterise(certificatePdf([documentInput(sertifikatRow(), { verifikasi: VERIFIKASI })])).at(...centre)).toEqual([255, 255, 255]);
  });

  it('should be one page per certificate, the logo embedded once in a batch', () => {
    const batch = (logo?: Uint8Array) =>
      Buffer.from(certificatePdf([sertifikatRow(), mahasiswaRow()].map((row) => documentInput(row, logo ? { logo } : {})))).toString('latin1');
    const text = batch(WIDE);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    // One image object more than the same batch without a logo (the opaque logo has no mask).
    expect(text.match(/\/Subtype \/Image/g)?.length).toBe((batch().match(/\/Subtype \/Image/g)?.length ?? 0) + 1);
  });

  it('should be in the SVG preview and the PPTX', async () => {
    const input = documentInput(sertifikatRow(), { logo: WIDE });
    const base64 = Buffer.from(WIDE).toString('base64');
    expect(certificateSvg(input)).toContain(base64);
    expect(certificateSvg(documentInput())).not.toContain(base64);
    const zip = await JSZip.loadAsync(await certificatePptx(input));
    const media = Object.keys(zip.files).filter((name) => name.startsWith('ppt/media/'));
    const without = Object.keys((await JSZip.loadAsync(await certificatePptx(documentInput()))).files).filter((name) => name.startsWith('ppt/media/'));
    expect(media.length).toBe(without.length + 1);
  });
});

describe('the logo on the Daftar Nilai', () => {
  it.each([
    { name: 'a wide logo', png: WIDE },
    { name: 'a tall logo', png: TALL },
  ])('should sit at the left of the letterhead above its rules, clear of the name ($name)', ({ png }) => {
    const layout = daftarNilaiLayout(documentInput(mahasiswaRow(), { logo: png, organisasi: LONG_ORG }));
    const box = logoOf(layout, png) as ImageElement;
    expect(box).toBeDefined();
    expect(box.x).toBe(20); // the left margin
    const rule = Math.min(...lines(layout).map((line) => line.y1));
    expect(box.y + box.h).toBeLessThan(rule);
    for (const text of texts(layout)) expect(overlap(box, textBox(text)), text.text).toBe(false);
  });

  it('should be drawn by pdftoppm, on one page for six scores', () => {
    const input = documentInput(sertifikatRow(), { logo: TALL, verifikasi: VERIFIKASI });
    const pdf = daftarNilaiPdf(input);
    expect(Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const logo = logoOf(daftarNilaiLayout(input), TALL) as ImageElement;
    expect(isRed(rasterise(pdf).at(logo.x + logo.w / 2, logo.y + logo.h / 2))).toBe(true);
  });

  it('should keep the page count of the document without a logo', () => {
    const input = (logo?: Uint8Array) => documentInput(mahasiswaRow({ nilai: scores(30) }), { ...(logo ? { logo } : {}), verifikasi: VERIFIKASI });
    const pages = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\b/g)?.length;
    expect(pages(daftarNilaiPdf(input(WIDE)))).toBe(pages(daftarNilaiPdf(input())));
  });
});

describe('the bytes with and without a logo', () => {
  const fileId = (bytes: Uint8Array) => /\/ID \[ ?<([0-9A-F]+)>/.exec(Buffer.from(bytes).toString('latin1'))?.[1];

  it('should leave an input without a logo as it was (a null logo too)', () => {
    expect(documentInput()).not.toHaveProperty('logo');
    expect(documentInput(sertifikatRow(), { logo: null })).toEqual(documentInput());
    expect(Buffer.from(certificatePdf([documentInput(sertifikatRow(), { logo: null })])).equals(Buffer.from(certificatePdf([documentInput()])))).toBe(true);
  });

  it('should make the same bytes twice, from a Buffer or a Uint8Array, and another file id than without', () => {
    const make = (png: Uint8Array) => certificatePdf([documentInput(sertifikatRow(), { logo: png, verifikasi: VERIFIKASI })]);
    const once = make(WIDE);
    expect(Buffer.from(once).equals(Buffer.from(make(new Uint8Array(WIDE))))).toBe(true);
    expect(Buffer.from(once).equals(Buffer.from(make(Buffer.from(WIDE))))).toBe(true);
    const daftar = () => daftarNilaiPdf(documentInput(sertifikatRow(), { logo: TALL }));
    expect(Buffer.from(daftar()).equals(Buffer.from(daftar()))).toBe(true);
    const ids = new Set([fileId(once), fileId(make(TALL)), fileId(certificatePdf([documentInput(sertifikatRow(), { verifikasi: VERIFIKASI })]))]);
    expect(ids.size).toBe(3);
  });
});

describe('the logo of an issued certificate', () => {
  const hash = (c: string) => c.repeat(64);
  const snapshot = (logo?: string | null): SertifikatSnapshot => ({
    peserta: sertifikatRow(),
    kompetensi: [...KOMPETENSI].slice(0, 6).map(([id, nama]) => ({ id, nama })),
    thresholds: [...DEFAULT_GRADE_ITEMS],
    organisasi: { nama: 'PT Nusantara Digital Sejahtera', kota: 'Bandung', ...(logo === undefined ? {} : { logo }) },
  });

  it('should list the logo among the images a snapshot prints', () => {
    expect(snapshotImageHashes(snapshot(hash('c')))).toEqual([hash('a'), hash('b'), hash('c')]);
    expect(snapshotImageHashes(snapshot(null))).toEqual([hash('a'), hash('b')]);
    expect(snapshotImageHashes(snapshot())).toEqual([hash('a'), hash('b')]);
  });

  it('should print the PNG the snapshot names, and none when that image is missing or named by no snapshot', () => {
    const terbit = (logo?: string | null) => ({ kode: VERIFIKASI.kode, url: VERIFIKASI.url, snapshot: snapshot(logo) });
    const store = new Map([[hash('c'), WIDE]]);
    const input = (logo?: string | null, images = store) => {
      const request = snapshotDocumentRequest(terbit(logo), images);
      return buildDocumentInput(request.row, request.sources);
    };
    expect(input(hash('c')).logo).toBe(WIDE);
    expect(input(hash('c'), new Map())).not.toHaveProperty('logo');
    expect(input(null)).not.toHaveProperty('logo');
    expect(input()).toEqual(input(null));
  });
});
