// /api/sertifikat: the certificate screens' API. Pembimbing, HR and BusHead list the fully
// approved participants of a level (each with its issued certificate), get a participant's
// certificate as PDF, PPTX or a PNG preview — printed from the issued snapshot — and the images
// a snapshot names; anything not fully approved answers 409. HR re-issues a certificate.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHA256_HEX } from '../../src/domain/sha256';
import { arsipSertifikatQuerySchema, arsipSertifikatResponseSchema } from '../../src/domain/arsip';
import { DOCUMENT_MIME, documentFileName, sertifikatListQuerySchema } from '../../src/domain/sertifikat';
import { TERBIT_MSG, sertifikatListResponseSchema, sertifikatTerbitSchema } from '../../src/domain/sertifikat-terbit';
import { certificatePdf, certificatePptx } from '../../src/documents/make';
import { currentUser, requireRole } from '../auth/plugin';
import { sendFile } from '../http-download';
import { searchArsipSertifikat } from '../services/arsip';
import { certificatePreviewPng } from '../services/document-preview';
import { organisasiNow } from '../services/organisasi';
import { sendKeptList } from '../services/kept-list-body';
import { listSertifikat, sertifikatDocument } from '../services/sertifikat';
import { createSertifikatListCache } from '../services/sertifikat-list-cache';
import { documentImage, reissueCertificate } from '../services/sertifikat-terbit';
import { batasToday, workingSetWhere } from '../services/working-set';
import { parseId, parseInput } from '../validation';

/** Registers GET /peserta, /arsip, /generate/:id, /generate-ppt/:id, /preview/:id, /gambar/:sha256, POST /terbitkan-ulang/:id (mounted at /api/sertifikat). */
export default async function sertifikatRoutes(app: FastifyInstance): Promise<void> {
  const readers = requireRole('Pembimbing', 'HR', 'BusHead');
  // One cache per app instance (tests get a fresh one with each app).
  const listCache = createSertifikatListCache(app.db, app.changes);
  const certificate = (id: string) =>
    sertifikatDocument(app.db, parseId(id), { kind: 'certificate' });

  const list = {
    summary: 'The fully approved participants of a level, for their documents',
    query: sertifikatListQuerySchema,
    description:
      "Without `lingkup`: the whole list, with an ETag (`If-None-Match` → 304 while current). `lingkup=kerja`: only the caller's working set (a completed participant is in it while it ended on or after `batas`, its certificate was issued or re-issued on or after `batas`, or an unread notification of the caller names it), and the answer carries that `batas`; no ETag.",
    headers: { 'If-None-Match': 'The ETag of the whole list held: 304 when it is current' },
    response: { description: "Rows as GET /api/peserta plus signers and issue date; the organisation (with its current logo's SHA-256)", schema: sertifikatListResponseSchema },
    answers: { 304: 'The whole list held is current' },
  };
  const notApproved = { 409: 'The participant is not fully approved' };
  app.get('/peserta', { preHandler: readers, config: { openapi: list } }, async (request, reply) => {
    const { jenjang, lingkup } = parseInput(sertifikatListQuerySchema, request.query);
    const organisasi = await organisasiNow(app.db, app.config.organisasi);
    // The whole list: kept while unchanged, with an ETag; a client holding it gets 304 (see the cache).
    if (lingkup === undefined) return sendKeptList(request, reply, await listCache.answer(jenjang, request.headers['if-none-match'], organisasi));
    const { role, id } = currentUser(request);
    const batas = batasToday(role, app.config.workingSet);
    return { data: await listSertifikat(app.db, jenjang, workingSetWhere({ role, userId: id }, batas)), organisasi, batas };
  });

  const arsip = {
    summary: 'Search every completed participant of a level (the archive), one page',
    description: 'q in the name or the school / campus, division, an internship fully inside [dari, sampai]; by name, then id; a page past the end has no rows.',
    query: arsipSertifikatQuerySchema,
    response: { description: 'One page of rows shaped like GET /api/sertifikat/peserta, and the total', schema: arsipSertifikatResponseSchema },
  };
  app.get('/arsip', { preHandler: readers, config: { openapi: arsip } }, async (request) =>
    searchArsipSertifikat(app.db, parseInput(arsipSertifikatQuerySchema, request.query)),
  );

  const pdf = { summary: 'Certificate (PDF)', response: { description: 'attachment certificate_{name}.pdf', media: DOCUMENT_MIME.pdf }, errors: notApproved };
  app.get<{ Params: { id: string } }>('/generate/:id', { preHandler: readers, config: { openapi: pdf } }, async (request, reply) => {
    const { row, input } = await certificate(request.params.id);
    const bytes = certificatePdf([input]);
    return sendFile(reply, { bytes, mime: DOCUMENT_MIME.pdf, filename: documentFileName.certificatePdf(row.nama), disposition: 'attachment' });
  });

  const pptx = { summary: 'Certificate (PPTX)', response: { description: 'attachment certificate_{name}.pptx', media: DOCUMENT_MIME.pptx }, errors: notApproved };
  app.get<{ Params: { id: string } }>('/generate-ppt/:id', { preHandler: readers, config: { openapi: pptx } }, async (request, reply) => {
    const { row, input } = await certificate(request.params.id);
    const bytes = await certificatePptx(input);
    return sendFile(reply, { bytes, mime: DOCUMENT_MIME.pptx, filename: documentFileName.certificatePptx(row.nama), disposition: 'attachment' });
  });

  const png = { summary: 'Certificate preview (PNG, 1200 px wide)', response: { description: 'inline PNG', media: DOCUMENT_MIME.png }, errors: notApproved };
  app.get<{ Params: { id: string } }>('/preview/:id', { preHandler: readers, config: { openapi: png } }, async (request, reply) => {
    const { row, input } = await certificate(request.params.id);
    const bytes = await certificatePreviewPng(input);
    const filename = documentFileName.certificatePdf(row.nama).replace(/\.pdf$/, '.png');
    return sendFile(reply, { bytes, mime: DOCUMENT_MIME.png, filename, disposition: 'inline' });
  });

  const image = {
    summary: 'An image an issued certificate prints (a signature, the logo), by its SHA-256; never changes',
    response: { description: 'image/png, cacheable for good', media: DOCUMENT_MIME.png },
    errors: { 400: 'Not a SHA-256 (64 lowercase hex digits)', 404: 'No such image' },
  };
  app.get<{ Params: { sha256: string } }>('/gambar/:sha256', { preHandler: readers, config: { openapi: image } }, async (request, reply) => {
    const { sha256 } = parseInput(imageParamsSchema, request.params);
    const png = await documentImage(app.db, sha256);
    // Content-addressed: the bytes of a hash never change, so a device may keep them for good.
    return reply.type(DOCUMENT_MIME.png).header('cache-control', 'private, max-age=31536000, immutable').send(Buffer.from(png));
  });

  const reissue = {
    summary: "Terbitkan ulang: revoke the participant's certificate and issue a new one (new code, dated today)",
    description: "From today's data, e.g. after a signer uploaded a signature or set a full name. The old code then verifies as `dicabut`.",
    response: { description: `\`${TERBIT_MSG.reissued}\`; \`data\`: the new certificate`, schema: reissueResponseSchema },
    errors: notApproved,
  };
  app.post<{ Params: { id: string } }>('/terbitkan-ulang/:id', { preHandler: requireRole('HR'), config: { openapi: reissue } }, async (request) => {
    const data = await reissueCertificate(app.db, parseId(request.params.id), app.config);
    return { message: TERBIT_MSG.reissued, data };
  });
}

const imageParamsSchema = z.object({ sha256: z.string().regex(SHA256_HEX, TERBIT_MSG.invalidSha256) });
const reissueResponseSchema = z.object({ message: z.string(), data: sertifikatTerbitSchema });
