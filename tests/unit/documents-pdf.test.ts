import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { documentFontFiles } from '@/documents/fonts';
import { certificatePdf, certificatePptx, certificateSvg, daftarNilaiPdf } from '@/documents/make';
import { BUSHEAD_ID, PEMBIMBING_ID, documentInput, mahasiswaRow, scores, sertifikatRow, signaturePng } from '../helpers/documents';

/** The text of each page as pdf.js reads it (whitespace and no-break spaces folded). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/[\s\u00a0]+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

/** The PDF's /ID (first of the pair). */
function fileId(bytes: Uint8Array): string | undefined {
  return /\/ID \[ ?<([0-9A-Fa-f]+)>/.exec(Buffer.from(bytes).toString('latin1'))?.[1];
}

/** Image objects in a PDF (an RGBA PNG is two: its colours and its alpha mask). */
const imageObjects = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('certificatePdf', () => {
  it('should print the name, number, average and grade as selectable text', async () => {
    const [page] = await pdfText(certificatePdf([documentInput()]));
    expect(page).toContain('Siti Nurhaliza Putri');
    expect(page).toContain('Nomor: 0042/MAGANG/SMK/2026');
    expect(page).toContain('dengan nilai rata-rata 87,00 (A – Sangat Memuaskan)');
    expect(page).toContain('NIS: 0012345678');
    expect(page).toContain('Bandung, 3 Juni 2026');
  });

  it('should make the same bytes from equal inputs built twice', () => {
    const first = certificatePdf([documentInput()]);
    const second = certificatePdf([documentInput(sertifikatRow(), { signatures: new Map([[PEMBIMBING_ID, signaturePng(0)], [BUSHEAD_ID, signaturePng(1)]]) })]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(Buffer.from(first).toString('latin1')).toContain("/CreationDate (D:20260603000000+00'00')");
  });

  it('should make the same bytes whether the signature PNGs are Node Buffers or plain Uint8Arrays', () => {
    // postgres.js reads bytea as a Buffer, the device as a Uint8Array: same data, same bytes.
    const plain = certificatePdf([documentInput()]);
    const buffers = certificatePdf([
      documentInput(sertifikatRow(), { signatures: new Map([[PEMBIMBING_ID, Buffer.from(signaturePng(0))], [BUSHEAD_ID, Buffer.from(signaturePng(1))]]) }),
    ]);
    expect(Buffer.from(buffers).equals(Buffer.from(plain))).toBe(true);
  });

  it.each([
    { change: 'the name', row: sertifikatRow({ nama: 'Siti Nurhaliza' }), sources: {} },
    { change: 'a score', row: sertifikatRow({ nilai: scores(6, () => 80) }), sources: {} },
    { change: 'a signature', row: sertifikatRow(), sources: { signatures: new Map([[PEMBIMBING_ID, signaturePng(1)], [BUSHEAD_ID, signaturePng(1)]]) } },
  ])('should give a different file id when $change differs', ({ row, sources }) => {
    const base = fileId(certificatePdf([documentInput()]));
    const other = fileId(certificatePdf([documentInput(row, sources)]));
    expect(base).toMatch(/^[0-9A-F]{32}$/);
    expect(other).toMatch(/^[0-9A-F]{32}$/);
    expect(other).not.toBe(base);
  });

  it('should put a batch on one page per certificate, embedding each signature once', async () => {
    const inputs = [documentInput(), documentInput(sertifikatRow({ id: 43, nama: 'Budi Hartono' })), documentInput(mahasiswaRow())];
    const progress: [number, number][] = [];
    const bytes = certificatePdf(inputs, (done, total) => progress.push([done, total]));
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain('Budi Hartono');
    expect(pages[2]).toContain('NIM: 140810220033');
    expect(progress).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(imageObjects(bytes)).toBe(imageObjects(certificatePdf([documentInput()])));
    expect(imageObjects(bytes)).toBe(4);
  });

  it('should print a 60-character name whole and leave a blank line for a missing signature', async () => {
    const nama = 'Muhammad Rizky Ananda Pratama Wijayakusuma Hadiningrat Putra';
    const row = mahasiswaRow({ nama, penandatangan: { Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64) }, BusHead: null } });
    const bytes = certificatePdf([documentInput(row)]);
    const [page] = await pdfText(bytes);
    expect(page).toContain(nama);
    expect(page).toContain('Business Head');
    expect(page).not.toContain('dewi.lestari');
    expect(imageObjects(bytes)).toBe(2);
  });
});

describe('daftarNilaiPdf', () => {
  it('should print the identity, every score, the average and the thresholds', async () => {
    const text = (await pdfText(daftarNilaiPdf(documentInput()))).join(' ');
    for (const expected of ['DAFTAR NILAI MAGANG', 'Nomor: 0042/MAGANG/SMK/2026', 'Siti Nurhaliza Putri', 'Disiplin dan Kehadiran', '92', 'Rata-rata', '87,00', 'A: 86 – 100 Sangat Memuaskan', 'budi.santoso']) {
      expect(text).toContain(expected);
    }
  });

  it('should run 30 competencies over pages with numbered pages and the signatures after the table', async () => {
    const pages = await pdfText(daftarNilaiPdf(documentInput(sertifikatRow({ nilai: scores(30) }))));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join(' ');
    for (let i = 1; i <= 30; i++) expect(all).toContain(i <= 6 ? '' : `Kompetensi Tambahan Nomor ${i}`);
    expect(pages[0]).toContain(`Halaman 1 dari ${pages.length}`);
    const last = pages[pages.length - 1] ?? '';
    expect(last).toContain('Rata-rata');
    expect(last).toContain('dewi.lestari');
    // The head row repeats on the continuation page.
    expect(pages[1]).toContain('Kompetensi');
  });

  it('should make the same bytes twice', () => {
    const input = documentInput(mahasiswaRow({ nilai: scores(25) }));
    expect(Buffer.from(daftarNilaiPdf(input)).equals(Buffer.from(daftarNilaiPdf(documentInput(mahasiswaRow({ nilai: scores(25) })))))).toBe(true);
  });
});

describe('certificatePptx', () => {
  it('should hold the name and number in the slide', async () => {
    const zip = await JSZip.loadAsync(await certificatePptx(documentInput()));
    const slide = await zip.file('ppt/slides/slide1.xml')?.async('string');
    expect(slide).toContain('Siti Nurhaliza Putri');
    expect(slide).toContain('Nomor: 0042/MAGANG/SMK/2026');
    expect(slide).toContain('Georgia');
    expect(Object.keys(zip.files).filter((name) => name.startsWith('ppt/media/') && !name.endsWith('/'))).toHaveLength(2);
  });
});

describe('certificateSvg', () => {
  it('should embed its fonts and images and render with resvg', () => {
    const input = documentInput(sertifikatRow(), { organisasi: { nama: 'PT Maju & Jaya <Persero>', kota: 'Bandung' } });
    const svg = certificateSvg(input);
    expect(svg).toContain('Siti Nurhaliza Putri');
    expect(svg).toContain('PT MAJU &#38; JAYA &#60;PERSERO&#62;');
    expect(svg).toContain("src:url(data:font/ttf;base64,");
    expect(svg.match(/href="data:image\/png;base64,/g)).toHaveLength(2);
    // resvg-js (Node) loads fonts from files only.
    const dir = mkdtempSync(join(tmpdir(), 'magang-fonts-'));
    const fontFiles = documentFontFiles().map((font, i) => {
      const path = join(dir, `font-${i}.ttf`);
      writeFileSync(path, font.ttf);
      return path;
    });
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: 1123 }, font: { loadSystemFonts: false, fontFiles } }).render();
    expect(png.width).toBe(1123);
    expect(png.height).toBe(794);
    expect(Buffer.from(png.asPng()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('should be the same string for equal inputs', () => {
    expect(certificateSvg(documentInput())).toBe(certificateSvg(documentInput()));
  });
});

describe('documentFontFiles', () => {
  it('should give the four embedded TTFs', () => {
    const files = documentFontFiles();
    expect(files.map((f) => `${f.family} ${f.weight}`)).toEqual(['Noto Serif normal', 'Noto Serif bold', 'Noto Sans normal', 'Noto Sans bold']);
    for (const file of files) expect([...file.ttf.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
  });
});
