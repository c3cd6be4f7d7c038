// Request ids: every request gets one, carried by each of its log lines (Fastify's `reqId`) and
// echoed in the `X-Request-Id` answer header. A proxy's id in `X-Request-Id` is honoured, so its
// logs and ours join — when it is a plain token (letters, digits, `._:-`, at most 128), so a
// client cannot put line breaks or megabytes into the logs; otherwise a fresh uuid is used.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const TOKEN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the client's X-Request-Id when it is a plain token, else a new uuid. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && TOKEN.test(given) ? given : randomUUID();
}
