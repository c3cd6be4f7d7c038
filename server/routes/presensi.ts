// /api/presensi: attendance. A Mentor marks their own participants (until the Pembimbing
// decides: 409 after); HR corrects any mark; Pembimbing and BusHead read. Setting marks is a
// replayable change of the offline outbox: it accepts an Idempotency-Key and its answer (2xx, and
// a keyed 409) carries the participants' `states`, like scores.
import type { FastifyInstance } from 'fastify';
import { stateConflictSchema } from '../../src/domain/peserta-state';
import {
  presensiListResponseSchema,
  presensiPullQuerySchema,
  presensiPullResponseSchema,
  presensiPutAnswerSchema,
  presensiRekapQuerySchema,
  presensiRekapResponseSchema,
  presensiPutSchema,
  rekapFileName,
} from '../../src/domain/presensi';
import { DOCUMENT_MIME } from '../../src/domain/sertifikat';
import { currentUser, requireRole } from '../auth/plugin';
import { sendFile } from '../http-download';
import { answerHeaders, idempotencyScope, runIdempotent } from '../services/idempotency';
import { answerState } from '../services/peserta-state';
import { DIBUAT_PADA_DOC, changeOrigin } from '../services/riwayat';
import { pullPresensi, putPresensi, readPresensi, rekapPresensi } from '../services/presensi';
import { rekapWorkbook } from '../services/presensi-xlsx';
import { parseId, parseInput } from '../validation';

/** Registers PUT /, GET /, GET /peserta/:id, GET /rekap, GET /rekap.xlsx (mounted at /api/presensi). */
export default async function presensiRoutes(app: FastifyInstance): Promise<void> {
  const put = {
    summary: 'Set or correct attendance marks (1–500; all applied or none)',
    description:
      "A Mentor only its own participants and only until the Pembimbing has decided; HR any (HR's corrections are recorded in the participant's history, Riwayat). A date must be inside the internship, not after today (Asia/Jakarta) and a working day (HARI_KERJA). A mark with `sebelumnya` (the status its sender saw) is refused with 409 when the date has since been marked otherwise.",
    body: presensiPutSchema,
    idempotent: true,
    headers: DIBUAT_PADA_DOC,
    response: { description: "`Presensi berhasil disimpan`; the stored marks of the request, by participant then date; the participants' `states`", schema: presensiPutAnswerSchema },
    errors: {
      400: 'Invalid input, a duplicate participant and date, or a date that cannot be marked (the reason and the date)',
      403: "Another mentor's participant",
      404: 'Unknown participant',
      409: 'The lock: the Pembimbing has decided on the participant; or a mark whose `sebelumnya` is no longer the stored status (the status now in the message). With a key the answer carries the current `state`',
    },
    conflictSchema: stateConflictSchema,
  } as const;
  app.put('/', { preHandler: requireRole('Mentor', 'HR'), config: { openapi: put } }, async (request, reply) => {
    const user = currentUser(request);
    const { presensi } = parseInput(presensiPutSchema, request.body);
    const ids = [...new Set(presensi.map((mark) => mark.peserta_id))];
    const scope = idempotencyScope(request, user.id);
    const origin = changeOrigin(request, user);
    const answer = await runIdempotent(
      app.db,
      scope,
      (tx) => putPresensi(tx, origin, presensi, { hariKerja: app.config.hariKerja }),
      (tx) => answerState(tx, ids, true),
    );
    return reply.code(answer.status).headers(answerHeaders(answer)).send(answer.body);
  });

  const pull = {
    summary: 'Attendance marks of the readable participants, incrementally',
    description: 'A Mentor its own participants, other roles all. With `since` (the cursor of the previous answer) only the marks changed since.',
    query: presensiPullQuerySchema,
    response: { description: '`data` and the `cursor` of the next pull', schema: presensiPullResponseSchema },
  };
  app.get('/', { preHandler: requireRole(), config: { openapi: pull } }, async (request) => {
    const { since } = parseInput(presensiPullQuerySchema, request.query);
    return pullPresensi(app.db, currentUser(request), since === undefined ? undefined : Number(since));
  });

  const one = {
    summary: "A participant's attendance marks by date",
    description: 'A Mentor only its own participants (else 403).',
    response: { description: 'Marks by date', schema: presensiListResponseSchema },
    errors: { 403: "Another mentor's participant", 404: 'Unknown participant' },
  };
  app.get<{ Params: { id: string } }>('/peserta/:id', { preHandler: requireRole(), config: { openapi: one } }, async (request) => ({
    data: await readPresensi(app.db, currentUser(request), parseId(request.params.id)),
  }));

  const rekap = {
    summary: 'Attendance recap per participant over a period',
    description: 'Participants whose internship meets the period (of the level and division when given): marks per status in the period, `tercatat` recorded days, `hari_kerja` working days of the internship inside the period (HARI_KERJA), `persen_hadir` = hadir / tercatat × 100 rounded to one decimal (null when nothing is recorded).',
    query: presensiRekapQuerySchema,
    response: { description: 'By level, then name', schema: presensiRekapResponseSchema },
  };
  app.get('/rekap', { preHandler: requireRole('HR'), config: { openapi: rekap } }, async (request) => ({
    data: await rekapPresensi(app.db, parseInput(presensiRekapQuerySchema, request.query), app.config.hariKerja),
  }));

  const xlsx = {
    summary: 'Attendance recap over a period as a workbook (.xlsx)',
    description:
      "The rows of GET /api/presensi/rekap for the same query, one sheet per level present ('Siswa SMK', 'Mahasiswa'; one sheet with the header only when there is no row): a title, the period as date cells, the frozen header row, one row per participant and a totals row (sums; the share present is total hadir / total tercatat). Counts are numbers; `% Hadir` is a fraction with a percent format, empty when nothing is recorded. Saved as `Rekap_Presensi_{from}_{to}.xlsx`.",
    query: presensiRekapQuerySchema,
    response: { description: 'The workbook (attachment)', media: DOCUMENT_MIME.xlsx },
  } as const;
  app.get('/rekap.xlsx', { preHandler: requireRole('HR'), config: { openapi: xlsx } }, async (request, reply) => {
    const query = parseInput(presensiRekapQuerySchema, request.query);
    const rows = await rekapPresensi(app.db, query, app.config.hariKerja);
    const bytes = await rekapWorkbook(query, rows);
    return sendFile(reply, { bytes, mime: DOCUMENT_MIME.xlsx, filename: rekapFileName(query.from, query.to), disposition: 'attachment' });
  });
}
