/**
 * Every failure answers `{"message": "..."}`, the error envelope of the API. This plugin owns the mapping from
 * thrown errors to statuses:
 * - HttpError (routes, services): its own status and message;
 * - zod errors that escaped parseInput(): 400 with the first issue;
 * - Fastify's body errors: malformed/empty JSON 400, body over the limit 413, a content
 *   type without a parser 415, other 4xx of the framework with a generic text;
 * - constraint violations the database reports: unique 409, foreign key 409, check/format 400;
 *   the database gone under the request (the embedded engine aborted) 503;
 * - anything else: 500 with SERVER_MSG.internal, logged with its stack. A client mistake
 *   must never reach this branch.
 * It never echoes an internal error text to the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { SERVER_MSG } from '../../src/domain/messages';
import { CRASH_SHUTDOWN, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, sqlState } from '../db/sql-state';
import { HttpError } from '../http-error';
import { firstIssueMessage } from '../validation';

/** Fastify's own client-error codes and what we answer. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: SERVER_MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: SERVER_MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: SERVER_MSG.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: SERVER_MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: SERVER_MSG.invalidInput },
  FST_ERR_VALIDATION: { status: 400, message: SERVER_MSG.invalidInput },
};

/** PostgreSQL SQLSTATEs a client can cause (both PGlite and postgres.js report `code`). */
const DATABASE_ERRORS: Record<string, { status: number; message: string }> = {
  [UNIQUE_VIOLATION]: { status: 409, message: SERVER_MSG.duplicate },
  [FOREIGN_KEY_VIOLATION]: { status: 409, message: SERVER_MSG.stillReferenced },
  '23514': { status: 400, message: SERVER_MSG.invalidInput }, // check_violation
  '23502': { status: 400, message: SERVER_MSG.invalidInput }, // not_null_violation
  '22001': { status: 400, message: SERVER_MSG.invalidInput }, // string too long
  '22003': { status: 400, message: SERVER_MSG.invalidInput }, // numeric out of range
  '22007': { status: 400, message: SERVER_MSG.invalidInput }, // invalid datetime format
  '22008': { status: 400, message: SERVER_MSG.invalidInput }, // datetime field overflow
  '22P02': { status: 400, message: SERVER_MSG.invalidInput }, // invalid text representation
  '22021': { status: 400, message: SERVER_MSG.invalidInput }, // character not in repertoire (a NUL in text)
  '22P05': { status: 400, message: SERVER_MSG.invalidInput }, // untranslatable character
  [CRASH_SHUTDOWN]: { status: 503, message: SERVER_MSG.databaseUnavailable }, // the database went away (the embedded engine aborted)
};

function answer(error: FastifyError | Error, request: FastifyRequest): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (error instanceof ZodError) return { status: 400, message: firstIssueMessage(error) };
  const code = (error as FastifyError).code;
  const known = (code && FRAMEWORK_ERRORS[code]) || DATABASE_ERRORS[sqlState(error) ?? ''];
  if (known) return known;
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, message: status === 404 ? SERVER_MSG.routeNotFound : SERVER_MSG.invalidInput };
  }
  request.log.error({ err: error }, 'unexpected error');
  return { status: 500, message: SERVER_MSG.internal };
}

async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = answer(error, request);
    return reply.code(status).send({ message });
  });
}

/** Sets the error handler of the whole app (unencapsulated). */
export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
