// /api/instansi: schools and campuses. Any logged-in user reads them (CONTRACT); HR writes.
import type { FastifyInstance } from 'fastify';
import { instansiListQuerySchema, instansiSchema, instansiUpdateSchema } from '../../src/domain/master-data';
import { requireRole } from '../auth/plugin';
import { createInstansi, deleteInstansi, listInstansi, updateInstansi } from '../services/instansi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, POST /, PUT /:id, DELETE /:id (mounted at /api/instansi). */
export default async function instansiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');

  app.get('/', { preHandler: requireRole() }, async (request) => {
    const query = parseInput(instansiListQuerySchema, request.query);
    return { data: await listInstansi(app.db, query.jenis || undefined) };
  });

  app.post('/', { preHandler: hrOnly }, async (request, reply) => {
    const body = parseInput(instansiSchema, request.body);
    return reply.code(201).send({ data: await createInstansi(app.db, body) });
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(instansiUpdateSchema, request.body);
    return { data: await updateInstansi(app.db, id, body) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    await deleteInstansi(app.db, id);
    return { data: { id } };
  });
}
