/**
 * The certificate (A4 landscape) as plain data: a double frame, the organisation's logo (when it
 * has one) and name, the title
 * and number, the participant (the name shrinks to fit), the programme sentence, the average
 * and its grade, the place and date, the two signature blocks and, when the certificate has a
 * verification, its QR code between them. Pure.
 */
import { formatSkor } from '../domain/sertifikat';
import type { DocumentInput } from './input';
import { PALETTE, elementWidth, lineHeight, logoImage, signatureBlocks, signatureRows, textLine, textLines, verificationUrlY } from './layout-common';
import type { Color, LayoutElement, PageLayout, TextElement, TextStyle } from './layout-types';
import { verificationElements } from './verification';

/** A4 landscape, mm. */
const PAGE_W = 297;
const PAGE_H = 210;
const CENTER = PAGE_W / 2;
/** Width the text lines of the certificate may use. */
const TEXT_W = 225;
/** Largest and smallest size of the participant's name, pt. */
export const NAME_SIZE_MAX = 30;
export const NAME_SIZE_MIN = 14;
/** Smallest size of a name too long for one line, pt. */
const NAME_WRAP_MIN = 11;

/** The logo's room: centred at the top, below the inner rule and level with the corner brackets. */
const LOGO_BOX = { x: CENTER - 22, y: 16.5, w: 44, h: 13 };

/** Baselines of the organisation's name, the rule under it, the title and the number. */
const HEADER = {
  plain: { nama: 31, rule: 35, title: 53, nomor: 61 },
  withLogo: { nama: 35, rule: 38.5, title: 54.5, nomor: 61.5 },
} as const;

/** The frame: a navy outer rule, a thin gold inner rule and gold corner brackets inside it. */
function frame(): LayoutElement[] {
  const outer = 9;
  const inner = 13;
  const elements: LayoutElement[] = [
    { kind: 'rect', x: outer, y: outer, w: PAGE_W - 2 * outer, h: PAGE_H - 2 * outer, fill: null, stroke: { color: PALETTE.navy, width: 1.2 } },
    { kind: 'rect', x: inner, y: inner, w: PAGE_W - 2 * inner, h: PAGE_H - 2 * inner, fill: null, stroke: { color: PALETTE.gold, width: 0.35 } },
  ];
  const inset = inner + 3;
  const arm = 16;
  for (const [x, y, dx, dy] of [
    [inset, inset, 1, 1],
    [PAGE_W - inset, inset, -1, 1],
    [inset, PAGE_H - inset, 1, -1],
    [PAGE_W - inset, PAGE_H - inset, -1, -1],
  ] as const) {
    elements.push({ kind: 'line', x1: x, y1: y, x2: x + dx * arm, y2: y, width: 0.9, color: PALETTE.gold });
    elements.push({ kind: 'line', x1: x, y1: y, x2: x, y2: y + dy * arm, width: 0.9, color: PALETTE.gold });
  }
  return elements;
}

/** `label value`, unless the value already starts with the label ('Fakultas MIPA'). */
function labelled(label: string, value: string): string {
  return value.toLowerCase().startsWith(`${label.toLowerCase()} `) ? value : `${label} ${value}`;
}

/** Spaces inside `text` that a line must not break at. */
function unbreakable(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/**
 * The participant's name on the baseline `nameY`: one line, shrunk from NAME_SIZE_MAX down to NAME_SIZE_MIN to fit;
 * a longer name goes on two lines (three for the very longest) at the largest size that fits.
 */
function nameLines(nama: string, nameY: number): TextElement[] {
  const style: TextStyle = { font: 'serif', weight: 'bold', size: NAME_SIZE_MAX, color: PALETTE.navy };
  const single = textLine(nama, CENTER, nameY, style, 'center', TEXT_W, NAME_SIZE_MIN);
  if (elementWidth(single) <= TEXT_W) return [single];
  let size = NAME_SIZE_MIN + 2;
  let lines = textLines(nama, CENTER, 0, { ...style, size }, 'center', TEXT_W);
  while (lines.length > 2 && size > NAME_WRAP_MIN) {
    size -= 0.5;
    lines = textLines(nama, CENTER, 0, { ...style, size }, 'center', TEXT_W);
  }
  const leading = lineHeight(size, 1.2);
  const first = nameY - 3;
  return lines.map((line, i) => ({ ...line, y: first + i * leading }));
}

/** The study line: 'Jurusan Akuntansi' or 'Jurusan Informatika, Fakultas Ilmu Komputer'. */
function studyLine(input: DocumentInput): string {
  const { jurusan, fakultas, jenjang } = input.peserta;
  const parts = [jurusan ? labelled('Jurusan', jurusan) : '', jenjang === 'Mahasiswa' && fakultas ? labelled('Fakultas', fakultas) : ''];
  return parts.filter(Boolean).join(', ');
}

/** The grade sentence: 'dengan nilai rata-rata 87,50 (A – Sangat Memuaskan)'. */
export function gradeSentence(input: DocumentInput): string {
  const average = formatSkor(input.rataRata);
  return input.grade
    ? `dengan nilai rata-rata ${average} (${input.grade.huruf} – ${input.grade.predikat})`
    : `dengan nilai rata-rata ${average}`;
}

/** The certificate of one participant. */
export function certificateLayout(input: DocumentInput): PageLayout {
  const { peserta, organisasi } = input;
  const elements: LayoutElement[] = frame();
  // With a logo it heads the page between the corner brackets and the header moves down a little.
  const logo = input.logo ? logoImage(input.logo, LOGO_BOX) : null;
  const header = logo ? HEADER.withLogo : HEADER.plain;
  if (logo) elements.push(logo);
  elements.push(textLine(organisasi.nama.toUpperCase(), CENTER, header.nama, sans(12, 'bold', PALETTE.navy), 'center', TEXT_W, 8));
  elements.push({ kind: 'line', x1: CENTER - 30, y1: header.rule, x2: CENTER + 30, y2: header.rule, width: 0.4, color: PALETTE.gold });
  elements.push(textLine('SERTIFIKAT', CENTER, header.title, serif(38, 'bold', PALETTE.navy), 'center', TEXT_W));
  elements.push(textLine(`Nomor: ${input.nomor}`, CENTER, header.nomor, sans(10.5, 'normal', PALETTE.grey), 'center', TEXT_W, 8));

  // Very long names and texts: a tighter body and a lower foot keep them apart.
  let body = certificateBody(input, SPACING.normal);
  if (body.bottom > SPACING.normal.footY - 7) body = certificateBody(input, SPACING.compact);
  const { footY } = body.spacing;
  elements.push(...body.elements);

  // The date line and the signatures sit at the foot of the frame whatever the text above took.
  elements.push(textLine(`${organisasi.kota}, ${input.tanggalTerbitPanjang}`, CENTER, footY, sans(11), 'center', TEXT_W, 8));
  const signatures = { y: footY + 8, width: 62, imageHeight: 18, size: 11 };
  elements.push(...signatureBlocks(input.penandatangan, [CENTER - 72, CENTER + 72], signatures));
  // The code's room on the names' row stays within the gap between the longest names.
  if (input.verifikasi) {
    const { lineY, nameY } = signatureRows(signatures);
    const urlY = verificationUrlY(input.penandatangan, signatures);
    const place = { x: CENTER, qrBottom: lineY, kodeY: nameY, kodeWidth: 60, urlY, urlWidth: TEXT_W };
    elements.push(...verificationElements(input.verifikasi, place));
  }

  return {
    width: PAGE_W,
    height: PAGE_H,
    orientation: 'landscape',
    title: `Sertifikat ${peserta.nama} (${input.nomor})`,
    elements,
  };
}

const sans = (size: number, weight: 'normal' | 'bold' = 'normal', color: Color = PALETTE.ink): TextStyle => ({ font: 'sans', weight, size, color });
const serif = (size: number, weight: 'normal' | 'bold' = 'normal', color: Color = PALETTE.ink): TextStyle => ({ font: 'serif', weight, size, color });

interface Spacing {
  /** Baseline of 'Diberikan kepada'. */
  top: number;
  /** Leading factor of the identity lines. */
  details: number;
  /** Space before the programme sentence. */
  gap: number;
  /** Size of the programme sentence. */
  sentence: number;
  /** Baseline of the date line. */
  footY: number;
}

const SPACING = {
  normal: { top: 75, details: 1.45, gap: 3, sentence: 12.5, footY: 151 },
  compact: { top: 72, details: 1.3, gap: 1.5, sentence: 11, footY: 154 },
} as const satisfies Record<string, Spacing>;

/** From 'Diberikan kepada' to the grade sentence; `bottom` is the grade sentence's baseline. */
function certificateBody(input: DocumentInput, spacing: Spacing): { elements: LayoutElement[]; bottom: number; spacing: Spacing } {
  const { peserta, organisasi } = input;
  const elements: LayoutElement[] = [textLine('Diberikan kepada', CENTER, spacing.top, serif(13), 'center', TEXT_W)];
  const nameY = spacing.top + 16;
  const names = nameLines(peserta.nama, nameY);
  elements.push(...names);
  // A name on two or three lines pushes the rest of the text down.
  const shift = (names[names.length - 1]?.y ?? nameY) - nameY;
  const widest = Math.max(...names.map(elementWidth));
  const rule = Math.min(TEXT_W, Math.max(110, widest + 16)) / 2;
  const ruleY = nameY + 4 + shift;
  elements.push({ kind: 'line', x1: CENTER - rule, y1: ruleY, x2: CENTER + rule, y2: ruleY, width: 0.35, color: PALETTE.gold });

  let y = ruleY + 7;
  const details = [
    peserta.nomorInduk ? `${peserta.nomorIndukLabel}: ${peserta.nomorInduk}` : '',
    peserta.instansi,
    studyLine(input),
  ].filter(Boolean);
  for (const [i, text] of details.entries()) {
    elements.push(textLine(text, CENTER, y, sans(11, i === 1 ? 'bold' : 'normal'), 'center', TEXT_W, 7));
    y += lineHeight(11, spacing.details);
  }

  // The programme and the period each start a line (and wrap on their own when long): a
  // date is never split across lines.
  y += spacing.gap;
  const phrases = [
    `telah menyelesaikan Program Magang di Divisi ${peserta.divisi} ${organisasi.nama}`,
    `pada periode ${unbreakable(peserta.periode)}`,
  ];
  // Long names of a division or organisation: a smaller size keeps the text above the date line.
  const lineCount = phrases.flatMap((phrase) => textLines(phrase, CENTER, 0, serif(spacing.sentence), 'center', TEXT_W)).length;
  const size = lineCount > 3 ? 11 : spacing.sentence;
  for (const phrase of phrases) {
    const lines = textLines(phrase, CENTER, y, serif(size), 'center', TEXT_W);
    elements.push(...lines);
    y += lines.length * lineHeight(size);
  }
  elements.push(textLine(gradeSentence(input), CENTER, y, serif(Math.max(size, 12), 'bold'), 'center', TEXT_W, 9));
  return { elements, bottom: y, spacing };
}
