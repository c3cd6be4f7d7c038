/**
 * Draws a one-page layout (no table) as a standalone SVG in millimetres: the fonts it uses as
 * @font-face data URLs and the images as data: URLs, so it works as an <img src> offline and
 * in resvg on the server (which is handed the same TTFs, see documentFontFiles()).
 */
import { FONT_FACES, MM_PER_PT, fontFace, toBase64 } from './fonts';
import type { LayoutElement, PageLayout } from './layout-types';

/** A number as SVG writes it: at most three decimals, no trailing zeros. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Text and attribute values with XML's special characters escaped. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const ANCHOR = { left: 'start', center: 'middle', right: 'end' } as const;

function elementSvg(element: LayoutElement): string {
  switch (element.kind) {
    case 'text': {
      const face = fontFace(element.font, element.weight);
      return (
        `<text x="${num(element.x)}" y="${num(element.y)}" font-family="${face.name}" font-weight="${element.weight === 'bold' ? 700 : 400}"` +
        ` font-size="${num(element.size * MM_PER_PT)}" fill="${element.color}" text-anchor="${ANCHOR[element.align]}">${escapeXml(element.text)}</text>`
      );
    }
    case 'line':
      return `<line x1="${num(element.x1)}" y1="${num(element.y1)}" x2="${num(element.x2)}" y2="${num(element.y2)}" stroke="${element.color}" stroke-width="${num(element.width)}"/>`;
    case 'rect': {
      const stroke = element.stroke ? ` stroke="${element.stroke.color}" stroke-width="${num(element.stroke.width)}"` : '';
      return `<rect x="${num(element.x)}" y="${num(element.y)}" width="${num(element.w)}" height="${num(element.h)}" fill="${element.fill ?? 'none'}"${stroke}/>`;
    }
    case 'image':
      return `<image x="${num(element.x)}" y="${num(element.y)}" width="${num(element.w)}" height="${num(element.h)}" preserveAspectRatio="none" href="data:image/png;base64,${toBase64(element.png)}"/>`;
    case 'qr': {
      // One path, a closed rectangle per dark run; crisp edges leave no seams between rows.
      const d = element.rects.map((r) => `M${num(r.x)} ${num(r.y)}h${num(r.w)}v${num(r.h)}h${num(-r.w)}z`).join('');
      return `<path fill="${element.color}" shape-rendering="crispEdges" d="${d}"><title>${escapeXml(element.text)}</title></path>`;
    }
  }
}

/** The layout's elements as an SVG document (its table, if any, is not drawn). */
export function renderSvg(layout: PageLayout): string {
  const used = new Set(layout.elements.flatMap((element) => (element.kind === 'text' ? [fontFace(element.font, element.weight)] : [])));
  const fontFaces = FONT_FACES.filter((face) => used.has(face))
    .map(
      (face) =>
        `@font-face{font-family:'${face.name}';font-style:normal;font-weight:${face.weight === 'bold' ? 700 : 400};` +
        `src:url(data:font/ttf;base64,${face.base64}) format('truetype');}`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}mm" height="${layout.height}mm" viewBox="0 0 ${layout.width} ${layout.height}">`,
    `<title>${escapeXml(layout.title)}</title>`,
    `<style>${fontFaces}</style>`,
    `<rect width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
    ...layout.elements.map(elementSvg),
    '</svg>',
    '',
  ].join('\n');
}
