// /api/kompetensi: competencies with their divisions. Any logged-in user reads them; HR writes.
import type { FastifyInstance } from 'fastify';
import { kompetensiSchema, kompetensiUpdateSchema } from '../../src/domain/master-data';
import { deletedResponseSchema, itemResponseSchema, kompetensiRowSchema, listResponseSchema } from '../../src/domain/master-records';
import { requireRole } from '../auth/plugin';
import { createKompetensi, deleteKompetensi, listKompetensi, updateKompetensi } from '../services/kompetensi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, POST /, PUT /:id, DELETE /:id (mounted at /api/kompetensi). */
export default async function kompetensiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');

  const one = { description: 'The competency with its divisions', schema: itemResponseSchema(kompetensiRowSchema) };
  const list = { summary: 'Every competency, with its divisions', response: { description: 'By name', schema: listResponseSchema(kompetensiRowSchema) } };
  app.get('/', { preHandler: requireRole(), config: { openapi: list } }, async () => ({ data: await listKompetensi(app.db) }));

  const errors = { 400: 'Invalid input, or an unknown division', 409: 'Name taken for the jenjang' };
  const create = { summary: 'Add a competency', body: kompetensiSchema, response: { ...one, status: 201 }, errors };
  app.post('/', { preHandler: hrOnly, config: { openapi: create } }, async (request, reply) => {
    const body = parseInput(kompetensiSchema, request.body);
    return reply.code(201).send({ data: await createKompetensi(app.db, body) });
  });

  const update = {
    summary: 'Change a competency',
    description: 'Its division links are replaced as a whole; without `divisi_ids` / `aktif` they are kept.',
    body: kompetensiUpdateSchema,
    response: one,
    errors,
  };
  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: update } }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(kompetensiUpdateSchema, request.body);
    return { data: await updateKompetensi(app.db, id, body) };
  });

  const remove = {
    summary: 'Delete a competency (its links and scores go with it)',
    response: { description: 'The deleted id (tombstones for it and its scores)', schema: deletedResponseSchema },
  };
  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: remove } }, async (request) => {
    const id = parseId(request.params.id);
    await deleteKompetensi(app.db, id);
    return { data: { id } };
  });
}
