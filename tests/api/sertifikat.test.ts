import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSHEAD, DISETUJUI, DITOLAK, HR, PEMBIMBING } from '../../src/domain/approval-chain';
import { DEFAULT_GRADE_ITEMS, type GradeItem } from '../../src/domain/grade';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Peserta } from '../../src/domain/peserta';
import { DOCUMENT_MIME, SERTIFIKAT_MSG } from '../../src/domain/sertifikat';
import { type SertifikatRow, sertifikatListResponseSchema, sertifikatRowSchema } from '../../src/domain/sertifikat-terbit';
import { type DocumentInput, buildDocumentInput, snapshotDocumentRequest } from '../../src/documents/input';
import { certificatePdf, daftarNilaiPdf } from '../../src/documents/make';
import { DEFAULT_ORGANISASI } from '../../server/config';
import { peserta, reviews, users } from '../../server/db/schema';
import { contentDisposition } from '../../server/http-download';
import { BAD_IDS, type DemoUsername, call, demoTokens, tokenOf, demoNames } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { signatureForm } from '../helpers/multipart';
import { PNG_MAGIC, makePng } from '../helpers/png';
import { type Made, makePeserta, userIdOf } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let pembimbingId: number;
let busheadId: number;
const signaturePng = makePng(60, 20, 321);

/** Approves the three steps through the API (Pembimbing, HR, then BusHead, or `busHead`'s token). */
async function approveAll(id: number, busHead = tokens.bushead): Promise<void> {
  for (const token of [tokens.pembimbing, tokens.hr, busHead]) {
    const response = await call(t, 'POST', `/api/review/approve/${id}`, token, {});
    expect(response.statusCode).toBe(200);
  }
}

async function approved(options: { jenjang?: Jenjang } = {}): Promise<Made> {
  const made = await makePeserta(t, options);
  await approveAll(made.id);
  return made;
}

async function list(jenjang: Jenjang, token = tokens.hr): Promise<{ data: SertifikatRow[]; organisasi: { nama: string; kota: string } }> {
  const response = await call(t, 'GET', `/api/sertifikat/peserta?jenjang=${jenjang}`, token);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function rowOf(id: number, jenjang: Jenjang = 'SMK'): Promise<SertifikatRow> {
  const row = (await list(jenjang)).data.find((r) => r.id === id);
  if (!row) throw new Error(`peserta ${id} not in the certificate list`);
  return row;
}

/**
 * The input a device prints for `row`: its issued certificate's snapshot and the images the
 * snapshot names, fetched from the API by hash (never from the database).
 */
async function deviceInput(row: SertifikatRow, thresholds?: readonly GradeItem[]): Promise<DocumentInput> {
  if (!row.sertifikat) throw new Error(`peserta ${row.id} has no issued certificate`);
  const images = new Map<string, Uint8Array>();
  for (const signer of Object.values(row.sertifikat.snapshot.peserta.penandatangan)) {
    if (!signer?.signature) continue;
    const response = await call(t, 'GET', `/api/sertifikat/gambar/${signer.signature}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    images.set(signer.signature, new Uint8Array(response.rawPayload));
  }
  const request = snapshotDocumentRequest(row.sertifikat, images, thresholds);
  return buildDocumentInput(request.row, request.sources);
}

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  pembimbingId = await userIdOf(t, 'pembimbing');
  busheadId = await userIdOf(t, 'bushead');
});
afterAll(() => t.close());

describe('GET /api/sertifikat/peserta', () => {
  it('should list exactly the fully approved participants of the level, in the order and shape of GET /api/peserta', async () => {
    const full = await approved();
    const partial = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI } });
    const rejected = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI, [BUSHEAD]: DITOLAK } });
    const mahasiswa = await approved({ jenjang: 'Mahasiswa' });

    for (const jenjang of ['SMK', 'Mahasiswa'] as const) {
      const answer = await list(jenjang);
      expect(sertifikatListResponseSchema.safeParse(answer).success).toBe(true);
      for (const row of answer.data) expect(sertifikatRowSchema.parse(row)).toEqual(row);
      const all = (await call(t, 'GET', `/api/peserta?jenjang=${jenjang}`, tokens.hr)).json().data as Peserta[];
      const complete = all.filter((p) => p.status.is_complete);
      expect(answer.data.map(({ penandatangan: _p, tanggal_terbit: _d, sertifikat: _s, ...rest }) => rest)).toEqual(complete);
      expect(answer.data.every((row) => row.jenjang === jenjang && row.reviews.every((r) => r.status === DISETUJUI))).toBe(true);
      expect(answer.organisasi).toEqual({ ...DEFAULT_ORGANISASI, logo: null });
    }
    const smkIds = (await list('SMK')).data.map((r) => r.id);
    expect(smkIds).toContain(full.id);
    expect(smkIds).not.toContain(partial.id);
    expect(smkIds).not.toContain(rejected.id);
    expect(smkIds).not.toContain(mahasiswa.id);
    expect((await list('Mahasiswa')).data.map((r) => r.id)).toContain(mahasiswa.id);
  });

  it('should name the Pembimbing and BusHead who approved, with the hash of their signature', async () => {
    const made = await approved();
    expect((await rowOf(made.id)).penandatangan).toEqual({
      Pembimbing: { id: pembimbingId, username: 'pembimbing', signature: null, ...demoNames('pembimbing') },
      BusHead: { id: busheadId, username: 'bushead', signature: null, ...demoNames('bushead') },
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/users/signature',
      headers: { ...signatureForm(signaturePng).headers, authorization: `Bearer ${tokens.pembimbing}` },
      payload: signatureForm(signaturePng).payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const hash = createHash('sha256').update(signaturePng).digest('hex');
    expect((await rowOf(made.id)).penandatangan.Pembimbing).toEqual({ id: pembimbingId, username: 'pembimbing', signature: hash, ...demoNames('pembimbing') });
  });

  it('should show null for a signer whose account is gone', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ employee_id: 'EMP-BH2', username: 'bushead-lama', password_hash: 'x', role: 'BusHead' })
      .returning({ id: users.id });
    const made = await makePeserta(t);
    await approveAll(made.id, await tokenOf(t, 'bushead-lama'));
    expect((await rowOf(made.id)).penandatangan.BusHead).toEqual({ id: row?.id, username: 'bushead-lama', signature: null, nama_lengkap: null, jabatan: null });
    expect((await call(t, 'DELETE', `/api/users/${row?.id}`, tokens.hr)).statusCode).toBe(200);
    const after = await rowOf(made.id);
    expect(after.penandatangan.BusHead).toBeNull();
    expect(after.penandatangan.Pembimbing?.username).toBe('pembimbing');
  });

  it("should date the certificate on the day BusHead approved, in Jakarta's time", async () => {
    const made = await approved();
    const setBusHeadTime = (iso: string) =>
      t.db
        .update(reviews)
        .set({ updated_at: new Date(iso) })
        .where(and(eq(reviews.peserta_id, made.id), eq(reviews.role_reviewer, BUSHEAD)));
    await setBusHeadTime('2026-03-01T18:30:00Z'); // 01:30 on 2 March in Jakarta
    expect((await rowOf(made.id)).tanggal_terbit).toBe('2026-03-02');
    await setBusHeadTime('2026-03-01T16:59:59Z'); // 23:59:59 on 1 March in Jakarta
    expect((await rowOf(made.id)).tanggal_terbit).toBe('2026-03-01');
  });

  it('should answer 400 without a valid jenjang, 403 to a Mentor, 401 without a token', async () => {
    for (const query of ['', '?jenjang=', '?jenjang=SD', '?jenjang=smk']) {
      const response = await call(t, 'GET', `/api/sertifikat/peserta${query}`, tokens.hr);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Jenjang tidak valid' });
    }
    expect((await call(t, 'GET', '/api/sertifikat/peserta?jenjang=SMK', tokens.mentor)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/sertifikat/peserta?jenjang=SMK', null)).statusCode).toBe(401);
    for (const who of ['pembimbing', 'hr', 'bushead'] as const) await list('SMK', tokens[who]);
  });
});

const DOCUMENT_PATHS = ['/api/sertifikat/generate/', '/api/sertifikat/generate-ppt/', '/api/sertifikat/preview/', '/api/nilai/cetak/'];

describe('documents: refusals', () => {
  it('should answer 409 for a participant not fully approved, 404 for an unknown one', async () => {
    const partial = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI } });
    const rejected = await makePeserta(t, { reviews: { [PEMBIMBING]: DITOLAK } });
    for (const path of DOCUMENT_PATHS) {
      for (const id of [partial.id, rejected.id]) {
        const response = await call(t, 'GET', `${path}${id}`, tokens.hr);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: SERTIFIKAT_MSG.notComplete });
      }
      const unknown = await call(t, 'GET', `${path}999999`, tokens.hr);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: SERVER_MSG.notFound });
    }
  });

  it('should answer 400 (never 5xx) for ids that are not positive integers', async () => {
    for (const path of DOCUMENT_PATHS) {
      for (const bad of [...BAD_IDS, '%00', 'abc%0d%0a', '99999999999999999999', '1%2F2', '-0', ' 1']) {
        const response = await call(t, 'GET', `${path}${bad}`, tokens.hr);
        expect(response.statusCode, `${path}${bad}`).toBe(400);
      }
      expect((await call(t, 'GET', `${path}9999999999999999`, tokens.hr)).statusCode).toBe(404);
    }
  });

  it('should answer 403 to a Mentor and 401 without a token', async () => {
    const made = await approved();
    for (const path of DOCUMENT_PATHS) {
      expect((await call(t, 'GET', `${path}${made.id}`, tokens.mentor)).statusCode).toBe(403);
      expect((await call(t, 'GET', `${path}${made.id}`, null)).statusCode).toBe(401);
    }
  });

  it('should answer 400 for a gradeConfig that is not a valid list of thresholds', async () => {
    const made = await approved({ jenjang: 'Mahasiswa' });
    for (const config of [
      'bukan json',
      '[]',
      '{"huruf":"A","min":80,"predikat":"Baik"}',
      '[{"huruf":"ABC","min":80,"predikat":"Baik"}]',
      '[{"huruf":"A","min":101,"predikat":"Baik"}]',
      '[{"huruf":"A","min":80}]',
      'null',
    ]) {
      const response = await call(t, 'GET', `/api/nilai/cetak/${made.id}?gradeConfig=${encodeURIComponent(config)}`, tokens.hr);
      expect(response.statusCode, config).toBe(400);
      expect(response.json()).toEqual({ message: SERTIFIKAT_MSG.invalidGradeConfig });
    }
    const twice = await call(t, 'GET', `/api/nilai/cetak/${made.id}?gradeConfig=%5B%5D&gradeConfig=x`, tokens.hr);
    expect(twice.statusCode).toBe(400);
  });
});

describe('contentDisposition()', () => {
  it('should quote an ASCII name and add filename* for any other', () => {
    expect(contentDisposition('attachment', 'certificate_Budi_Santoso.pdf')).toBe('attachment; filename="certificate_Budi_Santoso.pdf"');
    expect(contentDisposition('attachment', 'certificate_Zoë_李.pdf')).toBe(
      `attachment; filename="certificate_Zoe__.pdf"; filename*=UTF-8''certificate_Zo%C3%AB_%E6%9D%8E.pdf`,
    );
    const hostile = contentDisposition('inline', 'a"b\\c\r\nSet-Cookie: x=1;.pdf');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile.split('"')).toHaveLength(3);
    expect(hostile).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('documents: the files', () => {
  const magic = (bytes: Buffer, text: string) => bytes.subarray(0, text.length).toString('latin1') === text;

  it('should make the certificate PDF equal to certificatePdf() of the API row, signatures included', async () => {
    // The Pembimbing's signature is uploaded by the signer test above; upload it here too so this test stands alone.
    await t.app.inject({
      method: 'POST',
      url: '/api/users/signature',
      headers: { ...signatureForm(signaturePng).headers, authorization: `Bearer ${tokens.pembimbing}` },
      payload: signatureForm(signaturePng).payload,
    });
    const made = await approved();
    const response = await call(t, 'GET', `/api/sertifikat/generate/${made.id}`, tokens.bushead);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(DOCUMENT_MIME.pdf);
    const row = await rowOf(made.id);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="certificate_${row.nama.replace(/ /g, '_')}.pdf"`);
    expect(magic(response.rawPayload, '%PDF-')).toBe(true);

    const input = await deviceInput(row);
    expect(input.penandatangan[0]?.png).not.toBeNull();
    expect(input.penandatangan[1]?.png).toBeNull();
    const expected = Buffer.from(certificatePdf([input]));
    expect(response.rawPayload.equals(expected)).toBe(true);
  });

  it("should carry the signers' full names and titles and print them in the same PDF as the device", async () => {
    const profile = { username: 'bushead', nama_lengkap: 'Dr. Dewi Lestari Kusumanegara', jabatan: 'Kepala Divisi Operasional' };
    expect((await call(t, 'PUT', '/api/auth/profile', tokens.bushead, profile)).statusCode).toBe(200);
    try {
      const made = await approved();
      const row = await rowOf(made.id);
      expect(row.penandatangan.BusHead).toEqual({
        id: busheadId, username: 'bushead', signature: null, nama_lengkap: 'Dr. Dewi Lestari Kusumanegara', jabatan: 'Kepala Divisi Operasional',
      });
      expect(row.penandatangan.Pembimbing).toMatchObject({ username: 'pembimbing', ...demoNames('pembimbing') });
      const input = await deviceInput(row);
      expect(input.penandatangan[1]).toMatchObject({ nama: 'Dr. Dewi Lestari Kusumanegara', jabatanPenandatangan: 'Kepala Divisi Operasional' });
      const pdf = await call(t, 'GET', `/api/sertifikat/generate/${made.id}`, tokens.hr);
      expect(pdf.rawPayload.equals(Buffer.from(certificatePdf([input])))).toBe(true);
      const daftar = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.hr);
      expect(daftar.statusCode).toBe(200);
      const daftarInput = await deviceInput(row, DEFAULT_GRADE_ITEMS);
      expect(daftar.rawPayload.equals(Buffer.from(daftarNilaiPdf(daftarInput)))).toBe(true);
    } finally {
      await call(t, 'PUT', '/api/auth/profile', tokens.bushead, { username: 'bushead', ...demoNames('bushead') });
    }
  });

  it('should make the PPTX and the PNG preview', async () => {
    const made = await approved();
    const row = await rowOf(made.id);
    const pptx = await call(t, 'GET', `/api/sertifikat/generate-ppt/${made.id}`, tokens.pembimbing);
    expect(pptx.statusCode).toBe(200);
    expect(pptx.headers['content-type']).toBe(DOCUMENT_MIME.pptx);
    expect(pptx.headers['content-disposition']).toBe(`attachment; filename="certificate_${row.nama.replace(/ /g, '_')}.pptx"`);
    expect(magic(pptx.rawPayload, 'PK\u0003\u0004')).toBe(true);

    const preview = await call(t, 'GET', `/api/sertifikat/preview/${made.id}`, tokens.hr);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe(DOCUMENT_MIME.png);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="certificate_.*\.png"$/);
    expect(preview.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(preview.rawPayload.readUInt32BE(16)).toBe(1200); // IHDR width
  });

  it('should make the Daftar Nilai with the default thresholds and with a chosen gradeConfig', async () => {
    const made = await approved({ jenjang: 'Mahasiswa' });
    const row = await rowOf(made.id, 'Mahasiswa');
    const custom: GradeItem[] = [
      { huruf: 'A+', min: 95, predikat: 'Istimewa' },
      { huruf: 'B', min: 50, predikat: 'Baik' },
      { huruf: 'D', min: 0, predikat: 'Kurang' },
    ];
    const byDefault = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.hr);
    const chosen = await call(t, 'GET', `/api/nilai/cetak/${made.id}?gradeConfig=${encodeURIComponent(JSON.stringify(custom))}`, tokens.bushead);
    for (const response of [byDefault, chosen]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(DOCUMENT_MIME.pdf);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Daftar_Nilai_${row.nama.replace(/ /g, '_')}.pdf"`);
      expect(magic(response.rawPayload, '%PDF-')).toBe(true);
    }
    expect(byDefault.rawPayload.equals(chosen.rawPayload)).toBe(false);
    const expectedDefault = daftarNilaiPdf(await deviceInput(row, DEFAULT_GRADE_ITEMS));
    const expectedCustom = daftarNilaiPdf(await deviceInput(row, custom));
    expect(byDefault.rawPayload.equals(Buffer.from(expectedDefault))).toBe(true);
    expect(chosen.rawPayload.equals(Buffer.from(expectedCustom))).toBe(true);
  });

  it('should keep names outside ASCII, quotes and line breaks out of the header', async () => {
    const made = await makePeserta(t);
    await t.db.update(peserta).set({ nama: 'Zoë "Ratna"\r\nX-Evil: 1 李' }).where(eq(peserta.id, made.id));
    await approveAll(made.id);
    for (const path of ['/api/sertifikat/generate/', '/api/sertifikat/generate-ppt/', '/api/sertifikat/preview/', '/api/nilai/cetak/']) {
      const response = await call(t, 'GET', `${path}${made.id}`, tokens.hr);
      expect(response.statusCode, path).toBe(200);
      const header = String(response.headers['content-disposition']);
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      expect(header).toContain(`filename*=UTF-8''`);
      expect(header.split('"')).toHaveLength(3);
      expect(response.headers['x-evil']).toBeUndefined();
    }
  });
});
