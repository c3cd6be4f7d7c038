// Image uploads and reads shared by the signature (/api/users/signature) and the organisation's
// logo (/api/organisasi/logo): one multipart file field read whole within its limits, the
// parser's errors as our answers (a client's mistake is never a 500), and If-None-Match.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/** The refusal texts of one upload. */
export interface UploadTexts {
  tooLarge: string;
  tooManyFiles: string;
  badUpload: string;
  missingFile: string;
  notMultipart: string;
}

/**
 * Registers multipart parsing on `scope` (an encapsulated plugin holding only upload routes):
 * one file of at most `maxBytes`, a few small fields.
 */
export async function registerUpload(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
}

/** The multipart parser's errors as our answers. */
function uploadError(error: unknown, texts: UploadTexts): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, texts.tooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, texts.tooManyFiles);
    default:
      return new HttpError(400, texts.badUpload);
  }
}

/**
 * The bytes of the `field` file of a multipart request: 415 not multipart, 400 no such file or
 * more than one file, 413 over the scope's size limit. The whole body is read (within the
 * limits), so a second file is always seen.
 */
export async function fileUpload(request: FastifyRequest, field: string, texts: UploadTexts): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, texts.notMultipart);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        throw new HttpError(400, texts.missingFile);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error, texts);
  }
  if (!bytes) throw new HttpError(400, texts.missingFile);
  return bytes;
}

/** True when an If-None-Match header names `etag` (or is `*`); weak tags compare weakly. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
