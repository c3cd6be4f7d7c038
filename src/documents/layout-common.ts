/**
 * Pieces both documents share: the palette, a text element builder that fits or wraps with
 * the embedded fonts' widths, the size of a PNG, and the signature blocks under the date line.
 */
import { imageAlias } from './file-id';
import { MM_PER_PT, fitSize, printable, textWidth, wrapText } from './fonts';
import type { DocumentSigner } from './input';
import type { Color, LayoutElement, TextElement, TextStyle } from './layout-types';

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

/** Width and height in pixels of a PNG, or null when the bytes are not a PNG. */
function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((byte, i) => png[i] !== byte)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Room of one signature block. */
interface SignatureBox {
  /** Centre of the block. */
  x: number;
  /** Baseline of the job title. */
  y: number;
  /** Width of the signing line. */
  width: number;
  /** Height of the space for the signature image. */
  imageHeight: number;
  size: number;
}

/**
 * One signature block: the job title, the signature image fitted into its box (or blank
 * space to sign by hand), the signing line and the signer's name under it (nothing under a
 * line whose signer is gone).
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
  if (signer.nama !== null) {
    const name: TextStyle = { font: 'sans', weight: 'bold', size: box.size, color: PALETTE.ink };
    elements.push(textLine(signer.nama, box.x, nameY, name, 'center', box.width + 10, box.size - 3));
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

/** Height of a signature block from its title's baseline to its name's baseline. */
export function signatureBlockHeight(box: Pick<SignatureBox, 'imageHeight' | 'size'>): number {
  return 2 + box.imageHeight + 1.5 + lineHeight(box.size, 1.25);
}

/** Signature blocks side by side, centred on `centers` (Pembimbing left, BusHead right). */
export function signatureBlocks(signers: readonly DocumentSigner[], centers: readonly number[], box: Omit<SignatureBox, 'x'>): LayoutElement[] {
  return signers.flatMap((signer, i) => signatureBlock(signer, { ...box, x: centers[i] ?? centers[centers.length - 1] ?? 0 }));
}

/** Width of a text element as the PDF prints it, in mm. */
export function elementWidth(element: TextElement): number {
  return textWidth(element.text, element.font, element.weight, element.size);
}
