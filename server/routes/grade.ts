// /api/grade: transcript grade templates. Any logged-in user reads them; HR writes.
import type { FastifyInstance } from 'fastify';
import { gradeTemplateSchema } from '../../src/domain/grade';
import { deletedResponseSchema, gradeRowSchema, itemResponseSchema, listResponseSchema } from '../../src/domain/master-records';
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

  const one = { description: 'The template', schema: itemResponseSchema(gradeRowSchema) };
  const list = {
    summary: 'Every transcript grade template',
    response: { description: 'Templates, items by `min` descending', schema: listResponseSchema(gradeRowSchema) },
  };
  app.get('/', { preHandler: requireRole(), config: { openapi: list } }, async () => ({ data: await listGradeTemplates(app.db) }));

  const create = { summary: 'Add a grade template', body: gradeTemplateSchema, response: { ...one, status: 201 } };
  app.post('/', { preHandler: hrOnly, config: { openapi: create } }, async (request, reply) => {
    const body = parseInput(gradeTemplateSchema, request.body);
    return reply.code(201).send({ data: await createGradeTemplate(app.db, body) });
  });

  const update = { summary: 'Change a grade template (items replaced as a whole)', body: gradeTemplateSchema, response: one };
  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: update } }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(gradeTemplateSchema, request.body);
    return { data: await updateGradeTemplate(app.db, id, body) };
  });

  const remove = { summary: 'Delete a grade template', response: { description: 'The deleted id', schema: deletedResponseSchema } };
  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: remove } }, async (request) => {
    const id = parseId(request.params.id);
    await deleteGradeTemplate(app.db, id);
    return { data: { id } };
  });
}
