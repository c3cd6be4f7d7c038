// /api/divisi: divisions with their competencies. Any logged-in user reads them; HR writes.
import type { FastifyInstance } from 'fastify';
import { divisiSchema } from '../../src/domain/master-data';
import { deletedResponseSchema, divisiRowSchema, itemResponseSchema, listResponseSchema } from '../../src/domain/master-records';
import { requireRole } from '../auth/plugin';
import { createDivisi, deleteDivisi, getDivisi, listDivisi, updateDivisi } from '../services/divisi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, GET /:id, POST /, PUT /:id, DELETE /:id (mounted at /api/divisi). */
export default async function divisiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');

  const one = { description: 'The division with its competencies', schema: itemResponseSchema(divisiRowSchema) };
  const list = { summary: 'Every division, with its competencies', response: { description: 'The divisions by name', schema: listResponseSchema(divisiRowSchema) } };
  app.get('/', { preHandler: requireRole(), config: { openapi: list } }, async () => ({ data: await listDivisi(app.db) }));

  app.get<{ Params: { id: string } }>('/:id', { preHandler: requireRole(), config: { openapi: { summary: 'One division', response: one } } }, async (request) => ({
    data: await getDivisi(app.db, parseId(request.params.id)),
  }));

  const create = { summary: 'Add a division', body: divisiSchema, response: { ...one, status: 201 }, errors: { 409: 'Name taken (any case)' } };
  app.post('/', { preHandler: hrOnly, config: { openapi: create } }, async (request, reply) => {
    const body = parseInput(divisiSchema, request.body);
    return reply.code(201).send({ data: await createDivisi(app.db, body) });
  });

  const update = { summary: 'Rename a division', body: divisiSchema, response: one, errors: { 409: 'Name taken (any case)' } };
  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: update } }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(divisiSchema, request.body);
    return { data: await updateDivisi(app.db, id, body) };
  });

  const remove = {
    summary: 'Delete a division (and its competency links)',
    response: { description: 'The deleted id (a tombstone is written)', schema: deletedResponseSchema },
    errors: { 409: 'Participants still reference it' },
  };
  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: remove } }, async (request) => {
    const id = parseId(request.params.id);
    await deleteDivisi(app.db, id);
    return { data: { id } };
  });
}
