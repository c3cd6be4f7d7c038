// /api/instansi: schools and campuses. Any logged-in user reads them; HR writes.
import type { FastifyInstance } from 'fastify';
import { instansiListQuerySchema, instansiSchema, instansiUpdateSchema } from '../../src/domain/master-data';
import { deletedResponseSchema, instansiRowSchema, itemResponseSchema, listResponseSchema } from '../../src/domain/master-records';
import { requireRole } from '../auth/plugin';
import { createInstansi, createInstansiList, deleteInstansi, updateInstansi } from '../services/instansi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, POST /, PUT /:id, DELETE /:id (mounted at /api/instansi). */
export default async function instansiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');
  const listInstansi = createInstansiList(app.db, app.changes);

  const one = { description: 'The school or campus', schema: itemResponseSchema(instansiRowSchema) };
  const list = {
    summary: 'Schools and campuses, with their participant counts',
    query: instansiListQuerySchema,
    response: { description: 'By name', schema: listResponseSchema(instansiRowSchema) },
  };
  app.get('/', { preHandler: requireRole(), config: { openapi: list } }, async (request) => {
    const query = parseInput(instansiListQuerySchema, request.query);
    return { data: await listInstansi(query.jenis || undefined) };
  });

  const create = { summary: 'Add a school or campus', body: instansiSchema, response: { ...one, status: 201 }, errors: { 409: 'Name taken (any case)' } };
  app.post('/', { preHandler: hrOnly, config: { openapi: create } }, async (request, reply) => {
    const body = parseInput(instansiSchema, request.body);
    return reply.code(201).send({ data: await createInstansi(app.db, body) });
  });

  const update = {
    summary: 'Rename a school or campus',
    body: instansiUpdateSchema,
    response: one,
    errors: { 400: 'Invalid input, or another jenis (`Jenis tidak dapat diubah`)', 409: 'Name taken (any case)' },
  };
  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: update } }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(instansiUpdateSchema, request.body);
    return { data: await updateInstansi(app.db, id, body) };
  });

  const remove = {
    summary: 'Delete a school or campus',
    response: { description: 'The deleted id (a tombstone is written)', schema: deletedResponseSchema },
    errors: { 409: 'Participants still reference it' },
  };
  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: remove } }, async (request) => {
    const id = parseId(request.params.id);
    await deleteInstansi(app.db, id);
    return { data: { id } };
  });
}
