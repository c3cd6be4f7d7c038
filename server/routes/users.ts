// /api/users: the staff accounts HR manages (spec 2 "Users", 5, 7). Reading is for HR and
// Pembimbing (CONTRACT), writing for HR only. Responses never carry a password or its hash.
import type { FastifyInstance } from 'fastify';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { roleSchema } from '../../src/domain/roles';
import { currentUser, requireRole } from '../auth/plugin';
import { HttpError } from '../http-error';
import { createUser, deleteUser, listUsers, updateUser } from '../services/users';
import { parseId, parseInput } from '../validation';

/** Registers GET /, GET /role/:role, POST /, PUT /:id, DELETE /:id (mounted at /api/users). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const readers = requireRole('HR', 'Pembimbing');
  const hrOnly = requireRole('HR');

  app.get('/', { preHandler: readers }, async (request) => {
    const query = parseInput(userListQuerySchema, request.query);
    return { data: await listUsers(app.db, { role: query.role || undefined, search: query.search || undefined }) };
  });

  app.get<{ Params: { role: string } }>('/role/:role', { preHandler: readers }, async (request) => {
    const role = roleSchema.safeParse(request.params.role);
    if (!role.success) throw new HttpError(400, SERVER_MSG.invalidRole);
    return { data: await listUsers(app.db, { role: role.data }) };
  });

  app.post('/', { preHandler: hrOnly }, async (request, reply) => {
    const body = parseInput(userCreateSchema, request.body);
    return reply.code(201).send({ data: await createUser(app.db, body) });
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(userUpdateSchema, request.body);
    return { data: await updateUser(app.db, id, body) };
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly }, async (request) => {
    const id = parseId(request.params.id);
    await deleteUser(app.db, id, currentUser(request));
    return { data: { id } };
  });
}
