// /api/peserta: participants of both levels. Pembimbing and HR read and write them;
// BusHead reads them for the approval screen (it sees approvals); a Mentor reads its
// own participants through /api/nilai/mentor/peserta.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { arsipPesertaQuerySchema, arsipPesertaResponseSchema } from '../../src/domain/arsip';
import { deletedResponseSchema, itemResponseSchema } from '../../src/domain/master-records';
import {
  pesertaBulkRequestSchema,
  pesertaBulkResponseSchema,
  pesertaCreateSchema,
  pesertaListQuerySchema,
  pesertaListResponseSchema,
  pesertaPageResponseSchema,
  pesertaSchema,
  pesertaUpdateSchema,
} from '../../src/domain/peserta';
import { currentUser, requireRole } from '../auth/plugin';
import { createUnscoredKeeper } from '../services/approval-unscored';
import { searchArsipPeserta } from '../services/arsip';
import { createPeserta, deletePeserta, updatePeserta } from '../services/peserta';
import { bulkCreatePeserta } from '../services/peserta-bulk';
import { sendKeptList } from '../services/kept-list-body';
import { createPesertaListCache } from '../services/peserta-list-cache';
import { type WorkingSetFilter, getPeserta, pagePeserta, pullPeserta } from '../services/peserta-read';
import { batasToday } from '../services/working-set';
import { parseId, parseInput } from '../validation';

/**
 * Body limit of POST /api/peserta/bulk only (the app's is 1 MB): 5,000 rows at ~300 bytes are
 * ~1.5 MB, and 5,000 rows with every text at its 200-character maximum (ASCII) ~7.5 MB.
 */
const PESERTA_BULK_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** The 409 of an add or an edit (services/peserta-numbers.ts). */
const NUMBER_TAKEN = 'The NIS (SMK) or NIM (Mahasiswa) is taken at that school or campus: `NIS "x" sudah terdaftar di {instansi}` (or NIM)';

/** Registers GET /, GET /arsip, GET /:id, POST /, POST /bulk, PUT /:id, DELETE /:id (mounted at /api/peserta). */
export default async function pesertaRoutes(app: FastifyInstance): Promise<void> {
  const staff = requireRole('Pembimbing', 'HR');
  const readers = requireRole('Pembimbing', 'HR', 'BusHead');

  // One cache per app instance (tests get a fresh one with each app).
  const listCache = createPesertaListCache(app.db, app.changes);
  const unscoredIds = createUnscoredKeeper(app.db, app.changes);

  const one = { description: 'The participant', schema: itemResponseSchema(pesertaSchema) };
  const list = {
    summary: 'Participants, newest first; or the changes since a cursor; or one page',
    description:
      'Without paging parameters: the whole list by `tanggal_masuk` then id, newest first, with an ETag. `since=<cursor>`: the rows changed since and the ids `deleted` since. `limit` (+ `after`): one page by id. ' +
      "`lingkup=kerja` (any form): only the caller's working set (its role's window: ended on or after `batas`, work still pending — an approver's: in the approval list with a step open, or rejected by its own step —, a certificate issued on or after `batas`, or named by an unread notification of the caller), and the answer carries that `batas`; a `since` pull also answers `keluar`, the ids that left the set (changed and now outside, or — given the device's previous `batas` — ended between it and the new one), and brings rows that entered it by a longer window. The whole list with `lingkup` has no ETag.",
    query: pesertaListQuerySchema,
    headers: { 'If-None-Match': 'The ETag of the whole list held: 304 when it is current' },
    response: { description: 'The list (with `cursor`), or a page', schema: z.union([pesertaListResponseSchema, pesertaPageResponseSchema]) },
    answers: { 304: 'The whole list held is current' },
  };
  app.get('/', { preHandler: readers, config: { openapi: list } }, async (request, reply) => {
    const query = parseInput(pesertaListQuerySchema, request.query);
    const jenjang = query.jenjang || undefined;
    if (query.lingkup !== undefined) {
      // The working set: per role and per day, so never kept — the kept whole list is merged by
      // id from incremental pulls and could not drop rows that leave by time alone.
      const { role, id } = currentUser(request);
      const kerja: WorkingSetFilter = { viewer: { role, userId: id }, batas: batasToday(role, app.config.workingSet), previous: query.batas };
      const answer =
        query.limit !== undefined
          ? await pagePeserta(app.db, { jenjang, limit: query.limit, after: query.after, kerja })
          : await pullPeserta(app.db, { jenjang, since: query.since, kerja });
      return { ...answer, batas: kerja.batas };
    }
    // `since` pulls are small and per client: built each time.
    if (query.since !== undefined) return pullPeserta(app.db, { jenjang, since: query.since });
    // A page of the full list (the app's first pull): bounded work, built each time.
    if (query.limit !== undefined) return pagePeserta(app.db, { jenjang, limit: query.limit, after: query.after });
    // The full list: kept while unchanged, with an ETag; a client holding it gets 304 (see the cache).
    return sendKeptList(request, reply, await listCache.answer(jenjang, request.headers['if-none-match']));
  });

  const arsip = {
    summary: 'Search every participant (the archive), one page',
    description:
      '`daftar=peserta`: like the participant lists (q in the name or the school / campus, division, period overlapping). `daftar=approval`: only participants in the approval list, `status` lengkap / belum, q in the name, period overlapping. Newest `tanggal_masuk` first, then name, then id; a page past the end has no rows.',
    query: arsipPesertaQuerySchema,
    response: { description: 'One page and the total', schema: arsipPesertaResponseSchema },
  };
  app.get('/arsip', { preHandler: readers, config: { openapi: arsip } }, async (request) => searchArsipPeserta(app.db, parseInput(arsipPesertaQuerySchema, request.query), unscoredIds));

  app.get<{ Params: { id: string } }>('/:id', { preHandler: readers, config: { openapi: { summary: 'One participant', response: one } } }, async (request) => {
    const id = parseId(request.params.id);
    return { data: await getPeserta(app.db, id) };
  });

  const create = {
    summary: 'Add a participant (with its detail row and three `Menunggu` reviews)',
    body: pesertaCreateSchema,
    response: { ...one, status: 201 },
    errors: {
      400: '`Semua field wajib diisi`, a field\'s text, or a wrong reference kind (e.g. `Mentor harus berupa user dengan role Mentor`)',
      409: NUMBER_TAKEN,
    },
  };
  app.post('/', { preHandler: staff, config: { openapi: create } }, async (request, reply) => {
    const body = parseInput(pesertaCreateSchema, request.body);
    return reply.code(201).send({ data: await createPeserta(app.db, body) });
  });

  // Checked on request, before the (large) body is read: a stranger cannot make us parse 8 MB.
  const bulk = {
    summary: 'Import participants (CSV rows), each row on its own',
    description: 'At most 5,000 rows; each row is validated like an add and saved atomically; a bad row never blocks the others.',
    body: pesertaBulkRequestSchema,
    response: { description: 'How many were created, and each row\'s outcome', schema: pesertaBulkResponseSchema },
    errors: { 413: 'Body over 8 MB' },
  };
  const bulkOptions = { onRequest: staff as onRequestAsyncHookHandler, bodyLimit: PESERTA_BULK_BODY_LIMIT_BYTES, config: { openapi: bulk } };
  app.post('/bulk', bulkOptions, async (request) => {
    const body = parseInput(pesertaBulkRequestSchema, request.body);
    return { data: await bulkCreatePeserta(app.db, body.jenjang, body.rows) };
  });

  const update = {
    summary: 'Change a participant (non-empty fields only)',
    body: pesertaUpdateSchema,
    response: one,
    errors: {
      400: 'Invalid input, `Jenjang tidak dapat diubah`, a wrong reference kind, or dates out of order with the stored ones',
      409: NUMBER_TAKEN,
    },
  };
  app.put<{ Params: { id: string } }>('/:id', { preHandler: staff, config: { openapi: update } }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(pesertaUpdateSchema, request.body);
    return { data: await updatePeserta(app.db, id, body) };
  });

  const remove = {
    summary: 'Delete a participant (its details, reviews and scores go with it)',
    response: { description: 'The deleted id (tombstones for it and its scores)', schema: deletedResponseSchema },
  };
  app.delete<{ Params: { id: string } }>('/:id', { preHandler: staff, config: { openapi: remove } }, async (request) => {
    const id = parseId(request.params.id);
    await deletePeserta(app.db, id);
    return { data: { id } };
  });
}
