// Issuing: the third approval issues a certificate in its transaction, a cancel that un-approves
// revokes it, HR's 'Terbitkan ulang' issues a new code, and an issued certificate prints the same
// bytes forever (renaming the school, the division or the grade template changes nothing). On the
// PostgreSQL run the parallel approvals really race on several connections.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STEPS, BUSHEAD, DISETUJUI, HR, PEMBIMBING } from '../../src/domain/approval-chain';
import { SERVER_MSG } from '../../src/domain/messages';
import { certificateGradeItems } from '../../src/domain/sertifikat';
import { KODE_LENGTH, type SertifikatRow, TERBIT_MSG, sertifikatTerbitSchema, verifikasiUrl } from '../../src/domain/sertifikat-terbit';
import { buildDocumentInput, snapshotDocumentRequest } from '../../src/documents/input';
import { certificatePdf } from '../../src/documents/make';
import { divisi, gradeItems, gradeTemplates, instansi, peserta, reviews } from '../../server/db/schema';
import { dokumenGambar, sertifikatTerbit } from '../../server/db/schema-sertifikat';
import { issueMissingCertificates, validCertificates } from '../../server/services/sertifikat-terbit';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { signatureForm } from '../helpers/multipart';
import { makePng } from '../helpers/png';
import { makePeserta, send } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function approve(id: number, who: DemoUsername): Promise<void> {
  expect((await call(t, 'POST', `/api/review/approve/${id}`, tokens[who], {})).statusCode).toBe(200);
}

/** A participant approved by Pembimbing and HR: BusHead's approval issues its certificate. */
async function awaitingBusHead(): Promise<number> {
  const made = await makePeserta(t);
  await approve(made.id, 'pembimbing');
  await approve(made.id, 'hr');
  return made.id;
}

async function certificatesOf(id: number) {
  return t.db.select().from(sertifikatTerbit).where(eq(sertifikatTerbit.peserta_id, id)).orderBy(sertifikatTerbit.id);
}

async function rowOf(id: number): Promise<SertifikatRow> {
  const answer = await call(t, 'GET', '/api/sertifikat/peserta?jenjang=SMK', tokens.hr);
  const row = (answer.json().data as SertifikatRow[]).find((r) => r.id === id);
  if (!row) throw new Error(`peserta ${id} not listed`);
  return row;
}

async function uploadSignature(who: DemoUsername, png: Uint8Array): Promise<void> {
  const form = signatureForm(png);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/users/signature',
    headers: { ...form.headers, authorization: `Bearer ${tokens[who]}` },
    payload: form.payload,
  });
  expect(answer.statusCode).toBe(200);
}

describe(`issuing on the third approval (${testDbKind()})`, () => {
  it('should issue nothing before BusHead approves, then exactly one certificate with a 128-bit code, the number and a snapshot', async () => {
    const id = await awaitingBusHead();
    expect(await certificatesOf(id)).toEqual([]);
    await approve(id, 'bushead');
    const [issued, ...more] = await certificatesOf(id);
    expect(more).toEqual([]);
    expect(issued?.kode).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${KODE_LENGTH}}$`));
    expect(KODE_LENGTH * 5).toBeGreaterThanOrEqual(128);
    expect(issued?.url).toBe(verifikasiUrl(t.config.publicUrl, issued?.kode ?? ''));
    expect(issued?.dicabut_pada).toBeNull();

    const row = await rowOf(id);
    expect(sertifikatTerbitSchema.parse(row.sertifikat)).toEqual(row.sertifikat);
    expect(row.sertifikat).toMatchObject({ kode: issued?.kode, nomor: issued?.nomor, tanggal_terbit: row.tanggal_terbit, url: issued?.url });
    const { sertifikat: _s, ...printed } = row;
    expect(row.sertifikat?.snapshot.peserta).toEqual(printed);
    expect(row.sertifikat?.snapshot.thresholds).toEqual(certificateGradeItems());
    expect(row.sertifikat?.snapshot.organisasi).toEqual(t.config.organisasi);
    expect(row.sertifikat?.snapshot.kompetensi.map((k) => k.id)).toEqual(row.nilai.map((n) => n.kompetensi_id).sort((a, b) => a - b));
  });

  it('should store the SHA-256 of the PDF the server serves, equal to the one made from the snapshot alone', async () => {
    const id = await awaitingBusHead();
    await approve(id, 'bushead');
    const pdf = await call(t, 'GET', `/api/sertifikat/generate/${id}`, tokens.hr);
    expect(pdf.statusCode).toBe(200);
    const [issued] = await certificatesOf(id);
    expect(sha256(pdf.rawPayload)).toBe(issued?.pdf_sha256);
    const row = await rowOf(id);
    expect(row.sertifikat?.pdf_sha256).toBe(issued?.pdf_sha256);
    if (!row.sertifikat) throw new Error('no certificate');
    const request = snapshotDocumentRequest(row.sertifikat, new Map());
    expect(Buffer.from(certificatePdf([buildDocumentInput(request.row, request.sources)])).equals(pdf.rawPayload)).toBe(true);
  });

  it('should print the same bytes after the school, the division, the grade template and the name change', async () => {
    const made = await makePeserta(t);
    await approve(made.id, 'pembimbing');
    await approve(made.id, 'hr');
    await approve(made.id, 'bushead');
    const before = await call(t, 'GET', `/api/sertifikat/generate/${made.id}`, tokens.hr);
    const transcriptBefore = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.hr);
    const [current] = await t.db.select().from(peserta).where(eq(peserta.id, made.id));
    if (!current) throw new Error('peserta missing');
    await t.db.update(instansi).set({ nama: 'Sekolah Berganti Nama' }).where(eq(instansi.id, current.instansi_id));
    await t.db.update(divisi).set({ nama: 'Divisi Berganti Nama' }).where(eq(divisi.id, current.divisi_id));
    await t.db.update(peserta).set({ nama: 'Nama Berganti' }).where(eq(peserta.id, made.id));
    const [template] = await t.db.insert(gradeTemplates).values({ nama: 'Template Baru', kategori: 'SMK' }).returning();
    await t.db.insert(gradeItems).values({ template_id: template?.id ?? 0, huruf: 'Z', min: 0, predikat: 'Baru' });
    try {
      const after = await call(t, 'GET', `/api/sertifikat/generate/${made.id}`, tokens.hr);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
      const transcriptAfter = await call(t, 'GET', `/api/nilai/cetak/${made.id}`, tokens.hr);
      expect(transcriptAfter.rawPayload.equals(transcriptBefore.rawPayload)).toBe(true);
      // Today's row shows today's data; the certificate keeps what it printed.
      const row = await rowOf(made.id);
      expect(row.nama).toBe('Nama Berganti');
      expect(row.sertifikat?.snapshot.peserta.nama).toBe(current.nama);
      expect(row.sertifikat?.snapshot.peserta.instansi.nama).not.toBe('Sekolah Berganti Nama');
    } finally {
      await t.db.delete(gradeTemplates).where(eq(gradeTemplates.id, template?.id ?? 0));
    }
  });

  it("should keep printing a signer's signature as issued after they upload a new one", async () => {
    const first = makePng(60, 20, 11);
    await uploadSignature('bushead', first);
    const id = await awaitingBusHead();
    await approve(id, 'bushead');
    const before = await call(t, 'GET', `/api/sertifikat/generate/${id}`, tokens.hr);
    await uploadSignature('bushead', makePng(60, 20, 12));
    const after = await call(t, 'GET', `/api/sertifikat/generate/${id}`, tokens.hr);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    const image = await call(t, 'GET', `/api/sertifikat/gambar/${sha256(first)}`, tokens.pembimbing);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(Buffer.from(image.rawPayload).equals(Buffer.from(first))).toBe(true);
    expect((await rowOf(id)).sertifikat?.snapshot.peserta.penandatangan[BUSHEAD]?.signature).toBe(sha256(first));
    expect((await call(t, 'DELETE', '/api/users/signature', tokens.bushead)).statusCode).toBe(200);
  });

  it('should answer the image endpoint 400 for a malformed hash, 404 for an unknown one', async () => {
    for (const bad of ['abc', 'A'.repeat(64), `${'0'.repeat(63)}g`]) {
      const answer = await call(t, 'GET', `/api/sertifikat/gambar/${bad}`, tokens.hr);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toEqual({ message: TERBIT_MSG.invalidSha256 });
    }
    const unknown = await call(t, 'GET', `/api/sertifikat/gambar/${'f'.repeat(64)}`, tokens.hr);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_MSG.notFound });
  });

  it('should issue exactly one certificate of 20 parallel third approvals', async () => {
    const id = await awaitingBusHead();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(t, 'POST', `/api/review/approve/${id}`, tokens.bushead)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await certificatesOf(id)).toHaveLength(1);
  });
});

describe('revoking and issuing anew', () => {
  it("should revoke on BusHead's cancel (keeping the row), and issue a new code on the next full approval", async () => {
    const id = await awaitingBusHead();
    await approve(id, 'bushead');
    const [first] = await certificatesOf(id);
    expect((await call(t, 'POST', `/api/review/cancel/${id}`, tokens.bushead, {})).statusCode).toBe(200);
    const afterCancel = await certificatesOf(id);
    expect(afterCancel).toHaveLength(1);
    expect(afterCancel[0]?.dicabut_pada).toBeInstanceOf(Date);
    expect(afterCancel[0]?.kode).toBe(first?.kode);
    const documents = await call(t, 'GET', `/api/sertifikat/generate/${id}`, tokens.hr);
    expect(documents.statusCode).toBe(409);

    await approve(id, 'bushead');
    const all = await certificatesOf(id);
    expect(all).toHaveLength(2);
    expect(all[1]?.kode).not.toBe(first?.kode);
    expect(all[1]?.dicabut_pada).toBeNull();
    expect((await rowOf(id)).sertifikat?.kode).toBe(all[1]?.kode);
  });

  it("should let HR re-issue (new code, today's signatures), and refuse others, an unapproved and an unknown participant", async () => {
    const id = await awaitingBusHead();
    await approve(id, 'bushead');
    const [first] = await certificatesOf(id);
    expect((await rowOf(id)).sertifikat?.snapshot.peserta.penandatangan[PEMBIMBING]?.signature).toBeNull();
    const png = makePng(60, 20, 21);
    await uploadSignature('pembimbing', png);
    try {
      for (const who of ['pembimbing', 'bushead', 'mentor'] as const) {
        expect((await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${id}`, tokens[who])).statusCode).toBe(403);
      }
      const answer = await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${id}`, tokens.hr);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.message).toBe(TERBIT_MSG.reissued);
      expect(body.data.kode).not.toBe(first?.kode);
      expect(body.data.snapshot.peserta.penandatangan[PEMBIMBING].signature).toBe(sha256(png));
      const all = await certificatesOf(id);
      expect(all.map((row) => row.dicabut_pada === null)).toEqual([false, true]);
      expect((await rowOf(id)).sertifikat?.kode).toBe(body.data.kode);
    } finally {
      await call(t, 'DELETE', '/api/users/signature', tokens.pembimbing);
    }
    const partial = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI } });
    const refused = await call(t, 'POST', `/api/sertifikat/terbitkan-ulang/${partial.id}`, tokens.hr);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: TERBIT_MSG.notIssued });
    expect(await certificatesOf(partial.id)).toEqual([]);
    expect((await call(t, 'POST', '/api/sertifikat/terbitkan-ulang/999999', tokens.hr)).statusCode).toBe(404);
  });
});

describe('the stored certificates', () => {
  it('should refuse in the database any change but one revocation, and any delete', async () => {
    const id = await awaitingBusHead();
    await approve(id, 'bushead');
    const valid = and(eq(sertifikatTerbit.peserta_id, id), isNull(sertifikatTerbit.dicabut_pada));
    await expect(t.db.update(sertifikatTerbit).set({ pdf_sha256: '0'.repeat(64) }).where(valid)).rejects.toThrow();
    await expect(t.db.update(sertifikatTerbit).set({ snapshot: sql`'{}'::jsonb` }).where(valid)).rejects.toThrow();
    await expect(t.db.delete(sertifikatTerbit).where(eq(sertifikatTerbit.peserta_id, id))).rejects.toThrow();
    await t.db.update(sertifikatTerbit).set({ dicabut_pada: new Date() }).where(valid);
    await expect(t.db.update(sertifikatTerbit).set({ dicabut_pada: null }).where(eq(sertifikatTerbit.peserta_id, id))).rejects.toThrow();
  });

  it('should keep a deleted participant\'s certificate (participant id cleared)', async () => {
    const id = await awaitingBusHead();
    await approve(id, 'bushead');
    const [issued] = await certificatesOf(id);
    expect((await call(t, 'DELETE', `/api/peserta/${id}`, tokens.hr)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(sertifikatTerbit).where(eq(sertifikatTerbit.kode, issued?.kode ?? ''));
    expect(kept).toMatchObject({ peserta_id: null, dicabut_pada: null, pdf_sha256: issued?.pdf_sha256 });
  });

  it('should issue at start-up the certificates of participants approved before issuing existed, once', async () => {
    const made = await makePeserta(t, { reviews: null });
    await t.db.insert(reviews).values(APPROVAL_STEPS.map((step) => ({ peserta_id: made.id, role_reviewer: step, status: DISETUJUI as typeof DISETUJUI })));
    expect(await certificatesOf(made.id)).toEqual([]);
    expect(await issueMissingCertificates(t.db, t.config)).toBeGreaterThanOrEqual(1);
    expect(await certificatesOf(made.id)).toHaveLength(1);
    expect(await issueMissingCertificates(t.db, t.config)).toBe(0);
    expect(await certificatesOf(made.id)).toHaveLength(1);
  });

  it('should find the valid certificates of more participants than one statement may bind (70,000 ids)', async () => {
    // The whole certificate list of a level at 100,000 participants asks for ~85,000 ids;
    // PostgreSQL takes at most 65,535 parameters in a statement.
    const first = await awaitingBusHead();
    const last = await awaitingBusHead();
    await approve(first, 'bushead');
    await approve(last, 'bushead');
    const unknown = Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i);
    const found = await validCertificates(t.db, [first, ...unknown, last]);
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([first, last]);
    expect(found.get(last)?.kode).toBe((await certificatesOf(last))[0]?.kode);
  });

  it('should keep each image once however many certificates print it', async () => {
    const png = makePng(60, 20, 31);
    await uploadSignature('bushead', png);
    try {
      for (let i = 0; i < 2; i++) await approve(await awaitingBusHead(), 'bushead');
      const kept = await t.db.select({ sha256: dokumenGambar.sha256 }).from(dokumenGambar).where(eq(dokumenGambar.sha256, sha256(png)));
      expect(kept).toHaveLength(1);
    } finally {
      await call(t, 'DELETE', '/api/users/signature', tokens.bushead);
    }
  });
});
