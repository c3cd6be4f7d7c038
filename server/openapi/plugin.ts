// GET /api/openapi.json (the OpenAPI 3.1 document of every /api route) and GET /api/docs (Swagger
// UI showing it, every asset served from our own origin under the app's CSP). Registered before
// the API routes: an onRoute hook keeps each /api route as it is registered, and app.ready()
// fails for a route without `config.openapi` or without a role check that is not public — so
// no route can be added undocumented. The document is built on the first request and kept.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { roleCheckOf } from '../auth/plugin';
import { API_VERSION, type DocumentedRoute, buildOpenApiDocument, openApiPath } from './document';
import type { RouteDoc } from './route-doc';

export const OPENAPI_URL = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

/** The outline of an OpenAPI document (the answer of GET /api/openapi.json). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** A route as the onRoute hook saw it: Fastify reuses the options object (its url can change after). */
interface SeenRoute {
  methods: string[];
  url: string;
  options: RouteOptions;
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * The documented routes, one per method and path ('/x/' is '/x'; HEAD mirrors GET). Throws,
 * naming every offender, for a route without documentation or without a role check.
 */
function documentedRoutes(seen: readonly SeenRoute[]): DocumentedRoute[] {
  const problems: string[] = [];
  const routes = new Map<string, DocumentedRoute>();
  for (const { methods, url, options } of seen) {
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${openApiPath(url)}`;
      const doc = options.config?.openapi;
      if (!doc) {
        problems.push(`${key} has no config.openapi (server/openapi/route-doc.ts)`);
        continue;
      }
      const check = roleCheckOf(options.onRequest, options.preHandler);
      if (!check && !doc.public) problems.push(`${key} has no requireRole() check and is not documented as public`);
      if (check && doc.public) problems.push(`${key} is documented as public but has a requireRole() check`);
      const access = doc.public ? 'public' : check && check.allowedRoles.length > 0 ? check.allowedRoles : 'any';
      if (!routes.has(key)) routes.set(key, { method, url, access, doc });
    }
  }
  if (problems.length > 0) throw new Error(`OpenAPI: undocumented routes:\n${problems.join('\n')}`);
  return [...routes.values()];
}

/** Documentation of the routes Swagger UI registers under DOCS_PREFIX, by their path after it. */
const DOCS_UI_ROUTES: Record<string, RouteDoc> = {
  '': { summary: 'API documentation (Swagger UI)', public: true, tag: 'docs', response: { description: 'The Swagger UI page', media: 'text/html' } },
  '/json': {
    summary: 'This OpenAPI document, for the UI',
    public: true,
    tag: 'docs',
    response: { description: 'The same document as GET /api/openapi.json', schema: openApiDocumentSchema },
  },
  '/yaml': {
    summary: 'This OpenAPI document as YAML',
    public: true,
    tag: 'docs',
    response: { description: 'The same document as GET /api/openapi.json, in YAML', media: 'application/x-yaml' },
  },
  '/static/index.html': {
    summary: 'Old address of the UI page',
    public: true,
    tag: 'docs',
    response: { status: 302, description: `Redirect to ${DOCS_PREFIX}/`, noBody: true },
  },
  '/static/swagger-initializer.js': {
    summary: "The UI's start script",
    public: true,
    tag: 'docs',
    response: { description: 'JavaScript', media: 'application/javascript' },
  },
  '/static/*': {
    summary: "The UI's files (scripts, styles, icons)",
    public: true,
    tag: 'docs',
    response: {
      description: 'A file of Swagger UI, with the media type of its extension',
      media: ['application/javascript', 'text/css', 'text/html', 'image/png', 'image/svg+xml', 'application/json'],
    },
    errors: { 404: 'No such file' },
  },
};

/** Swagger UI at DOCS_PREFIX, fed with `document()`; its routes get their documentation here. */
async function docsUi(app: FastifyInstance, options: { document: () => Record<string, unknown> }): Promise<void> {
  // Encapsulated: only the UI's own routes pass this hook.
  app.addHook('onRoute', (route) => {
    const doc = DOCS_UI_ROUTES[openApiPath(route.url).slice(DOCS_PREFIX.length).replace('{path}', '*')];
    if (doc && !route.config?.openapi) route.config = { ...route.config, openapi: doc };
  });
  // Static mode: the UI reads `swagger()`, which here is the generated document, never a file.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: { openapi: '3.1.1', info: { title: 'Magang API', version: API_VERSION }, paths: {} } },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    transformSpecification: () => options.document(),
    transformSpecificationClone: false,
    // validatorUrl left unset: the initializer then passes null, so no validator badge sends the
    // document to an outside host.
    uiConfig: { deepLinking: true, persistAuthorization: false },
    theme: { title: 'Magang API' },
  });
}

async function openApi(app: FastifyInstance): Promise<void> {
  const seen: SeenRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url)) seen.push({ methods: [route.method].flat(), url: route.url, options: route });
  });
  app.addHook('onReady', async () => {
    documentedRoutes(seen);
  });

  let document: Record<string, unknown> | null = null;
  const documentOf = (): Record<string, unknown> => (document ??= buildOpenApiDocument(documentedRoutes(seen)));

  app.get(
    OPENAPI_URL,
    {
      config: {
        openapi: {
          summary: 'The OpenAPI 3.1 document of this API',
          public: true,
          tag: 'docs',
          response: { description: 'This document (OpenAPI 3.1, schemas in JSON Schema 2020-12)', schema: openApiDocumentSchema },
        },
      },
    },
    async () => documentOf(),
  );
  await app.register(docsUi, { document: documentOf });
}

/** The OpenAPI document and its UI; register before the API routes. */
export default fp(openApi, { name: 'openapi', fastify: '5.x' });
