/**
 * A document described once as plain data, in millimetres from the top-left corner of the
 * page: what certificate-layout.ts and daftar-nilai-layout.ts build and what the PDF, PPTX and
 * SVG renderers draw. Nothing here knows a PDF library.
 */

/** The two typefaces of the documents (Noto Serif and Noto Sans, embedded; see fonts.ts). */
export type FontFamily = 'serif' | 'sans';
export type FontWeight = 'normal' | 'bold';

/** A colour as '#rrggbb'. */
export type Color = `#${string}`;

export interface TextStyle {
  font: FontFamily;
  weight: FontWeight;
  /** Font size in points. */
  size: number;
  color: Color;
}

/** One line of text; `y` is its baseline, `x` its left end, centre or right end by `align`. */
export interface TextElement extends TextStyle {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  align: 'left' | 'center' | 'right';
  /** The room the line was fitted to (renderers without the embedded fonts box the text in it). */
  maxWidth: number;
}

interface LineElement {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Stroke width in mm. */
  width: number;
  color: Color;
}

interface RectElement {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: Color | null;
  stroke: { color: Color; width: number } | null;
}

/** A PNG placed in a box (already fitted to keep its aspect ratio). */
export interface ImageElement {
  kind: 'image';
  png: Uint8Array;
  /** Derived from the PNG's bytes: a batch embeds each image once. */
  alias: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A rectangle in mm: x and y its top-left corner. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A QR code drawn as vector shapes: each run of dark modules in a row is one filled
 * rectangle, so every renderer draws the same shapes and no bitmap is involved.
 */
export interface QrElement {
  kind: 'qr';
  /** What the code holds (the verification URL). */
  text: string;
  /** The square the code fills, its quiet zone included. */
  x: number;
  y: number;
  size: number;
  color: Color;
  /** The dark runs, in page millimetres like every other element. */
  rects: Box[];
}

export type LayoutElement = TextElement | LineElement | RectElement | ImageElement | QrElement;

interface TableColumn {
  header: string;
  /** Width in mm; the columns add up to the table's width. */
  width: number;
  align: 'left' | 'center' | 'right';
}

/**
 * A table that may run over several pages (the PDF draws it with jspdf-autotable): its head
 * repeats on each page and `foot` closes it on the last one.
 */
export interface TableBlock {
  x: number;
  /** Top of the table on the first page. */
  y: number;
  columns: TableColumn[];
  rows: string[][];
  foot: string[];
  style: {
    font: FontFamily;
    size: number;
    color: Color;
    headFill: Color;
    headColor: Color;
    footFill: Color;
    stripeFill: Color;
    lineColor: Color;
    /** Cell padding in mm. */
    padding: number;
  };
  /** Top margin of a continuation page. */
  continueY: number;
  /** Lowest y a row may reach. */
  bottom: number;
}

/** Elements drawn after a table, relative to y = 0; kept together on one page. */
export interface FlowBlock {
  /** Space between the table's end and this block. */
  gap: number;
  height: number;
  elements: LayoutElement[];
}

/** A whole document page (or the first page of a flowing one). */
export interface PageLayout {
  /** Page size in mm (A4: 297 × 210 landscape, 210 × 297 portrait). */
  width: number;
  height: number;
  orientation: 'landscape' | 'portrait';
  /** PDF metadata title. */
  title: string;
  elements: LayoutElement[];
  table?: TableBlock;
  /** Drawn below the table, on a new page when it does not fit. */
  after?: FlowBlock;
  /** Printed at the bottom of each page when there is more than one: '{page}' and '{pages}' are replaced. */
  pageNumber?: Omit<TextElement, 'text'> & { template: string };
}
