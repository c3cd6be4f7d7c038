// /api/nilai: scores. Reads: the competencies of a division (any logged-in user), a
// participant's scores (a Mentor only their own; Pembimbing, HR, BusHead any), the calling
// mentor's list. Writes (Mentor own, Pembimbing, HR; never BusHead) obey the edit lock (409)
// and accept an Idempotency-Key (services/idempotency.ts); they answer the participants'
// state after the change (`state` / `states`, services/peserta-state.ts answerState). The
// Daftar Nilai (transcript) PDF of a fully approved participant is for Pembimbing, HR and BusHead.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mentorPesertaQuerySchema, mentorPesertaResponseSchema } from '../../src/domain/arsip';
import { kompetensiRowSchema, listResponseSchema } from '../../src/domain/master-records';
import { nilaiBulkSchema, nilaiKompetensiQuerySchema } from '../../src/domain/nilai';
import { nilaiResetAnswerSchema, nilaiSaveAnswerSchema, scoreSchema, stateConflictSchema } from '../../src/domain/peserta-state';
import { DOCUMENT_MIME, SERTIFIKAT_MSG, documentFileName, parseGradeConfig } from '../../src/domain/sertifikat';
import { daftarNilaiPdf } from '../../src/documents/make';
import { currentUser, requireRole } from '../auth/plugin';
import { HttpError } from '../http-error';
import { sendFile } from '../http-download';
import { answerHeaders, idempotencyScope, runIdempotent } from '../services/idempotency';
import { sendKeptList } from '../services/kept-list-body';
import { createMentorListCache, listMentorPeserta } from '../services/mentor-list';
import { deleteAllNilai, listDivisiKompetensi, readNilai, saveNilai } from '../services/nilai';
import { answerState } from '../services/peserta-state';
import { DIBUAT_PADA_DOC, changeOrigin } from '../services/riwayat';
import { sertifikatDocument } from '../services/sertifikat';
import { batasToday, workingSetWhere } from '../services/working-set';
import { parseId, parseInput } from '../validation';

/** Registers GET /divisi/:divisiId/kompetensi, GET /peserta/:id, GET /mentor/peserta, POST /bulk, DELETE /peserta/:id, GET /cetak/:id (at /api/nilai). */
export default async function nilaiRoutes(app: FastifyInstance): Promise<void> {
  const editors = requireRole('Mentor', 'Pembimbing', 'HR');
  // One cache per app instance (tests get a fresh one with each app).
  const mentorLists = createMentorListCache(app.db, app.changes);
  const own = 'A Mentor only its own participants (else 403).';
  const editLock = { 409: 'The edit lock (`scoreEditLock` text): nothing written; with a key the answer carries the current `state`' };
  const kompetensiDoc = {
    summary: "The division's active competencies of a level",
    query: nilaiKompetensiQuerySchema,
    response: { description: 'By name', schema: listResponseSchema(kompetensiRowSchema.omit({ divisi_kategori: true })) },
    errors: { 404: 'Unknown division' },
  };
  const readDoc = {
    summary: "A participant's scores",
    description: own,
    response: { description: 'By competency name', schema: z.object({ data: z.object({ nilai: z.array(scoreSchema) }) }) },
    errors: { 403: "Another mentor's participant (a Mentor only reads its own)" },
  };
  const mentorDoc = {
    summary: "The calling mentor's participants with their scores",
    description:
      "Without `lingkup`: every participant of the mentor, with an ETag (`If-None-Match` → 304 while current). `lingkup=kerja`: only the mentor's working set (ended on or after `batas`, or scores still open), and the answer carries that `batas`; no ETag.",
    headers: { 'If-None-Match': 'The ETag of the whole list held: 304 when it is current' },
    answers: { 304: 'The whole list held is current' },
    query: mentorPesertaQuerySchema,
    response: { description: 'Each participant with its scores on active competencies and `kompetensi_count`', schema: mentorPesertaResponseSchema },
  };
  const bulkDoc = {
    summary: 'Save scores (upsert per participant and competency)',
    description: `${own} The answer carries \`states\`: each participant's state after the change (and \`state\` when there is one participant).`,
    body: nilaiBulkSchema,
    idempotent: true,
    headers: DIBUAT_PADA_DOC,
    response: { description: 'The scores of those participants, and their states', schema: nilaiSaveAnswerSchema },
    errors: { 400: 'Invalid input, an unknown competency or one of another level', 403: "Another mentor's participant", 404: 'Unknown participant', ...editLock },
    conflictSchema: stateConflictSchema,
  } as const;
  const deleteDoc = {
    summary: "Delete all of a participant's scores",
    description: `${own} The answer carries \`state\`: the participant's state after the change.`,
    idempotent: true,
    headers: DIBUAT_PADA_DOC,
    response: { description: "`Semua nilai berhasil dihapus`; `data` is the participant's scores after the change (none)", schema: nilaiResetAnswerSchema },
    errors: { 403: "Another mentor's participant", ...editLock },
    conflictSchema: stateConflictSchema,
  } as const;
  const cetakDoc = {
    summary: 'Daftar Nilai (transcript) PDF',
    query: z.object({ gradeConfig: z.string().optional().describe('JSON array of {huruf, min, predikat}; absent: the default thresholds') }),
    response: { description: 'attachment Daftar_Nilai_{name}.pdf', media: DOCUMENT_MIME.pdf },
    errors: { 400: 'Invalid id, or `Template grade tidak valid`', 409: 'The participant is not fully approved' },
  };

  app.get<{ Params: { divisiId: string } }>('/divisi/:divisiId/kompetensi', { preHandler: requireRole(), config: { openapi: kompetensiDoc } }, async (request) => {
    const divisiId = parseId(request.params.divisiId);
    const { jenjang } = parseInput(nilaiKompetensiQuerySchema, request.query);
    return { data: await listDivisiKompetensi(app.db, divisiId, jenjang) };
  });

  app.get<{ Params: { id: string } }>('/peserta/:id', { preHandler: requireRole(), config: { openapi: readDoc } }, async (request) => {
    const id = parseId(request.params.id);
    return { data: { nilai: await readNilai(app.db, currentUser(request), id) } };
  });

  app.get('/mentor/peserta', { preHandler: requireRole('Mentor'), config: { openapi: mentorDoc } }, async (request, reply) => {
    const { lingkup } = parseInput(mentorPesertaQuerySchema, request.query);
    const user = currentUser(request);
    // The whole list: kept while unchanged, with an ETag; a client holding it gets 304 (see the cache).
    if (lingkup === undefined) return sendKeptList(request, reply, await mentorLists.answer(user.id, request.headers['if-none-match']));
    const batas = batasToday(user.role, app.config.workingSet);
    return { data: await listMentorPeserta(app.db, user.id, workingSetWhere({ role: user.role, userId: user.id }, batas)), batas };
  });

  app.post('/bulk', { preHandler: editors, config: { openapi: bulkDoc } }, async (request, reply) => {
    const user = currentUser(request);
    const scope = idempotencyScope(request, user.id);
    const body = parseInput(nilaiBulkSchema, request.body);
    const origin = changeOrigin(request, user);
    const ids = body.nilai_data.map((item) => item.peserta_id);
    const answer = await runIdempotent(app.db, scope, (tx) => saveNilai(tx, origin, body.nilai_data), (tx) => answerState(tx, ids, true));
    return reply.code(answer.status).headers(answerHeaders(answer)).send(answer.body);
  });

  app.delete<{ Params: { id: string } }>('/peserta/:id', { preHandler: editors, config: { openapi: deleteDoc } }, async (request, reply) => {
    const user = currentUser(request);
    const scope = idempotencyScope(request, user.id);
    const id = parseId(request.params.id);
    const origin = changeOrigin(request, user);
    const answer = await runIdempotent(app.db, scope, (tx) => deleteAllNilai(tx, origin, id), (tx) => answerState(tx, [id]));
    return reply.code(answer.status).headers(answerHeaders(answer)).send(answer.body);
  });

  // Daftar Nilai: `gradeConfig` is a JSON list of thresholds; absent → the default transcript scale, the certificate's.
  app.get<{ Params: { id: string }; Querystring: { gradeConfig?: unknown } }>(
    '/cetak/:id',
    { preHandler: requireRole('Pembimbing', 'HR', 'BusHead'), config: { openapi: cetakDoc } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const raw = request.query.gradeConfig;
      const items = raw === undefined || typeof raw === 'string' ? parseGradeConfig(raw) : null;
      if (!items) throw new HttpError(400, SERTIFIKAT_MSG.invalidGradeConfig);
      const { row, input } = await sertifikatDocument(app.db, id, { kind: 'given', items });
      const bytes = daftarNilaiPdf(input);
      return sendFile(reply, { bytes, mime: DOCUMENT_MIME.pdf, filename: documentFileName.daftarNilaiPdf(row.nama), disposition: 'attachment' });
    },
  );
}
