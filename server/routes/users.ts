// /api/users: the staff accounts HR manages (the Users screen). Reading is for HR and
// Pembimbing, writing for HR only. Responses never carry a password or its hash.
// Also the signatures (the profile page): Pembimbing and BusHead upload and delete their own;
// Pembimbing, HR, BusHead and the owner read one (the documents print it).
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from '../../src/domain/master-data';
import { deletedResponseSchema, itemResponseSchema, listResponseSchema, userRowSchema } from '../../src/domain/master-records';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { roleSchema } from '../../src/domain/roles';
import { DOCUMENT_MIME, SIGNATURE_MAX_BYTES, SIGNATURE_MSG } from '../../src/domain/sertifikat';
import { currentUser, requireRole } from '../auth/plugin';
import { HttpError } from '../http-error';
import { etagMatches, fileUpload, registerUpload } from '../http-upload';
import {
  deleteSignature,
  readSignature,
  saveSignature,
  signatureHash,
} from '../services/signatures';
import { createUser, deleteUser, listUsers, updateUser } from '../services/users';
import { parseId, parseInput } from '../validation';

/** Registers GET /, GET /role/:role, POST /, PUT /:id, DELETE /:id, POST+DELETE /signature, GET /signature/:id (at /api/users). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const readers = requireRole('HR', 'Pembimbing');
  const hrOnly = requireRole('HR');
  const signers = requireRole('Pembimbing', 'BusHead');
  const one = { description: 'The user (never a password)', schema: itemResponseSchema(userRowSchema) };
  const withMessage = { description: 'The user and a message', schema: itemResponseSchema(userRowSchema).extend({ message: z.string() }) };
  const uploadDoc = {
    summary: 'Upload the caller\'s signature (PNG), replacing any',
    bodyMedia: 'multipart/form-data',
    body: z.object({ signature: z.file().mime('image/png').max(SIGNATURE_MAX_BYTES) }),
    response: withMessage,
    errors: {
      400: 'No `signature` file, a second file, or a malformed body',
      413: 'File over 1 MB',
      415: 'Not multipart, or not a real PNG (magic, IHDR ≤ 4000 px, chunk CRCs, IEND)',
    },
  } as const;

  // Multipart only here, with the signature's limits; roles are checked before the body is read.
  await app.register(async (upload) => {
    await registerUpload(upload, SIGNATURE_MAX_BYTES);
    upload.post('/signature', { onRequest: signers as onRequestAsyncHookHandler, config: { openapi: uploadDoc } }, async (request) => {
      const png = await fileUpload(request, 'signature', SIGNATURE_MSG);
      return { data: await saveSignature(app.db, currentUser(request).id, png), message: MSG.signatureUploaded };
    });
  });

  // A static path: it wins over DELETE /:id.
  const removeSignature = { summary: "Delete the caller's signature (also without one)", response: withMessage };
  app.delete('/signature', { preHandler: signers, config: { openapi: removeSignature } }, async (request) => ({
    data: await deleteSignature(app.db, currentUser(request).id),
    message: MSG.signatureDeleted,
  }));

  const readSignatureDoc = {
    summary: "A user's signature PNG",
    description: 'For Pembimbing, HR, BusHead and the user themself (others 403). `ETag: "<sha256>"`, `Cache-Control: private, no-cache`.',
    headers: { 'If-None-Match': 'The ETag of a copy held: 304 when it is current' },
    response: { description: 'The PNG', media: 'image/png' },
    answers: { 304: 'The copy held is current' },
    errors: { 403: "Another user's signature, and the caller is neither Pembimbing, HR nor BusHead", 404: 'No such user, or no signature' },
  } as const;
  app.get<{ Params: { id: string } }>('/signature/:id', { preHandler: requireRole(), config: { openapi: readSignatureDoc } }, async (request, reply) => {
    const id = parseId(request.params.id);
    const user = currentUser(request);
    if (user.id !== id && !['Pembimbing', 'HR', 'BusHead'].includes(user.role)) throw new HttpError(403, SERVER_MSG.forbidden);
    const hash = await signatureHash(app.db, id);
    if (!hash) throw new HttpError(404, SERVER_MSG.notFound);
    const etag = `"${hash}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const stored = await readSignature(app.db, id);
    if (!stored) throw new HttpError(404, SERVER_MSG.notFound);
    // The bytes read may be newer than the hash checked: name the version actually sent.
    reply.header('etag', `"${stored.sha256}"`);
    return reply.type(DOCUMENT_MIME.png).send(Buffer.from(stored.png.buffer, stored.png.byteOffset, stored.png.byteLength));
  });

  const list = {
    summary: 'Users, filtered by role and search',
    description: '`role` exact; `search` in username or employee_id, any case.',
    query: userListQuerySchema,
    response: { description: 'Users by id', schema: listResponseSchema(userRowSchema) },
  };
  app.get('/', { preHandler: readers, config: { openapi: list } }, async (request) => {
    const query = parseInput(userListQuerySchema, request.query);
    return { data: await listUsers(app.db, { role: query.role || undefined, search: query.search || undefined }) };
  });

  const byRole = { summary: 'Users of one role', response: { description: 'Users by id', schema: listResponseSchema(userRowSchema) }, errors: { 400: '`Role tidak valid`' } };
  app.get<{ Params: { role: string } }>('/role/:role', { preHandler: readers, config: { openapi: byRole } }, async (request) => {
    const role = roleSchema.safeParse(request.params.role);
    if (!role.success) throw new HttpError(400, SERVER_MSG.invalidRole);
    return { data: await listUsers(app.db, { role: role.data }) };
  });

  const create = {
    summary: 'Add a user',
    body: userCreateSchema,
    response: { ...one, status: 201 },
    errors: { 400: 'Invalid input (`Role wajib diisi` without a role)', 409: 'Username or employee_id taken (any case)' },
  };
  app.post('/', { preHandler: hrOnly, config: { openapi: create } }, async (request, reply) => {
    const body = parseInput(userCreateSchema, request.body);
    return reply.code(201).send({ data: await createUser(app.db, body) });
  });

  const update = {
    summary: 'Change a user',
    description: "A password given ends the user's sessions. `nama_lengkap` and `jabatan` left out stay as stored; blank or null clears them.",
    body: userUpdateSchema,
    response: one,
    errors: { 400: 'Invalid input, or another employee_id (`ID tidak dapat diubah`)', 409: 'Username taken, or the last HR losing its role' },
  };
  app.put<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: update } }, async (request) => {
    const id = parseId(request.params.id);
    const body = parseInput(userUpdateSchema, request.body);
    return { data: await updateUser(app.db, id, body) };
  });

  const remove = {
    summary: 'Delete a user (its participants stay, unassigned)',
    response: { description: 'The deleted id', schema: deletedResponseSchema },
    errors: { 400: 'Invalid id, or the own account', 409: 'The last HR account' },
  };
  app.delete<{ Params: { id: string } }>('/:id', { preHandler: hrOnly, config: { openapi: remove } }, async (request) => {
    const id = parseId(request.params.id);
    await deleteUser(app.db, id, currentUser(request));
    return { data: { id } };
  });
}
