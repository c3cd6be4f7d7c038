// /api/users: the staff accounts HR manages (spec 2 "Users", 5, 7). Reading is for HR and
// Pembimbing (CONTRACT), writing for HR only. Responses never carry a password or its hash.
// Also the signatures (spec 2 Profile): Pembimbing and BusHead upload and delete their own;
// Pembimbing, HR, BusHead and the owner read one (the documents print it).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from '../../src/domain/master-data';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { roleSchema } from '../../src/domain/roles';
import { DOCUMENT_MIME, SIGNATURE_MAX_BYTES, SIGNATURE_MSG } from '../../src/domain/sertifikat';
import { currentUser, requireRole } from '../auth/plugin';
import { HttpError } from '../http-error';
import {
  deleteSignature,
  readSignature,
  saveSignature,
  signatureHash,
} from '../services/signatures';
import { createUser, deleteUser, listUsers, updateUser } from '../services/users';
import { parseId, parseInput } from '../validation';

/** The multipart parser's errors as our answers (a client's mistake is never a 500). */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, SIGNATURE_MSG.tooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, SIGNATURE_MSG.tooManyFiles);
    default:
      return new HttpError(400, SIGNATURE_MSG.badUpload);
  }
}

/**
 * The bytes of the `signature` file of a multipart request: 415 not multipart, 400 no such
 * file or more than one file, 413 over 1 MB. The whole body is read (within the limits), so
 * a second file is always seen.
 */
async function signatureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, SIGNATURE_MSG.notMultipart);
  let png: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'signature') {
        part.file.resume();
        throw new HttpError(400, SIGNATURE_MSG.missingFile);
      }
      png = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!png) throw new HttpError(400, SIGNATURE_MSG.missingFile);
  return png;
}

/** True when an If-None-Match header names `etag` (or is `*`); weak tags compare weakly. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Registers GET /, GET /role/:role, POST /, PUT /:id, DELETE /:id, POST+DELETE /signature, GET /:id/signature (at /api/users). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const readers = requireRole('HR', 'Pembimbing');
  const hrOnly = requireRole('HR');
  const signers = requireRole('Pembimbing', 'BusHead');

  // Multipart only here, with the signature's limits; roles are checked before the body is read.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: SIGNATURE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    upload.post('/signature', { onRequest: signers as onRequestAsyncHookHandler }, async (request) => {
      const png = await signatureUpload(request);
      return { data: await saveSignature(app.db, currentUser(request).id, png), message: MSG.signatureUploaded };
    });
  });

  // A static path: it wins over DELETE /:id.
  app.delete('/signature', { preHandler: signers }, async (request) => ({
    data: await deleteSignature(app.db, currentUser(request).id),
    message: MSG.signatureDeleted,
  }));

  app.get<{ Params: { id: string } }>('/:id/signature', { preHandler: requireRole() }, async (request, reply) => {
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
