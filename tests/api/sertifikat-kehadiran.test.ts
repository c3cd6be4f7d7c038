// The attendance figure of an issued certificate: frozen in its snapshot by the issuing approval
// (the marks of the internship per status, the working days up to the issue date), printed on the
// Daftar Nilai from there — marks set after issuing change neither the snapshot nor the PDF bytes.
// The test participants' internships run 2026-01-05 (a Monday) to 2026-04-03.
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_ITEMS } from '../../src/domain/grade';
import { cakupanPersen, formatPersen, hariKerjaSampai, kehadiranText } from '../../src/domain/kehadiran';
import type { SertifikatRow } from '../../src/domain/sertifikat-terbit';
import { buildDocumentInput, snapshotDocumentRequest } from '../../src/documents/input';
import { daftarNilaiPdf } from '../../src/documents/make';
import { sertifikatTerbit } from '../../server/db/schema-sertifikat';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const mark = (peserta_id: number, tanggal: string, status: string, catatan?: string) => ({ peserta_id, tanggal, status, ...(catatan ? { catatan } : {}) });
const put = (token: string, marks: unknown[]) => send(t, 'PUT', '/api/presensi', token, { payload: { presensi: marks } });

async function approve(id: number, who: DemoUsername): Promise<void> {
  expect((await call(t, 'POST', `/api/review/approve/${id}`, tokens[who], {})).statusCode).toBe(200);
}

async function rowOf(id: number): Promise<SertifikatRow> {
  const answer = await call(t, 'GET', '/api/sertifikat/peserta?jenjang=SMK', tokens.hr);
  const row = (answer.json().data as SertifikatRow[]).find((r) => r.id === id);
  if (!row) throw new Error(`peserta ${id} not listed`);
  return row;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return texts.join(' ').replace(/[\s\u00a0]+/g, ' ');
}

describe(`the attendance figure of an issued certificate (${testDbKind()})`, () => {
  it('should freeze the counts at issue and print them on the Daftar Nilai; later marks change neither', async () => {
    const made = await makePeserta(t);
    const marks = [
      mark(made.id, '2026-01-05', 'Hadir'),
      mark(made.id, '2026-01-06', 'Hadir'),
      mark(made.id, '2026-01-07', 'Hadir'),
      mark(made.id, '2026-01-08', 'Izin', 'Ujian sekolah'),
      mark(made.id, '2026-01-09', 'Sakit'),
      mark(made.id, '2026-01-10', 'Alpa'),
    ];
    expect((await put(tokens.mentor, marks)).statusCode).toBe(200);
    await approve(made.id, 'pembimbing');
    await approve(made.id, 'hr');
    await approve(made.id, 'bushead');

    const row = await rowOf(made.id);
    const issued = row.sertifikat;
    if (!issued) throw new Error('no certificate');
    const hariKerja = hariKerjaSampai(row, issued.tanggal_terbit, t.config.hariKerja);
    expect(hariKerja).toBeGreaterThan(0);
    expect(issued.snapshot.kehadiran).toEqual({ hadir: 3, izin: 1, sakit: 1, alpa: 1, hari_kerja: hariKerja });

    const before = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.hr);
    expect(before.statusCode).toBe(200);
    const line = kehadiranText(issued.snapshot.kehadiran!);
    expect(line).toBe(`Kehadiran: hadir 3 dari 6 hari tercatat (50,0 %); tercatat 6 dari ${hariKerja} hari kerja (${formatPersen(cakupanPersen(6, hariKerja))})`);
    expect(await pdfText(before.rawPayload)).toContain(line);
    // The device prints the same bytes from the snapshot alone (and the images it names).
    const images = new Map<string, Uint8Array>();
    for (const signer of Object.values(issued.snapshot.peserta.penandatangan)) {
      if (signer?.signature) images.set(signer.signature, new Uint8Array((await call(t, 'GET', `/api/sertifikat/gambar/${signer.signature}`, tokens.hr)).rawPayload));
    }
    const request = snapshotDocumentRequest(issued, images, DEFAULT_GRADE_ITEMS);
    expect(Buffer.from(daftarNilaiPdf(buildDocumentInput(request.row, request.sources))).equals(before.rawPayload)).toBe(true);

    // HR corrects one mark and adds another after issuing: the live marks change, the certificate does not.
    expect((await put(tokens.hr, [mark(made.id, '2026-01-10', 'Hadir'), mark(made.id, '2026-01-12', 'Hadir')])).statusCode).toBe(200);
    const live = await call(t, 'GET', `/api/presensi/peserta/${made.id}`, tokens.bushead);
    expect(live.json().data).toHaveLength(7);
    const [stored] = await t.db.select().from(sertifikatTerbit).where(eq(sertifikatTerbit.kode, issued.kode));
    expect(stored?.snapshot.kehadiran).toEqual(issued.snapshot.kehadiran);
    expect((await rowOf(made.id)).sertifikat?.snapshot.kehadiran).toEqual(issued.snapshot.kehadiran);
    const after = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.bushead);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it('should freeze no figure, and print no Kehadiran line, for a participant without marks', async () => {
    const made = await makePeserta(t);
    await approve(made.id, 'pembimbing');
    await approve(made.id, 'hr');
    await approve(made.id, 'bushead');
    const row = await rowOf(made.id);
    expect(row.sertifikat?.snapshot).toBeDefined();
    expect(row.sertifikat?.snapshot.kehadiran).toBeUndefined();
    const pdf = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.hr);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).not.toContain('Kehadiran:');
  });
});
