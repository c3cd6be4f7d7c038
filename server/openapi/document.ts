// The OpenAPI 3.1 document of the API, built from the routes as registered: method and URL
// from Fastify, the roles from the route's requireRole() check, everything else from the
// route's `config.openapi` (route-doc.ts) — its zod schemas turned into JSON Schema 2020-12
// (OpenAPI 3.1's dialect) with zod's own z.toJSONSchema. No hand-written spec to drift.
import { z } from 'zod';
import { ROLES, type Role } from '../../src/domain/roles';
import { IDEMPOTENCY_KEY_MAX } from '../../src/domain/idempotency';
import { KODE_INPUT_MAX } from '../../src/domain/sertifikat-terbit';
import { pathParamNames } from '../plugins/path-params';
import type { RouteDoc } from './route-doc';

type JsonSchema = Record<string, unknown>;

/** Who may call a route: nobody needs a token, any logged-in user, or these roles. */
type RouteAccess = 'public' | 'any' | readonly Role[];

/** One route of the document: what Fastify registered plus its documentation. */
export interface DocumentedRoute {
  method: string;
  /** Fastify's URL pattern (`/api/users/:id`). */
  url: string;
  access: RouteAccess;
  doc: RouteDoc;
}

/** The API's version (its paths and answer shapes), not the app's. */
export const API_VERSION = '1.0.0';

/** The error envelope of every failure: `{"message"}`, sometimes with more (a 409's `state`, see RouteDoc.conflictSchema). */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'Indonesian text for the user: the fixed message of the product where it defines one' },
  },
};

/** A path parameter's schema and description: an id, unless named in PATH_PARAMS (the rules of server/plugins/path-params.ts). */
const PATH_ID = { schema: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' }, description: 'A positive decimal id (else 400 `ID tidak valid`)' };
const PATH_PARAMS: Record<string, { schema: JsonSchema; description: string }> = {
  role: { schema: { type: 'string', enum: [...ROLES] }, description: 'A role name' },
  sha256: { schema: { type: 'string', pattern: '^[0-9a-f]{64}$' }, description: 'A SHA-256: 64 lowercase hex digits' },
  kode: {
    schema: { type: 'string', minLength: 1, maxLength: KODE_INPUT_MAX },
    description: 'A verification code as printed or typed (case, spaces and hyphens do not matter)',
  },
};

/** What the generator says about the errors it adds by itself. */
const AUTO_ERRORS = {
  400: 'Invalid input: `message` is the first readable text of the validation (path id, query, body or header)',
  401: "No valid token: missing, forged or expired, its user deleted, or signed before the user's last password change",
  403: "The caller's role may not use this route",
  404: 'No row has this id',
  413: 'Body over the limit (1 MB)',
  415: 'Body is not application/json',
  422: 'Idempotency-Key already used by this user for another method or path',
  431: 'Request headers over 16 KB: refused by the HTTP server before any route runs (`message` in English)',
  503: 'The database went away under the request (PostgreSQL unreachable, or the embedded engine aborted and the server restarts): nothing of it is acknowledged; send it again later',
} as const;

/** What each tag (the path segment after /api, or a route's own `tag`) groups. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Whether the server and its database answer (no token)',
  auth: "Login, the caller's profile and password",
  users: 'User accounts (HR) and the signatures of Pembimbing and BusHead',
  instansi: 'Schools and campuses',
  divisi: 'Divisions and their competencies',
  kompetensi: 'Competencies per level and division',
  grade: 'Grade templates of the Daftar Nilai (transcript)',
  peserta: 'Participants: add, edit, delete, CSV import, full and incremental pulls',
  nilai: 'Competency scores under the edit lock, and the Daftar Nilai PDF',
  review: 'The three-step approval chain: Pembimbing, HR, BusHead',
  presensi: 'Daily attendance marks (Hadir, Izin, Sakit, Alpa): set by the mentor (offline through the outbox), corrected by HR',
  notifikasi: "The caller's own inbox: who must act or should know, from the changes of the approval chain (read, unread, kept 90 days)",
  push: 'Web Push to the installed app: the VAPID public key, and the caller\'s own device subscriptions (off without VAPID_SUBJECT: 503)',
  riwayat: 'The history of every score change and approval decision of a participant (append-only)',
  sertifikat: 'Certificates of fully approved participants: list, PDF, PowerPoint, preview image',
  organisasi: "Organisation-wide settings HR manages: the logo printed on the documents",
  verifikasi: 'The public check of an issued certificate by its verification code (no token, limited per address)',
  docs: 'This document and the Swagger UI that shows it (no token)',
};

/** The project is private: no open-source license; using the API takes the owner's permission. */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as const;

/** Fastify's `/a/:id/*` as OpenAPI's `/a/{id}/{path}`, without a trailing slash. */
export function openApiPath(url: string): string {
  const trimmed = url.length > 1 ? url.replace(/\/$/, '') : url;
  return trimmed.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

/** True when a schema's JSON is an object with any keys (a `z.record` read before the real parse). */
function isOpenObject(schema: z.ZodType): boolean {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json.type === 'object' && json.properties === undefined;
}

/**
 * The schema whose input shape documents a request: some bodies are first read as any object
 * (to give one message for every missing field) and then piped into their real shape — that
 * shape is what a client must send.
 */
function documentedInput(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodPipe && isOpenObject(current.in as z.ZodType)) current = current.out as z.ZodType;
  return current;
}

/** A zod schema as JSON Schema 2020-12: `input` for requests (what a client sends), `output` for answers. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const source = io === 'input' ? documentedInput(schema) : schema;
  // 'throw': a schema JSON Schema cannot express (a transform in an answer) must be fixed, not blurred.
  const { $schema: _dialect, ...json } = z.toJSONSchema(source, { io, target: 'draft-2020-12', unrepresentable: 'throw' }) as JsonSchema;
  // A $defs block would be resolved against the OpenAPI document, not this schema: keep schemas self-contained.
  if ('$defs' in json) throw new Error('OpenAPI: a route schema needs $defs (a recursive or registered zod schema); inline it');
  return json;
}

function parameters(route: DocumentedRoute): JsonSchema[] {
  const { doc } = route;
  const params: JsonSchema[] = pathParamNames(route.url).map((name) => ({ name, in: 'path', required: true, ...(PATH_PARAMS[name] ?? PATH_ID) }));
  if (route.url.endsWith('*')) {
    params.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' }, description: 'A file path' });
  }
  if (doc.query) {
    const json = jsonSchemaOf(doc.query, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      params.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (doc.idempotent) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
      description:
        'A repeat with the same key by the same user answers the stored status and body (2xx and 409 are stored) with `Idempotent-Replayed: true`, and changes nothing',
    });
  }
  for (const [name, description] of Object.entries(doc.headers ?? {})) {
    params.push({ name, in: 'header', required: false, schema: { type: 'string' }, description });
  }
  return params;
}

/** The header of an answer an Idempotency-Key replays (its 2xx, and its 409). */
const REPLAY_HEADERS = { 'Idempotent-Replayed': { description: '`true` on a replayed answer', schema: { type: 'string', const: 'true' } } };

function successResponse(doc: RouteDoc): JsonSchema {
  const { response } = doc;
  if (response.noBody) return { description: response.description };
  if (response.media) {
    const types: readonly string[] = typeof response.media === 'string' ? [response.media] : response.media;
    return { description: response.description, content: Object.fromEntries(types.map((type) => [type, {}])) };
  }
  const schema = response.schema
    ? jsonSchemaOf(response.schema, 'output')
    : { type: 'object', required: ['data'], properties: { data: { description: response.description } } };
  return { description: response.description, ...(doc.idempotent ? { headers: REPLAY_HEADERS } : {}), content: { 'application/json': { schema } } };
}

/** The error statuses of a route: the ones its shape implies, then its own. */
function errorStatuses(route: DocumentedRoute): Record<number, string> {
  const { doc, access } = route;
  const hasPathId = pathParamNames(route.url).some((name) => name !== 'role');
  // Fastify reads the body of every method but GET and HEAD, also where the route ignores it:
  // malformed JSON is 400, a body over the limit 413, a media type without a parser 415.
  const readsBody = route.method !== 'GET' && route.method !== 'HEAD';
  const errors: Record<number, string> = {};
  if (readsBody || doc.query || pathParamNames(route.url).length > 0 || doc.idempotent) errors[400] = AUTO_ERRORS[400];
  if (access !== 'public') errors[401] = AUTO_ERRORS[401];
  if (Array.isArray(access)) errors[403] = AUTO_ERRORS[403];
  if (hasPathId) errors[404] = AUTO_ERRORS[404];
  if (readsBody) errors[413] = AUTO_ERRORS[413];
  if (readsBody && !doc.bodyMedia) errors[415] = AUTO_ERRORS[415];
  if (doc.idempotent) errors[422] = AUTO_ERRORS[422];
  // Node's HTTP parser refuses oversized headers on every path, before Fastify routes the request.
  errors[431] = AUTO_ERRORS[431];
  errors[503] = AUTO_ERRORS[503];
  return { ...errors, ...doc.errors };
}

function rolesText(access: RouteAccess): string {
  if (access === 'public') return 'Public: no token needed.';
  if (access === 'any') return 'Roles: any logged-in user.';
  return `Roles: ${access.join(', ')}.`;
}

/** `getNilaiDivisiByDivisiIdKompetensi` for GET /api/nilai/divisi/{divisiId}/kompetensi. */
function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => segment.replace(/^\{(.+)\}$/, 'by-$1'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function operation(route: DocumentedRoute, path: string): JsonSchema {
  const { doc, access } = route;
  const responses: Record<string, JsonSchema> = { [String(doc.response.status ?? 200)]: successResponse(doc) };
  for (const [status, description] of Object.entries(doc.answers ?? {})) responses[status] = { description };
  for (const [status, description] of Object.entries(errorStatuses(route))) {
    // An Idempotency-Key stores a 409 (the chain's or the edit lock's refusal) and replays it.
    const headers = doc.idempotent && status === '409' ? { headers: REPLAY_HEADERS } : {};
    const schema = status === '409' && doc.conflictSchema ? jsonSchemaOf(doc.conflictSchema, 'output') : ERROR_SCHEMA;
    responses[status] = { description, ...headers, content: { 'application/json': { schema } } };
  }
  const params = parameters(route);
  return {
    operationId: operationId(route.method, path),
    summary: doc.summary,
    description: [doc.description, rolesText(access)].filter(Boolean).join('\n\n'),
    tags: [doc.tag ?? path.split('/')[2] ?? 'api'],
    ...(access === 'public' ? { security: [] } : { security: [{ bearerAuth: [] }] }),
    ...(access === 'public' ? {} : { 'x-roles': access === 'any' ? [...ROLES] : [...access] }),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: !doc.optionalBody,
            content: { [doc.bodyMedia ?? 'application/json']: { schema: jsonSchemaOf(doc.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document. Throws when two routes would give the same operation. */
export function buildOpenApiDocument(routes: readonly DocumentedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags: string[] = [];
  // The API's own routes first, its documentation last (the UI lists tags in this order).
  const ordered = [...routes.filter((route) => route.doc.tag !== 'docs'), ...routes.filter((route) => route.doc.tag === 'docs')];
  for (const route of ordered) {
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`OpenAPI: ${route.method} ${path} is documented twice`);
    const op = operation(route, path);
    item[method] = op;
    for (const tag of op.tags as string[]) if (!tags.includes(tag)) tags.push(tag);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Magang API',
      version: API_VERSION,
      description:
        'The REST API of Magang, the internship-management app. Success answers wrap their data as `{"data": ...}`; every failure is `{"message": "..."}`. Generated from the routes and the zod schemas they validate with.',
      license: LICENSE,
    },
    servers: [{ url: '/' }],
    // A tag missing from TAG_DESCRIPTIONS goes without one: `npm run lint:openapi` refuses that.
    tags: tags.map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
