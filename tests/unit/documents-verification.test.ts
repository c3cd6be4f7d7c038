import { describe, expect, it } from 'vitest';
import { certificateLayout } from '@/documents/certificate-layout';
import { daftarNilaiLayout } from '@/documents/daftar-nilai-layout';
import { MM_PER_PT, textWidth } from '@/documents/fonts';
import type { DocumentVerification } from '@/documents/input';
import type { Box, LayoutElement, PageLayout, QrElement } from '@/documents/layout-types';
import { certificatePdf, certificatePptx, certificateSvg, daftarNilaiPdf } from '@/documents/make';
import { QR_QUIET_ZONE, qrModules } from '@/documents/verification';
import { VERIFIKASI_DOKUMEN } from '@/domain/sertifikat';
import { decodePdfQr, decodeSvgQr, pdfFilledRectGroups, pptxCustomShapeRects, svgQrRects } from '../helpers/document-qr';
import { BUSHEAD_ID, PEMBIMBING_ID, documentInput, mahasiswaRow, scores, sertifikatRow } from '../helpers/documents';

const VERIFIKASI: DocumentVerification = { kode: '7K3M-9QXP', url: 'https://magang.nusantaradigital.co.id/verifikasi/7K3M-9QXP' };
const withCode = (row = sertifikatRow(), verifikasi: DocumentVerification | null = VERIFIKASI) => documentInput(row, { verifikasi });

const allElements = (layout: PageLayout) => [...layout.elements, ...(layout.after?.elements ?? [])];
function qrOf(layout: PageLayout): QrElement {
  const qr = allElements(layout).filter((e): e is QrElement => e.kind === 'qr');
  expect(qr).toHaveLength(1);
  return qr[0] as QrElement;
}

/** The module matrix the rectangles of a QR element cover, checking each sits on the module grid. */
function matrixOf(qr: QrElement, modules: number): boolean[][] {
  const module = qr.size / (modules + 2 * QR_QUIET_ZONE);
  const matrix = Array.from({ length: modules }, () => Array<boolean>(modules).fill(false));
  for (const rect of qr.rects) {
    const [col, row, length] = [(rect.x - qr.x) / module - QR_QUIET_ZONE, (rect.y - qr.y) / module - QR_QUIET_ZONE, rect.w / module];
    for (const value of [col, row, length]) expect(Math.abs(value - Math.round(value))).toBeLessThan(1e-9);
    expect(rect.h).toBeCloseTo(module, 9);
    for (let c = Math.round(col); c < Math.round(col + length); c++) {
      const cells = matrix[Math.round(row)] as boolean[];
      expect(cells[c], 'rectangles overlap').toBe(false);
      cells[c] = true;
    }
  }
  return matrix;
}

function expectSameRects(actual: readonly Box[], expected: readonly Box[], tolerance: number, dy = 0): void {
  expect(actual).toHaveLength(expected.length);
  for (const [i, rect] of expected.entries()) {
    const got = actual[i] as Box;
    expect(Math.abs(got.x - rect.x), `x of rect ${i}`).toBeLessThan(tolerance);
    expect(Math.abs(got.y - (rect.y + dy)), `y of rect ${i}`).toBeLessThan(tolerance);
    expect(Math.abs(got.w - rect.w), `w of rect ${i}`).toBeLessThan(tolerance);
    expect(Math.abs(got.h - rect.h), `h of rect ${i}`).toBeLessThan(tolerance);
  }
}

/** The box an element covers on the page (text: its printed width, ascender to descender). */
function boxOf(element: LayoutElement): Box {
  switch (element.kind) {
    case 'text': {
      const width = textWidth(element.text, element.font, element.weight, element.size);
      const x = element.align === 'left' ? element.x : element.align === 'center' ? element.x - width / 2 : element.x - width;
      const size = element.size * MM_PER_PT;
      return { x, y: element.y - 0.75 * size, w: width, h: size };
    }
    case 'line':
      return { x: Math.min(element.x1, element.x2), y: Math.min(element.y1, element.y2) - element.width / 2, w: Math.abs(element.x2 - element.x1), h: Math.abs(element.y2 - element.y1) + element.width };
    case 'rect':
    case 'image':
      return { x: element.x, y: element.y, w: element.w, h: element.h };
    case 'qr':
      return { x: element.x, y: element.y, w: element.size, h: element.size };
  }
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The verification elements (the QR code and its two lines) and the others, the frame left out. */
function verificationAndRest(elements: readonly LayoutElement[]): [LayoutElement[], LayoutElement[]] {
  const isVerification = (e: LayoutElement) => e.kind === 'qr' || (e.kind === 'text' && (e.text.startsWith('Kode verifikasi') || e.text.startsWith('Periksa keaslian')));
  return [elements.filter(isVerification), elements.filter((e) => !isVerification(e) && !(e.kind === 'rect' && e.fill === null))];
}

const LONG_SIGNERS = {
  Pembimbing: { id: PEMBIMBING_ID, username: 'bambang.sutrisno.wicaksono.adiwilaga.putra', signature: 'a'.repeat(64) },
  BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari.kusumanegara.hadiningrat.sari', signature: 'b'.repeat(64) },
};
const LONG_ROW = mahasiswaRow({
  nama: 'Muhammad Rizky Ananda Pratama Wijayakusuma Hadiningrat Putra Raden Mas Bagus Wicaksono Adiwilaga',
  divisi: { id: 9, nama: 'Riset dan Pengembangan Produk Digital Nasional dan Internasional' },
  penandatangan: LONG_SIGNERS,
});
const LONG_VERIFIKASI = { kode: 'ABCD-EFGH-JKLM', url: `https://sertifikat.perusahaan-listrik-nusantara-raya.co.id/magang/verifikasi/ABCD-EFGH-JKLM` };

describe('the verification QR code in the layouts', () => {
  it.each([
    { name: 'certificate', layout: certificateLayout },
    { name: 'Daftar Nilai', layout: daftarNilaiLayout },
  ])('should draw the $name QR code as the runs of dark modules of the URL, row by row', ({ layout }) => {
    const qr = qrOf(layout(withCode()));
    expect(qr.text).toBe(VERIFIKASI.url);
    const modules = qrModules(VERIFIKASI.url);
    expect(matrixOf(qr, modules.length)).toEqual(modules);
    // Runs are merged: no rectangle starts where the one before it in the row ends.
    for (const [i, rect] of qr.rects.entries()) {
      const previous = qr.rects[i - 1];
      if (previous && previous.y === rect.y) expect(previous.x + previous.w).toBeLessThan(rect.x - 1e-9);
    }
    expect(qr.rects.length).toBeLessThan(modules.flat().filter(Boolean).length);
  });

  it.each([
    { name: 'certificate', layout: certificateLayout },
    { name: 'Daftar Nilai', layout: daftarNilaiLayout },
  ])('should print the code and where to check it on the $name', ({ layout }) => {
    const texts = allElements(layout(withCode())).flatMap((e) => (e.kind === 'text' ? [e.text] : []));
    expect(texts).toContain(VERIFIKASI_DOKUMEN.kode('7K3M-9QXP'));
    expect(texts).toContain(VERIFIKASI_DOKUMEN.periksa(VERIFIKASI.url));
    expect(texts).toContain('Kode verifikasi: 7K3M-9QXP');
    expect(texts).toContain('Periksa keaslian di https://magang.nusantaradigital.co.id/verifikasi/7K3M-9QXP');
  });

  it.each([
    { name: 'certificate', layout: certificateLayout, row: sertifikatRow(), verifikasi: VERIFIKASI },
    { name: 'certificate with long texts and names', layout: certificateLayout, row: LONG_ROW, verifikasi: LONG_VERIFIKASI },
    { name: 'Daftar Nilai', layout: daftarNilaiLayout, row: sertifikatRow(), verifikasi: VERIFIKASI },
    { name: 'Daftar Nilai with long names', layout: daftarNilaiLayout, row: LONG_ROW, verifikasi: LONG_VERIFIKASI },
  ])('should keep the QR code and its lines clear of everything else on the $name', ({ layout, row, verifikasi }) => {
    const page = layout(documentInput(row, { verifikasi, organisasi: { nama: 'PT Perusahaan Listrik dan Telekomunikasi Nusantara Raya (Persero) Tbk', kota: 'Jakarta' } }));
    for (const elements of [page.elements, page.after?.elements ?? []]) {
      const [verification, rest] = verificationAndRest(elements);
      for (const mine of verification) {
        for (const other of rest) expect(overlap(boxOf(mine), boxOf(other)), `${JSON.stringify(boxOf(mine))} overlaps ${JSON.stringify(other).slice(0, 120)}`).toBe(false);
        const box = boxOf(mine);
        expect(box.x).toBeGreaterThan(13);
        expect(box.x + box.w).toBeLessThan(page.width - 13);
        if (page.orientation === 'landscape') expect(box.y + box.h).toBeLessThan(page.height - 13);
      }
      for (const [i, a] of verification.entries()) {
        for (const b of verification.slice(i + 1)) expect(overlap(boxOf(a), boxOf(b))).toBe(false);
      }
    }
    // The block after the table still fits on a fresh page.
    if (page.after && page.table) expect(page.after.height + page.table.continueY).toBeLessThan(page.table.bottom);
  });

  it('should leave the layouts exactly as they were without a verification', () => {
    for (const layout of [certificateLayout, daftarNilaiLayout]) {
      expect(layout(withCode(sertifikatRow(), null))).toEqual(layout(documentInput()));
      expect(allElements(layout(documentInput())).some((e) => e.kind === 'qr')).toBe(false);
    }
    expect(documentInput(sertifikatRow(), { verifikasi: null })).toEqual(documentInput());
    expect('verifikasi' in documentInput()).toBe(false);
  });
});

describe('the verification QR code in each renderer', () => {
  it('should be the same rectangles in the certificate PDF, PPTX and SVG', async () => {
    const input = withCode();
    const qr = qrOf(certificateLayout(input));
    // jsPDF writes points with two decimals; PPTX inches with four; SVG millimetres with three.
    const pdfGroups = pdfFilledRectGroups(certificatePdf([input]), 210);
    expect(pdfGroups).toHaveLength(1);
    expectSameRects(pdfGroups[0] ?? [], qr.rects, 0.005);
    expectSameRects(await pptxCustomShapeRects(await certificatePptx(input)), qr.rects, 0.01);
    expectSameRects(svgQrRects(certificateSvg(input)), qr.rects, 0.001);
  });

  it('should be the layout\'s rectangles in the Daftar Nilai PDF, moved down with the block after the table', () => {
    const input = withCode(sertifikatRow({ nilai: scores(8) }));
    const qr = qrOf(daftarNilaiLayout(input));
    const groups = pdfFilledRectGroups(daftarNilaiPdf(input), 297);
    expect(groups).toHaveLength(1);
    const drawn = groups[0] ?? [];
    const dy = (drawn[0]?.y ?? 0) - (qr.rects[0]?.y ?? 0);
    expect(dy).toBeGreaterThan(100);
    expectSameRects(drawn, qr.rects, 0.005, dy);
  });

  it('should draw nothing of it without a verification', async () => {
    expect(pdfFilledRectGroups(certificatePdf([documentInput()]), 210)).toEqual([]);
    expect(pdfFilledRectGroups(daftarNilaiPdf(documentInput()), 297)).toEqual([]);
    expect(await pptxCustomShapeRects(await certificatePptx(documentInput()))).toEqual([]);
    expect(certificateSvg(documentInput())).not.toContain('<path');
  });
});

describe('the bytes of documents with a verification', () => {
  it('should be the same PDF bytes when made twice', () => {
    const batch = () => certificatePdf([withCode(), withCode(mahasiswaRow(), LONG_VERIFIKASI)]);
    expect(Buffer.from(batch()).equals(Buffer.from(batch()))).toBe(true);
    expect(Buffer.from(daftarNilaiPdf(withCode())).equals(Buffer.from(daftarNilaiPdf(withCode())))).toBe(true);
    expect(certificateSvg(withCode())).toBe(certificateSvg(withCode()));
  });

  it('should be the very same bytes as today without one (null or absent)', () => {
    expect(Buffer.from(certificatePdf([withCode(sertifikatRow(), null)])).equals(Buffer.from(certificatePdf([documentInput()])))).toBe(true);
    expect(Buffer.from(daftarNilaiPdf(withCode(sertifikatRow(), null))).equals(Buffer.from(daftarNilaiPdf(documentInput())))).toBe(true);
    // A null written straight into the input hashes as an absent one too.
    const explicitNull = { ...documentInput(), verifikasi: null };
    expect(Buffer.from(certificatePdf([explicitNull])).equals(Buffer.from(certificatePdf([documentInput()])))).toBe(true);
    expect(certificateSvg(withCode(sertifikatRow(), null))).toBe(certificateSvg(documentInput()));
  });

  it('should give another file id for another code', () => {
    const fileId = (bytes: Uint8Array) => /\/ID \[ ?<([0-9A-F]+)>/.exec(Buffer.from(bytes).toString('latin1'))?.[1];
    const ids = [documentInput(), withCode(), withCode(sertifikatRow(), { kode: 'ZZZZ-0000', url: 'https://magang.nusantaradigital.co.id/verifikasi/ZZZZ-0000' })].map((input) =>
      fileId(certificatePdf([input])),
    );
    expect(new Set(ids).size).toBe(3);
  });
});

describe('reading the QR code back', () => {
  it.each([
    { name: 'certificate PDF', pdf: () => certificatePdf([withCode()]), url: VERIFIKASI.url },
    { name: 'Daftar Nilai PDF', pdf: () => daftarNilaiPdf(withCode()), url: VERIFIKASI.url },
    { name: 'certificate PDF with a long URL', pdf: () => certificatePdf([withCode(LONG_ROW, LONG_VERIFIKASI)]), url: LONG_VERIFIKASI.url },
  ])('should decode the URL from the $name rendered by pdftoppm at 150 dpi', ({ pdf, url }) => {
    expect(decodePdfQr(pdf())).toBe(url);
  });

  it('should decode the URL from the SVG preview rendered by resvg', () => {
    // 1123 px: the width of an A4 landscape page at 96 dpi, as the preview shows it.
    expect(decodeSvgQr(certificateSvg(withCode()), 1123)).toBe(VERIFIKASI.url);
  });
});
