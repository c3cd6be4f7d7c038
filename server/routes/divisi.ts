// /api/divisi: divisions with their competencies. Any logged-in user reads them (CONTRACT); HR writes.
import type { FastifyInstance } from 'fastify';
import { divisiSchema } from '../../src/domain/master-data';
import { requireRole } from '../auth/plugin';
import { createDivisi, deleteDivisi, getDivisi, listDivisi, updateDivisi } from '../services/divisi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, GET /:id, POST /, PUT /:id, DELETE /:id (mounted at /api/divisi). */
export default async function divisiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');

  app.get('/', { preHandler: requireRole() }, async () => ({ data: await listDivisi(app.db) }));

  app.get<{ Params: { id: string } }>('/:id', { preHandler: requireRole() }, async (request) => ({
    data: await getDivisi(app.db, parseId(request.params.id)),
  }));

  app.post('/', { preHandler: hrOnly }, async (request, reply) => {
    const body = parseInput(divisiSchema, request.body);
    return reply.code(201).send({ data: await createDivisi(app.db, body) });
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(divisiSchema, request.body);
    return { data: await updateDivisi(app.db, id, body) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    await deleteDivisi(app.db, id);
    return { data: { id } };
  });
}
