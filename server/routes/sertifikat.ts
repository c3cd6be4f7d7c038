// /api/sertifikat: the certificate screens' API. Pembimbing,
// HR and BusHead list the fully approved participants of a level and get a participant's
// certificate as PDF, PPTX or a PNG preview; anything not fully approved answers 409.
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_MIME, documentFileName, sertifikatListQuerySchema, sertifikatListResponseSchema } from '../../src/domain/sertifikat';
import { certificatePdf, certificatePptx } from '../../src/documents/make';
import { requireRole } from '../auth/plugin';
import { sendFile } from '../http-download';
import { certificatePreviewPng } from '../services/document-preview';
import { listSertifikat, sertifikatDocument } from '../services/sertifikat';
import { parseId, parseInput } from '../validation';

/** Registers GET /peserta, /generate/:id, /generate-ppt/:id, /preview/:id (mounted at /api/sertifikat). */
export default async function sertifikatRoutes(app: FastifyInstance): Promise<void> {
  const readers = requireRole('Pembimbing', 'HR', 'BusHead');
  const certificate = (id: string) =>
    sertifikatDocument(app.db, app.config.organisasi, parseId(id), { kind: 'certificate' });

  const list = {
    summary: 'The fully approved participants of a level, for their documents',
    query: sertifikatListQuerySchema,
    response: { description: 'Rows as GET /api/peserta plus signers and issue date; the organisation', schema: sertifikatListResponseSchema },
  };
  const notApproved = { 409: 'The participant is not fully approved' };
  app.get('/peserta', { preHandler: readers, config: { openapi: list } }, async (request) => {
    const { jenjang } = parseInput(sertifikatListQuerySchema, request.query);
    return { data: await listSertifikat(app.db, jenjang), organisasi: app.config.organisasi };
  });

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
}
