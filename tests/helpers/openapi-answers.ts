// Every answer an API test receives through inject() is held against the OpenAPI document the
// same app serves at GET /api/openapi.json, so no route can drift from its documentation
// unnoticed. The operation is found by the method and the route pattern Fastify matched
// (recorded by an onSend hook, keyed by the raw response), then its response by status. A
// violation — an operation or status the document lacks, an undocumented media type, a body
// where none is documented, a JSON body that does not match the documented schema, a response
// header the document declares elsewhere but not on this answer — is collected and fails the
// running test (tests/setup/openapi-answers.ts): a test cannot swallow it.
// Not checked: answers outside /api and requests no route matched (no operation to hold them to).
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { openApiPath } from '../../server/openapi/document';
import { OPENAPI_URL } from '../../server/openapi/plugin';

/** A parsed JSON value read loosely (the document is checked by tests/api/openapi.test.ts). */
type Json = Record<string, any>;

const violations: string[] = [];

/** The violations collected since the last call (and forgets them). */
export function takeAnswerViolations(): string[] {
  return violations.splice(0);
}

// OpenAPI 3.1 schemas are JSON Schema 2020-12.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** Compiled validators by schema text: the apps of one test file serve the same schemas. */
const validators = new Map<string, ValidateFunction>();

function validatorOf(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** The answer's bytes as the client reads them (undoing Content-Encoding). */
function decodedBody(response: LightMyRequestResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? 'identity');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === 'deflate') return inflateSync(response.rawPayload);
  return response.rawPayload;
}

/** Header names the document declares on any response (lower case). */
function declaredHeaders(document: Json): Set<string> {
  const names = new Set<string>();
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      for (const response of Object.values<Json>(operation.responses ?? {})) {
        for (const name of Object.keys(response.headers ?? {})) names.add(name.toLowerCase());
      }
    }
  }
  return names;
}

/** The problems of one answer of `method` on the route pattern `url` against `document`. */
export function answerProblems(document: Json, method: string, url: string, response: LightMyRequestResponse): string[] {
  const head = method === 'HEAD';
  const path = openApiPath(url);
  const operation: Json | undefined = document.paths?.[path]?.[(head ? 'GET' : method).toLowerCase()];
  if (!operation) return [`the document has no operation ${head ? 'GET' : method} ${path}`];
  const status = String(response.statusCode);
  const responses: Json = operation.responses ?? {};
  const documented: Json | undefined = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!documented) return [`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`];

  const problems: string[] = [];
  const ownHeaders = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
  for (const name of declaredHeaders(document)) {
    if (response.headers[name] !== undefined && !ownHeaders.has(name)) problems.push(`header ${name} is not documented on ${status}`);
  }
  const body = head ? Buffer.alloc(0) : decodedBody(response);
  const content: Json | undefined = documented.content;
  if (!content) {
    if (body.length > 0) problems.push(`${status} is documented without a body, but ${body.length} bytes came`);
    return problems;
  }
  const type = String(response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const media: Json | undefined = content[type];
  if (!media) return [...problems, `content type '${type}' is not documented (documented: ${Object.keys(content).join(', ')})`];
  if (head || type !== 'application/json' || !media.schema) return problems;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return [...problems, 'the body is not JSON'];
  }
  const validate = validatorOf(media.schema);
  if (!validate(parsed)) {
    const errors = ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' });
    problems.push(`the body does not match the documented schema: ${errors}; body: ${body.toString('utf8').slice(0, 300)}`);
  }
  return problems;
}

/**
 * Makes every `app.inject(options)` of `app` check its answer against the app's own OpenAPI
 * document, collecting violations for takeAnswerViolations(). Call before the first request.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const routeOf = new WeakMap<object, { method: string; url: string }>();
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (url !== undefined && (url === '/api' || url.startsWith('/api/'))) routeOf.set(reply.raw, { method: request.method, url });
    return payload;
  });

  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  let document: Promise<Json> | undefined;
  const documentOf = (): Promise<Json> =>
    (document ??= inject({ method: 'GET', url: OPENAPI_URL }).then((response) => {
      if (response.statusCode !== 200) throw new Error(`GET ${OPENAPI_URL} answered ${response.statusCode}`);
      return response.json() as Json;
    }));

  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    const route = routeOf.get(response.raw.res);
    if (!route) return response;
    const problems = answerProblems(await documentOf(), route.method, route.url, response);
    const asked = `${route.method} ${response.raw.req.url ?? ''}`;
    for (const problem of problems) {
      violations.push(`${asked} (${route.method} ${openApiPath(route.url)}) answered ${response.statusCode}: ${problem}`);
    }
    return response;
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    // Only the awaited form can be checked before the test reads the answer.
    if (options === undefined || callback !== undefined) throw new Error('API tests call `await app.inject(options)`, so the answer is checked');
    return checked(options);
  }) as FastifyInstance['inject'];
}
