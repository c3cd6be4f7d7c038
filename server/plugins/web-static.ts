/**
 * Serves the built PWA (dist/web) and owns the not-found answer of the whole app.
 *
 * Caching: hashed files under /assets/ never change -> `public, max-age=31536000, immutable`.
 * Everything else (index.html, login.html, sw.js, manifest.webmanifest, registerSW.js, workbox-*.js,
 * icons) -> `no-cache`, i.e. revalidate with the ETag every time, so a new deploy (and a new
 * service worker) is picked up at once.
 *
 * Compression: text files are served from their pre-compressed copies (br, gzip) made at
 * build time; server/app.ts compresses what has none.
 *
 * Not found: /api/* and non-GET requests -> 404 `{"message"}` JSON; a GET for any other path
 * that matches no file is a client-side route -> index.html with 200 (SPA fallback). A
 * missing /assets/ file stays 404: answering HTML for a script would poison caches.
 * Without a web root (tests, API-only runs) every not-found answer is the JSON 404.
 */
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MSG } from '../../src/domain/messages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Options of the web-static plugin: the built web app's folder, or null for none. */
interface WebStaticOptions {
  root: string | null;
}

/** Cache-Control for a served file, by its URL path or file path. */
function cacheControlFor(filePath: string): string {
  return /(^|[\\/])assets[\\/]/.test(filePath) ? IMMUTABLE : REVALIDATE;
}

function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/assets/');
}

async function webStatic(app: FastifyInstance, options: WebStaticOptions): Promise<void> {
  const root = options.root && existsSync(options.root) ? options.root : null;

  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      // `/` is the login page for a visitor without the app installed: login.html is index.html
      // with the login form already in #root (scripts/login-shell.mjs: a first paint without JS); any other
      // path, and a build without it, gets index.html.
      index: ['login.html', 'index.html'],
      cacheControl: false,
      // The build writes name.br and name.gz beside each text file (scripts/compress-web.mjs):
      // served by Accept-Encoding, so nothing is compressed per request.
      preCompressed: true,
      // Nothing under a dot-folder or dot-file is public (e.g. the build's .vite/manifest.json).
      allowedPath: (pathName: string) => !pathName.split('/').some((part) => part.startsWith('.')),
      // @fastify/static 10 passes the Fastify reply here: reply.header(), not res.setHeader().
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (root && isSpaNavigation(request)) {
      // Without code(200) the fallback would keep the 404 of the not-found path.
      return reply.code(200).header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return reply.code(404).send({ message: SERVER_MSG.routeNotFound });
  });
}

/** Registers the static web app (when its folder exists) and the not-found handler. */
export default fp(webStatic, { name: 'web-static', fastify: '5.x' });
