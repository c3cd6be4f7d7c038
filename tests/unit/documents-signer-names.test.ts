// The signers' full names and job titles on the documents: the full name under the signing
// line (else the username), the title under it (none without one), inside the block's room and
// clear of the verification block; a signer without them prints exactly as before.
import { describe, expect, it } from 'vitest';
import { certificateLayout } from '@/documents/certificate-layout';
import { daftarNilaiLayout } from '@/documents/daftar-nilai-layout';
import { MM_PER_PT, textWidth } from '@/documents/fonts';
import type { DocumentInput } from '@/documents/input';
import type { Box, LayoutElement, PageLayout, TextElement } from '@/documents/layout-types';
import { certificatePdf, certificateSvg, daftarNilaiPdf } from '@/documents/make';
import type { SertifikatPeserta as SertifikatRow } from '@/domain/sertifikat';
import { BUSHEAD_ID, PEMBIMBING_ID, documentInput, mahasiswaRow, sertifikatRow } from '../helpers/documents';

type Signers = SertifikatRow['penandatangan'];

const NAMED: Signers = {
  Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64), nama_lengkap: 'Budi Santoso, S.Kom.', jabatan: 'Supervisor Keuangan' },
  BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: 'b'.repeat(64), nama_lengkap: 'Dr. Dewi Lestari', jabatan: 'Kepala Divisi Operasional' },
};
const LONG_NAME = 'Prof. Dr. Ir. Raden Mas Bambang Sutrisno Wicaksono Adiwilaga Hadiningrat Putra Kusumanegara, S.T., M.Sc., Ph.D.';
const LONG_TITLE = 'Kepala Divisi Operasional dan Pengembangan Bisnis Regional Jawa Barat, Banten dan DKI Jakarta Raya';
const LONGEST: Signers = {
  Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64), nama_lengkap: 'W'.repeat(200), jabatan: 'M'.repeat(200) },
  BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: 'b'.repeat(64), nama_lengkap: LONG_NAME, jabatan: LONG_TITLE },
};
const VERIFIKASI = { kode: 'ABCD-EFGH-JKLM', url: 'https://sertifikat.perusahaan-listrik-nusantara-raya.co.id/magang/verifikasi/ABCD-EFGH-JKLM' };

const withSigners = (penandatangan: Signers, verifikasi: typeof VERIFIKASI | null = null): DocumentInput =>
  documentInput(mahasiswaRow({ penandatangan }), { verifikasi });
const allElements = (layout: PageLayout) => [...layout.elements, ...(layout.after?.elements ?? [])];
const texts = (layout: PageLayout) => allElements(layout).filter((e): e is TextElement => e.kind === 'text');
const find = (layout: PageLayout, text: string) => texts(layout).find((e) => e.text === text);

/** The box a text covers on the page: its printed width, ascender to descender. */
function textBox(element: TextElement): Box {
  const width = textWidth(element.text, element.font, element.weight, element.size);
  const x = element.align === 'left' ? element.x : element.align === 'center' ? element.x - width / 2 : element.x - width;
  const size = element.size * MM_PER_PT;
  return { x, y: element.y - 0.75 * size, w: width, h: size };
}
function boxOf(element: LayoutElement): Box {
  if (element.kind === 'text') return textBox(element);
  if (element.kind === 'qr') return { x: element.x, y: element.y, w: element.size, h: element.size };
  if (element.kind === 'line') return { x: Math.min(element.x1, element.x2), y: Math.min(element.y1, element.y2) - element.width / 2, w: Math.abs(element.x2 - element.x1), h: Math.abs(element.y2 - element.y1) + element.width };
  return { x: element.x, y: element.y, w: element.w, h: element.h };
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const LAYOUTS = [
  { name: 'certificate', layout: certificateLayout },
  { name: 'Daftar Nilai', layout: daftarNilaiLayout },
];

describe('the signers\' full names and titles', () => {
  it('should put the full name and the title into the document input, and nothing for a signer without them', () => {
    const input = withSigners(NAMED);
    expect(input.penandatangan.map((s) => [s.jabatan, s.nama, s.jabatanPenandatangan])).toEqual([
      ['Pembimbing', 'Budi Santoso, S.Kom.', 'Supervisor Keuangan'],
      ['Business Head', 'Dr. Dewi Lestari', 'Kepala Divisi Operasional'],
    ]);
    const unset: Signers = {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64), nama_lengkap: null, jabatan: null },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: 'b'.repeat(64), nama_lengkap: '', jabatan: '' },
    };
    expect(documentInput(sertifikatRow({ penandatangan: unset }))).toEqual(documentInput());
  });

  it('should make the very same bytes as before for signers without a full name or title', () => {
    const unset: Signers = {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64), nama_lengkap: null, jabatan: null },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: 'b'.repeat(64), nama_lengkap: null, jabatan: null },
    };
    const input = documentInput(sertifikatRow({ penandatangan: unset }));
    expect(Buffer.from(certificatePdf([input])).equals(Buffer.from(certificatePdf([documentInput()])))).toBe(true);
    expect(Buffer.from(daftarNilaiPdf(input)).equals(Buffer.from(daftarNilaiPdf(documentInput())))).toBe(true);
    expect(certificateSvg(input)).toBe(certificateSvg(documentInput()));
  });

  it.each(LAYOUTS)('should print the full name under the line and the title under it on the $name', ({ layout }) => {
    const page = layout(withSigners(NAMED));
    const printed = texts(page).map((e) => e.text);
    expect(printed).toEqual(expect.arrayContaining(['Pembimbing', 'Business Head', 'Budi Santoso, S.Kom.', 'Dr. Dewi Lestari', 'Supervisor Keuangan', 'Kepala Divisi Operasional']));
    expect(printed).not.toContain('budi.santoso');
    expect(printed).not.toContain('dewi.lestari');
    for (const [name, title] of [['Budi Santoso, S.Kom.', 'Supervisor Keuangan'], ['Dr. Dewi Lestari', 'Kepala Divisi Operasional']] as const) {
      const nameLine = find(page, name);
      const titleLine = find(page, title);
      expect(nameLine?.x).toBe(titleLine?.x);
      expect(titleLine?.weight).toBe('normal');
      expect(overlap(textBox(nameLine as TextElement), textBox(titleLine as TextElement))).toBe(false);
      expect((titleLine?.y ?? 0) - (nameLine?.y ?? 0)).toBeGreaterThan(3);
    }
  });

  it.each(LAYOUTS)('should fall back to the username and print no title line on the $name', ({ layout }) => {
    const half: Signers = {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64), nama_lengkap: null, jabatan: 'Supervisor Keuangan' },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: 'b'.repeat(64), nama_lengkap: 'Dr. Dewi Lestari', jabatan: null },
    };
    const printed = texts(layout(withSigners(half))).map((e) => e.text);
    expect(printed).toEqual(expect.arrayContaining(['budi.santoso', 'Supervisor Keuangan', 'Dr. Dewi Lestari']));
    expect(printed).not.toContain('dewi.lestari');
  });

  it.each(LAYOUTS.flatMap((l) => [{ ...l, verifikasi: null }, { ...l, verifikasi: VERIFIKASI }]))(
    'should keep 200-character names and titles in their room and apart on the $name (verification: $verifikasi.kode)',
    ({ layout, verifikasi }) => {
      const page = layout(withSigners(LONGEST, verifikasi));
      const signerTexts = texts(page).filter((e) => /^(W|M|Prof|Kepala)/.test(e.text));
      expect(signerTexts).toHaveLength(4);
      for (const element of signerTexts) {
        expect(textBox(element).w, element.text).toBeLessThanOrEqual(element.maxWidth + 1e-9);
        expect(element.text.endsWith('...'), element.text).toBe(true);
      }
      for (const elements of [page.elements, page.after?.elements ?? []]) {
        const isVerification = (e: LayoutElement) => e.kind === 'qr' || (e.kind === 'text' && /^(Kode verifikasi|Periksa keaslian)/.test(e.text));
        const mine = elements.filter((e) => isVerification(e) || signerTexts.includes(e as TextElement));
        const rest = elements.filter((e) => !(e.kind === 'rect' && e.fill === null));
        for (const a of mine) {
          const box = boxOf(a);
          expect(box.x).toBeGreaterThan(13);
          expect(box.x + box.w).toBeLessThan(page.width - 13);
          if (page.orientation === 'landscape') expect(box.y + box.h).toBeLessThan(page.height - 13);
          for (const b of rest) if (a !== b) expect(overlap(box, boxOf(b)), `${JSON.stringify(a).slice(0, 80)} overlaps ${JSON.stringify(b).slice(0, 80)}`).toBe(false);
        }
      }
      if (page.after && page.table) expect(page.after.height + page.table.continueY).toBeLessThan(page.table.bottom);
    },
  );
});
