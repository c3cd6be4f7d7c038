/**
 * Draws page layouts with jsPDF (the table with jspdf-autotable). The fonts are embedded from
 * data (jsPDF 4 refuses file reads in Node), images are added once per alias, and the creation
 * date and file id come from the caller, so the same layouts give the same bytes in Node and
 * in the worker. Text stays text: a PDF reader can select and search it; a QR code is vector
 * rectangles.
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { FONT_FACES } from './fonts';
import type { FontFamily, LayoutElement, PageLayout, TableBlock, TextElement } from './layout-types';

/** Fixed metadata of a PDF: equal for equal data. */
interface PdfMeta {
  /** yyyy-mm-dd, written as midnight UTC. */
  creationDate: string;
  /** 32 hex digits. */
  fileId: string;
  author: string;
  subject: string;
}

/** The font name a family is registered under in jsPDF. */
const PDF_FONT: Record<FontFamily, string> = { serif: 'NotoSerif', sans: 'NotoSans' };

/** 'yyyy-mm-dd' as a PDF date at midnight UTC; the Unix epoch when it is not a date. */
function pdfDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const year = match ? Number(match[1]) : 0;
  // jsPDF accepts the years 1970–2037 only.
  const valid = match && year >= 1970 && year <= 2037 && Number(match[2]) >= 1 && Number(match[2]) <= 12;
  return valid ? `D:${match[1]}${match[2]}${match[3]}000000+00'00'` : "D:19700101000000+00'00'";
}

function newDocument(first: PageLayout, meta: PdfMeta, title: string): jsPDF {
  const doc = new jsPDF({ orientation: first.orientation, unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  for (const face of FONT_FACES) {
    doc.addFileToVFS(face.file, face.base64);
    doc.addFont(face.file, PDF_FONT[face.family], face.weight);
  }
  doc.setCreationDate(pdfDate(meta.creationDate));
  doc.setFileId(meta.fileId);
  doc.setProperties({ title, subject: meta.subject, author: meta.author, creator: 'Magang' });
  doc.setLanguage('id');
  return doc;
}

function drawText(doc: jsPDF, element: TextElement, dy = 0): void {
  doc.setFont(PDF_FONT[element.font], element.weight);
  doc.setFontSize(element.size);
  doc.setTextColor(element.color);
  doc.text(element.text, element.x, element.y + dy, { align: element.align, baseline: 'alphabetic' });
}

function drawElement(doc: jsPDF, element: LayoutElement, dy = 0): void {
  switch (element.kind) {
    case 'text':
      drawText(doc, element, dy);
      return;
    case 'line':
      doc.setDrawColor(element.color);
      doc.setLineWidth(element.width);
      doc.line(element.x1, element.y1 + dy, element.x2, element.y2 + dy);
      return;
    case 'rect': {
      if (element.fill) doc.setFillColor(element.fill);
      if (element.stroke) {
        doc.setDrawColor(element.stroke.color);
        doc.setLineWidth(element.stroke.width);
      }
      const style = element.fill && element.stroke ? 'FD' : element.fill ? 'F' : 'S';
      doc.rect(element.x, element.y + dy, element.w, element.h, style);
      return;
    }
    case 'image':
      // 'FAST' deflates the pixels (the default 'NONE' embeds them raw: a 1.5 MB file).
      doc.addImage(element.png, 'PNG', element.x, element.y + dy, element.w, element.h, element.alias, 'FAST');
      return;
    case 'qr':
      // One path of all the dark runs (a null style adds a rectangle without painting it), filled once.
      doc.setFillColor(element.color);
      for (const rect of element.rects) doc.rect(rect.x, rect.y + dy, rect.w, rect.h, null);
      doc.fill();
      return;
  }
}

/** Draws the table across as many pages as it needs; returns the y where it ended. */
function drawTable(doc: jsPDF, table: TableBlock, pageHeight: number, pageWidth: number): number {
  const width = table.columns.reduce((sum, column) => sum + column.width, 0);
  const { style } = table;
  autoTable(doc, {
    startY: table.y,
    margin: { left: table.x, right: pageWidth - table.x - width, top: table.continueY, bottom: pageHeight - table.bottom },
    tableWidth: width,
    theme: 'grid',
    head: [table.columns.map((column) => column.header)],
    body: table.rows,
    foot: [table.foot],
    showHead: 'everyPage',
    showFoot: 'lastPage',
    rowPageBreak: 'avoid',
    styles: {
      font: PDF_FONT[style.font],
      fontStyle: 'normal',
      fontSize: style.size,
      textColor: style.color,
      lineColor: style.lineColor,
      lineWidth: 0.2,
      cellPadding: style.padding,
      valign: 'middle',
      overflow: 'linebreak',
    },
    headStyles: { fillColor: style.headFill, textColor: style.headColor, fontStyle: 'bold' },
    footStyles: { fillColor: style.footFill, textColor: style.color, fontStyle: 'bold' },
    bodyStyles: { fillColor: '#ffffff' },
    alternateRowStyles: { fillColor: style.stripeFill },
    columnStyles: Object.fromEntries(table.columns.map((column, i) => [i, { cellWidth: column.width, halign: column.align }])),
    didParseCell: (data) => {
      // The head and foot follow each column's alignment too.
      const column = table.columns[data.column.index];
      if (column && data.section !== 'body') data.cell.styles.halign = column.align;
    },
  });
  const last = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable;
  return last?.finalY ?? table.y;
}

/** Draws one layout on the current page (and following pages when its table runs over). */
function drawLayout(doc: jsPDF, layout: PageLayout): void {
  const firstPage = doc.getNumberOfPages();
  for (const element of layout.elements) drawElement(doc, element);
  let end = layout.table ? drawTable(doc, layout.table, layout.height, layout.width) : 0;
  if (layout.after) {
    const after = layout.after;
    let top = end + after.gap;
    const bottom = layout.table?.bottom ?? layout.height;
    if (top + after.height > bottom) {
      doc.addPage('a4', layout.orientation);
      top = layout.table?.continueY ?? 0;
    }
    for (const element of after.elements) drawElement(doc, element, top);
    end = top + after.height;
  }
  const pages = doc.getNumberOfPages() - firstPage + 1;
  if (layout.pageNumber && pages > 1) {
    const { template, ...style } = layout.pageNumber;
    for (let page = 1; page <= pages; page++) {
      doc.setPage(firstPage + page - 1);
      const text = template.replace('{page}', String(page)).replace('{pages}', String(pages));
      drawText(doc, { ...style, text });
    }
    doc.setPage(firstPage + pages - 1);
  }
}

/** The layouts as one PDF, each starting on a new page; `onPage(done, total)` after each. */
export function renderPdf(
  layouts: readonly PageLayout[],
  meta: PdfMeta,
  title: string,
  onPage?: (done: number, total: number) => void,
): Uint8Array {
  const first = layouts[0];
  if (!first) throw new Error('Tidak ada dokumen untuk dibuat');
  const doc = newDocument(first, meta, title);
  for (const [i, layout] of layouts.entries()) {
    if (i > 0) doc.addPage('a4', layout.orientation);
    drawLayout(doc, layout);
    onPage?.(i + 1, layouts.length);
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
