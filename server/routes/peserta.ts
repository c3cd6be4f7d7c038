// /api/peserta: participants of both levels. Pembimbing and HR read and write them (CONTRACT);
// BusHead reads them for the approval screen (spec 6: it sees approvals); a Mentor reads its
// own participants through /api/nilai/mentor/peserta.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import {
  pesertaBulkRequestSchema,
  pesertaCreateSchema,
  pesertaListQuerySchema,
  pesertaUpdateSchema,
} from '../../src/domain/peserta';
import { requireRole } from '../auth/plugin';
import { createPeserta, deletePeserta, updatePeserta } from '../services/peserta';
import { bulkCreatePeserta } from '../services/peserta-bulk';
import { createPesertaListCache, preferredEncoding } from '../services/peserta-list-cache';
import { getPeserta, pagePeserta, pullPeserta } from '../services/peserta-read';
import { parseId, parseInput } from '../validation';

/**
 * Body limit of POST /api/peserta/bulk only (the app's is 1 MB): 5,000 rows at ~300 bytes are
 * ~1.5 MB, and 5,000 rows with every text at its 200-character maximum (ASCII) ~7.5 MB.
 */
export const PESERTA_BULK_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** Registers GET /, GET /:id, POST /, POST /bulk, PUT /:id, DELETE /:id (mounted at /api/peserta). */
export default async function pesertaRoutes(app: FastifyInstance): Promise<void> {
  const staff = requireRole('Pembimbing', 'HR');
  const readers = requireRole('Pembimbing', 'HR', 'BusHead');

  // One cache per app instance (tests get a fresh one with each app).
  const listCache = createPesertaListCache();

  app.get('/', { preHandler: readers }, async (request, reply) => {
    const query = parseInput(pesertaListQuerySchema, request.query);
    // `since` pulls are small and per client: built each time.
    if (query.since !== undefined) return pullPeserta(app.db, { jenjang: query.jenjang || undefined, since: query.since });
    // A page of the full list (the app's first pull): bounded work, built each time.
    if (query.limit !== undefined) return pagePeserta(app.db, { jenjang: query.jenjang || undefined, limit: query.limit, after: query.after });
    // The full list: by version, with an ETag; a client holding it gets 304 (see the cache).
    const answer = await listCache.answer(app.db, query.jenjang || undefined, request.headers['if-none-match']);
    reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
    if (answer.notModified) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(answer.list.json);
    // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
    return reply.header('content-encoding', encoding).send(answer.list.encoded(encoding));
  });

  app.get<{ Params: { id: string } }>('/:id', { preHandler: readers }, async (request) => {
    const id = parseId(request.params.id);
    return { data: await getPeserta(app.db, id) };
  });

  app.post('/', { preHandler: staff }, async (request, reply) => {
    const body = parseInput(pesertaCreateSchema, request.body);
    return reply.code(201).send({ data: await createPeserta(app.db, body) });
  });

  // Checked on request, before the (large) body is read: a stranger cannot make us parse 8 MB.
  app.post('/bulk', { onRequest: staff as onRequestAsyncHookHandler, bodyLimit: PESERTA_BULK_BODY_LIMIT_BYTES }, async (request) => {
    const body = parseInput(pesertaBulkRequestSchema, request.body);
    return { data: await bulkCreatePeserta(app.db, body.jenjang, body.rows) };
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: staff }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(pesertaUpdateSchema, request.body);
    return { data: await updatePeserta(app.db, id, body) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: staff }, async (request) => {
    const id = parseId(request.params.id);
    await deletePeserta(app.db, id);
    return { data: { id } };
  });
}
