/**
 * The verification block of a document: the QR code of its verification URL, the short code
 * and a line saying where to check it. The code is drawn from its module matrix (uqr, no
 * canvas or DOM) as filled rectangles, one per run of dark modules in a row: vector shapes
 * that the PDF, PPTX and SVG renderers draw alike, so the bytes do not depend on a bitmap.
 */
import { encode } from 'uqr';
import { VERIFIKASI_DOKUMEN } from '../domain/sertifikat';
import type { DocumentVerification } from './input';
import { PALETTE, textLine } from './layout-common';
import type { Box, Color, LayoutElement, QrElement, TextStyle } from './layout-types';

/** Light modules kept clear around the code: the four the QR standard asks of a reader. */
export const QR_QUIET_ZONE = 4;
/** Side of a document's QR code with its quiet zone, mm: about 19 mm of modules, easily scanned from paper. */
const QR_SIZE = 24;

/**
 * The module matrix of `text` (true: dark), without its quiet zone. Level M (15% may be lost)
 * keeps a verification URL at version 4–5, so the modules stay large on a 2 cm print.
 */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** The QR code of `text` filling the `size` mm square at (x, y), its quiet zone included. */
export function qrElement(text: string, x: number, y: number, size: number, color: Color): QrElement {
  const modules = qrModules(text);
  const module = size / (modules.length + 2 * QR_QUIET_ZONE);
  const rects: Box[] = [];
  for (const [row, cells] of modules.entries()) {
    let start = -1;
    // One step past the row's end closes a run that reaches it.
    for (let col = 0; col <= cells.length; col++) {
      const dark = cells[col] === true;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        rects.push({ x: x + (QR_QUIET_ZONE + start) * module, y: y + (QR_QUIET_ZONE + row) * module, w: (col - start) * module, h: module });
        start = -1;
      }
    }
  }
  return { kind: 'qr', text, x, y, size, color, rects };
}

/**
 * Where a document puts its verification block: between its two signatures, the QR code
 * resting on the signing lines' height, the code on the names' row and the URL below them.
 */
export interface VerificationPlace {
  /** Centre of the block. */
  x: number;
  /** Bottom of the QR code's square (quiet zone included). */
  qrBottom: number;
  /** Baseline of 'Kode verifikasi: …' and the room it may take. */
  kodeY: number;
  kodeWidth: number;
  /** Baseline of 'Periksa keaslian di …' and the room it may take. */
  urlY: number;
  urlWidth: number;
}

const note = (size: number): TextStyle => ({ font: 'sans', weight: 'normal', size, color: PALETTE.grey });

/** The QR code of the verification URL, the code under it and the URL line, centred on `place.x`. */
export function verificationElements(verifikasi: DocumentVerification, place: VerificationPlace): LayoutElement[] {
  return [
    qrElement(verifikasi.url, place.x - QR_SIZE / 2, place.qrBottom - QR_SIZE, QR_SIZE, PALETTE.ink),
    textLine(VERIFIKASI_DOKUMEN.kode(verifikasi.kode), place.x, place.kodeY, note(8), 'center', place.kodeWidth, 6),
    textLine(VERIFIKASI_DOKUMEN.periksa(verifikasi.url), place.x, place.urlY, note(7), 'center', place.urlWidth, 5.5),
  ];
}
