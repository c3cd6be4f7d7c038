// /api/kompetensi: competencies with their divisions. Any logged-in user reads them (CONTRACT); HR writes.
import type { FastifyInstance } from 'fastify';
import { kompetensiSchema, kompetensiUpdateSchema } from '../../src/domain/master-data';
import { requireRole } from '../auth/plugin';
import { createKompetensi, deleteKompetensi, listKompetensi, updateKompetensi } from '../services/kompetensi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, POST /, PUT /:id, DELETE /:id (mounted at /api/kompetensi). */
export default async function kompetensiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');

  app.get('/', { preHandler: requireRole() }, async () => ({ data: await listKompetensi(app.db) }));

  app.post('/', { preHandler: hrOnly }, async (request, reply) => {
    const body = parseInput(kompetensiSchema, request.body);
    return reply.code(201).send({ data: await createKompetensi(app.db, body) });
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(kompetensiUpdateSchema, request.body);
    return { data: await updateKompetensi(app.db, id, body) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    await deleteKompetensi(app.db, id);
    return { data: { id } };
  });
}
