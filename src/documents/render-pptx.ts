/**
 * Draws a one-page layout (no table) as a one-slide PPTX with pptxgenjs. PowerPoint files
 * cannot carry the embedded fonts, so text uses system fonts (Georgia, Arial) in boxes as
 * wide as the room the layout fitted it to, and shrinks on overflow.
 */
import PptxGenJS from 'pptxgenjs';
import { MM_PER_PT, toBase64 } from './fonts';
import type { FontFamily, LayoutElement, PageLayout } from './layout-types';

const MM_PER_INCH = 25.4;
const SYSTEM_FONT: Record<FontFamily, string> = { serif: 'Georgia', sans: 'Arial' };

const CUSTOM_GEOMETRY = 'custGeom' as PptxGenJS.SHAPE_NAME;

const inch = (mm: number) => Math.round((mm / MM_PER_INCH) * 10000) / 10000;
const hex = (color: string) => color.replace('#', '').toUpperCase();

function addElement(pptx: PptxGenJS, slide: PptxGenJS.Slide, element: LayoutElement): void {
  switch (element.kind) {
    case 'text': {
      const sizeMm = element.size * MM_PER_PT;
      // A box centred on the middle of the capitals: the layout gives baselines.
      const height = sizeMm * 1.7;
      const top = element.y - sizeMm * 0.35 - height / 2;
      const left = element.align === 'left' ? element.x : element.align === 'center' ? element.x - element.maxWidth / 2 : element.x - element.maxWidth;
      slide.addText(element.text, {
        x: inch(left),
        y: inch(top),
        w: inch(element.maxWidth),
        h: inch(height),
        margin: 0,
        fontFace: SYSTEM_FONT[element.font],
        fontSize: element.size,
        bold: element.weight === 'bold',
        color: hex(element.color),
        align: element.align,
        valign: 'middle',
        fit: 'shrink',
        wrap: false,
      });
      return;
    }
    case 'line':
      slide.addShape(pptx.ShapeType.line, {
        x: inch(Math.min(element.x1, element.x2)),
        y: inch(Math.min(element.y1, element.y2)),
        w: inch(Math.abs(element.x2 - element.x1)),
        h: inch(Math.abs(element.y2 - element.y1)),
        line: { color: hex(element.color), width: element.width / MM_PER_PT },
      });
      return;
    case 'rect':
      slide.addShape(pptx.ShapeType.rect, {
        x: inch(element.x),
        y: inch(element.y),
        w: inch(element.w),
        h: inch(element.h),
        fill: element.fill ? { color: hex(element.fill) } : { type: 'none' },
        line: element.stroke ? { color: hex(element.stroke.color), width: element.stroke.width / MM_PER_PT } : { type: 'none' },
      });
      return;
    case 'image':
      slide.addImage({ data: `image/png;base64,${toBase64(element.png)}`, x: inch(element.x), y: inch(element.y), w: inch(element.w), h: inch(element.h) });
      return;
    case 'qr':
      // One custom shape (it moves as one in PowerPoint) of a closed sub-path per dark run, in
      // inches from the shape's corner. pptxgenjs writes 'custGeom' from `points`; its type
      // list of shape names leaves that name out.
      slide.addShape(CUSTOM_GEOMETRY, {
        x: inch(element.x),
        y: inch(element.y),
        w: inch(element.size),
        h: inch(element.size),
        fill: { color: hex(element.color) },
        line: { type: 'none' },
        points: element.rects.flatMap((r) => {
          const [left, top, right, bottom] = [inch(r.x - element.x), inch(r.y - element.y), inch(r.x + r.w - element.x), inch(r.y + r.h - element.y)];
          return [
            { x: left, y: top, moveTo: true },
            { x: right, y: top },
            { x: right, y: bottom },
            { x: left, y: bottom },
            { close: true } as const,
          ];
        }),
      });
      return;
  }
}

/** The layout as a one-slide PPTX of its page size. */
export async function renderPptx(layout: PageLayout, meta: { author: string; subject: string }): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.defineLayout({ name: 'DOCUMENT', width: inch(layout.width), height: inch(layout.height) });
  pptx.layout = 'DOCUMENT';
  pptx.title = layout.title;
  pptx.subject = meta.subject;
  pptx.author = meta.author;
  pptx.company = meta.author;
  const slide = pptx.addSlide();
  slide.background = { color: 'FFFFFF' };
  for (const element of layout.elements) addElement(pptx, slide, element);
  const out = await pptx.write({ outputType: 'uint8array' });
  if (!(out instanceof Uint8Array)) throw new Error('PPTX tidak dapat dibuat');
  return out;
}
