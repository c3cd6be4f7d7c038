// /api/grade: transcript grade templates. Any logged-in user reads them (CONTRACT); HR writes.
import type { FastifyInstance } from 'fastify';
import { gradeTemplateSchema } from '../../src/domain/grade';
import { requireRole } from '../auth/plugin';
import {
  createGradeTemplate,
  deleteGradeTemplate,
  listGradeTemplates,
  updateGradeTemplate,
} from '../services/grade';
import { parseId, parseInput } from '../validation';

/** Registers GET /, POST /, PUT /:id, DELETE /:id (mounted at /api/grade). */
export default async function gradeRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');

  app.get('/', { preHandler: requireRole() }, async () => ({ data: await listGradeTemplates(app.db) }));

  app.post('/', { preHandler: hrOnly }, async (request, reply) => {
    const body = parseInput(gradeTemplateSchema, request.body);
    return reply.code(201).send({ data: await createGradeTemplate(app.db, body) });
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(gradeTemplateSchema, request.body);
    return { data: await updateGradeTemplate(app.db, id, body) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    await deleteGradeTemplate(app.db, id);
    return { data: { id } };
  });
}
