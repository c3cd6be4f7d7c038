/**
 * Pieces both documents share: the palette, a text element builder that fits or wraps with
 * the embedded fonts' widths, the size of a PNG, the logo's fitting, and the signature blocks under
 * the date line.
 */
import { imageAlias } from './file-id';
import { MM_PER_PT, fitSize, printable, textWidth, wrapText } from './fonts';
import type { DocumentSigner } from './input';
import type { Color, ImageElement, LayoutElement, TextElement, TextStyle } from './layout-types';

/** Colours of the documents: navy ink, a muted gold accent, dark text, grey notes. */
export const PALETTE = {
  navy: '#1f3a5f',
  gold: '#b08d57',
  goldLight: '#e9dcc3',
  ink: '#1f2933',
  grey: '#52606d',
  rule: '#9aa5b1',
  stripe: '#f4f1ea',
  white: '#ffffff',
} as const satisfies Record<string, Color>;

/** Distance between two baselines of `size`-point text, in mm. */
export function lineHeight(size: number, factor = 1.35): number {
  return size * MM_PER_PT * factor;
}

/** One line of text; shrinks from `style.size` down to `minSize` to fit `maxWidth`. */
export function textLine(
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  align: TextElement['align'],
  maxWidth: number,
  minSize = style.size,
): TextElement {
  const clean = printable(text);
  const size = fitSize(clean, style.font, style.weight, style.size, minSize, maxWidth);
  return { kind: 'text', text: clean, x, y, align, maxWidth, ...style, size };
}

/** `text` wrapped to `maxWidth`: one element per line, the first baseline at `y`. */
export function textLines(
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  align: TextElement['align'],
  maxWidth: number,
  leading = lineHeight(style.size),
): TextElement[] {
  return wrapText(printable(text), style.font, style.weight, style.size, maxWidth).map((line, i) => ({
    kind: 'text',
    text: line,
    x,
    y: y + i * leading,
    align,
    maxWidth,
    ...style,
  }));
}

/**
 * One line of text that never runs past `maxWidth`: shrinks down to `minSize`, then is cut
 * and ends in '...' (for free texts such as full names and job titles, up to 200 characters).
 */
export function clippedLine(
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  align: TextElement['align'],
  maxWidth: number,
  minSize: number,
): TextElement {
  const line = textLine(text, x, y, style, align, maxWidth, minSize);
  if (elementWidth(line) <= maxWidth) return line;
  let cut = line.text.length;
  while (cut > 1 && textWidth(`${line.text.slice(0, cut).trimEnd()}...`, line.font, line.weight, line.size) > maxWidth) cut -= 1;
  return { ...line, text: `${line.text.slice(0, cut).trimEnd()}...` };
}

/** Width and height in pixels of a PNG, or null when the bytes are not a PNG. */
function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((byte, i) => png[i] !== byte)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The organisation's logo fitted into a box (its aspect ratio kept), centred across the box or
 * at its left edge, resting on its bottom edge; null when the bytes are not a PNG.
 */
export function logoImage(png: Uint8Array, box: { x: number; y: number; w: number; h: number }, align: 'center' | 'left' = 'center'): ImageElement | null {
  const size = pngSize(png);
  if (!size) return null;
  const scale = Math.min(box.w / size.width, box.h / size.height);
  const w = size.width * scale;
  const h = size.height * scale;
  const x = align === 'left' ? box.x : box.x + (box.w - w) / 2;
  return { kind: 'image', png, alias: imageAlias(png), x, y: box.y + box.h - h, w, h };
}

/** Room of one signature block. */
interface SignatureBox {
  /** Centre of the block. */
  x: number;
  /** Baseline of the job title. */
  y: number;
  /** Width of the signing line. */
  width: number;
  /** Room of the name and title lines (default: the line's width + 10). */
  textWidth?: number;
  /** Height of the space for the signature image. */
  imageHeight: number;
  size: number;
}

/**
 * One signature block: the signing step's label, the signature image fitted into its box (or
 * blank space to sign by hand), the signing line, the signer's full name (else username) under
 * it and their job title under that (nothing under a line whose signer is gone).
 */
function signatureBlock(signer: DocumentSigner, box: SignatureBox): LayoutElement[] {
  const label: TextStyle = { font: 'sans', weight: 'normal', size: box.size, color: PALETTE.ink };
  const elements: LayoutElement[] = [textLine(signer.jabatan, box.x, box.y, label, 'center', box.width + 20, box.size - 2)];
  const { top, lineY, nameY } = signatureRows(box);
  const size = signer.png ? pngSize(signer.png) : null;
  if (signer.png && size) {
    const scale = Math.min(box.width / size.width, box.imageHeight / size.height);
    const w = size.width * scale;
    const h = size.height * scale;
    // Centred over the line, resting on it: a signature sits on its line.
    elements.push({ kind: 'image', png: signer.png, alias: imageAlias(signer.png), x: box.x - w / 2, y: top + box.imageHeight - h, w, h });
  }
  elements.push({ kind: 'line', x1: box.x - box.width / 2, y1: lineY, x2: box.x + box.width / 2, y2: lineY, width: 0.3, color: PALETTE.ink });
  const room = box.textWidth ?? box.width + 10;
  if (signer.nama !== null) {
    const name: TextStyle = { font: 'sans', weight: 'bold', size: box.size, color: PALETTE.ink };
    elements.push(
      signer.namaLengkap
        ? clippedLine(signer.nama, box.x, nameY, name, 'center', room, box.size - 4.5)
        : textLine(signer.nama, box.x, nameY, name, 'center', room, box.size - 3),
    );
  }
  if (signer.nama !== null && signer.jabatanPenandatangan) {
    const title: TextStyle = { font: 'sans', weight: 'normal', size: box.size - 2, color: PALETTE.grey };
    elements.push(clippedLine(signer.jabatanPenandatangan, box.x, titleRowY(nameY, box.size), title, 'center', room, box.size - 5));
  }
  return elements;
}

/**
 * The rows of a signature block below its title: the top of the image space, the signing
 * line and the signer's name (baseline), in mm.
 */
export function signatureRows(box: Pick<SignatureBox, 'y' | 'imageHeight' | 'size'>): { top: number; lineY: number; nameY: number } {
  const top = box.y + 2;
  const lineY = top + box.imageHeight + 1.5;
  return { top, lineY, nameY: lineY + lineHeight(box.size, 1.25) };
}

/** Baseline of a signer's job title, under the name's baseline `nameY`. */
function titleRowY(nameY: number, size: number): number {
  return nameY + lineHeight(size - 2, 1.2);
}

/** Whether any of `signers` prints a job title line (under a name). */
export function hasTitleLine(signers: readonly DocumentSigner[]): boolean {
  return signers.some((signer) => signer.nama !== null && signer.jabatanPenandatangan !== undefined);
}

/**
 * The baseline of the lowest text row of the signature blocks: the names' row, or the titles'
 * row when a signer has a title.
 */
export function lowestSignatureRowY(signers: readonly DocumentSigner[], box: Pick<SignatureBox, 'y' | 'imageHeight' | 'size'>): number {
  const { nameY } = signatureRows(box);
  return hasTitleLine(signers) ? titleRowY(nameY, box.size) : nameY;
}

/**
 * Baseline of a verification block's URL line between the signature blocks: under the names'
 * row, or under the titles' row when a signer has a title (a long URL reaches past the names'
 * inner edges, so it must not share a row with text).
 */
export function verificationUrlY(signers: readonly DocumentSigner[], box: Pick<SignatureBox, 'y' | 'imageHeight' | 'size'>): number {
  return hasTitleLine(signers) ? lowestSignatureRowY(signers, box) + 3.6 : signatureRows(box).nameY + 4.2;
}

/**
 * Height of the signature blocks from their label's baseline to the lowest baseline (the
 * names', or the titles' when a signer has one).
 */
export function signatureBlockHeight(box: Pick<SignatureBox, 'imageHeight' | 'size'>, signers: readonly DocumentSigner[] = []): number {
  return lowestSignatureRowY(signers, { ...box, y: 0 });
}

/** Signature blocks side by side, centred on `centers` (Pembimbing left, BusHead right). */
export function signatureBlocks(signers: readonly DocumentSigner[], centers: readonly number[], box: Omit<SignatureBox, 'x'>): LayoutElement[] {
  return signers.flatMap((signer, i) => signatureBlock(signer, { ...box, x: centers[i] ?? centers[centers.length - 1] ?? 0 }));
}

/** Width of a text element as the PDF prints it, in mm. */
export function elementWidth(element: TextElement): number {
  return textWidth(element.text, element.font, element.weight, element.size);
}
