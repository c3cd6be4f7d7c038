// The documentation a route carries with it (Fastify route `config.openapi`): what the OpenAPI
// document (server/openapi/document.ts) says about the route beyond what it reads from the
// route itself (method, URL, path parameters, the requireRole() check). The schemas are the
// same zod schemas the route validates with (parseInput), so the document cannot drift from
// the validation. A /api route without `config.openapi` fails app.ready() (server/openapi/plugin.ts).
import type { z } from 'zod';

/** Media types of answers that are not JSON. */
type AnswerMedia =
  | 'application/pdf'
  | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'image/png'
  | 'text/html'
  | 'text/css'
  | 'application/javascript'
  | 'application/x-yaml'
  | 'application/json'
  | 'image/svg+xml';

/** The success answer of a route. */
interface SuccessDoc {
  /** Default 200. */
  status?: number;
  /** What the answer holds. */
  description: string;
  /**
   * The answer's zod schema (from src/domain where one exists). Without it (and without
   * `media`) the answer is documented as a generic `{data}` object described by `description`.
   */
  schema?: z.ZodType;
  /** The answer has no body (a redirect). */
  noBody?: true;
  /** An answer without a schema (file, page), or the types a file route may answer; its body has no schema. */
  media?: AnswerMedia | readonly AnswerMedia[];
}

/** The documentation of one route. */
export interface RouteDoc {
  /** One line: what the route does. */
  summary: string;
  /** More detail (object-level rules, side effects); the roles are added by the generator. */
  description?: string;
  /** Default: the path segment after /api. */
  tag?: string;
  /** Needs no token (login, health, the docs themselves): no security, no 401/403. */
  public?: true;
  /** The JSON body, parsed with parseInput(body, request.body). */
  body?: z.ZodType;
  /** The body may be left out (the route reads a missing body as `{}`). */
  optionalBody?: true;
  /** A body of another media type (multipart upload) instead of JSON. */
  bodyMedia?: 'multipart/form-data';
  /** The query, parsed with parseInput(query, request.query): each property is a query parameter. */
  query?: z.ZodObject;
  /** Accepts the Idempotency-Key header (services/idempotency.ts): a repeat replays the first answer. */
  idempotent?: true;
  /** Request headers the route reads besides Authorization and Idempotency-Key (e.g. If-None-Match). */
  headers?: Record<string, string>;
  response: SuccessDoc;
  /** Other non-error answers (304, 302) with their meaning. */
  answers?: Record<number, string>;
  /**
   * Error statuses beyond the ones the generator adds by itself (400 for input, 401/403 for
   * the role check, 404 for an id in the path, 413/415 for a method with a body, 422 for
   * Idempotency-Key, 431 everywhere), or a more precise text for one of those. Every error
   * answers `{"message"}`.
   */
  errors?: Record<number, string>;
  /** The body of a 409 when it may carry more than `{"message"}` (a replayable change's current `state`). */
  conflictSchema?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI documentation (server/openapi/route-doc.ts). */
    openapi?: RouteDoc;
  }
}
