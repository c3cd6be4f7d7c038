// buildApp(): the Fastify instance with its plugins and routes, without listening. The tests
// inject() into it; server/main.ts listens. Registration order matters: security headers
// first (they apply to every answer, errors included), then the error handler, the app's
// dependencies, auth, the OpenAPI document (it must see every API route registered after it),
// the API routes, and last the static web app with the not-found answer.
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { SERVER_MSG } from '../src/domain/messages';
import authPlugin from './auth/plugin';
import metricsPlugin, { createMetrics } from './metrics';
import openApi from './openapi/plugin';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import type { Config } from './config';
import { type ChangeFeed, openChangeFeed, unlistenedChangeFeed } from './db/change-feed';
import type { Database, Db } from './db/client';
import appContext from './plugins/app-context';
import errorHandler from './plugins/error-handler';
import pathParams from './plugins/path-params';
import webStatic from './plugins/web-static';
import authRoutes from './routes/auth';
import divisiRoutes from './routes/divisi';
import gradeRoutes from './routes/grade';
import healthRoutes from './routes/health';
import instansiRoutes from './routes/instansi';
import kompetensiRoutes from './routes/kompetensi';
import nilaiRoutes from './routes/nilai';
import organisasiRoutes from './routes/organisasi';
import pesertaRoutes from './routes/peserta';
import reviewRoutes from './routes/review';
import presensiRoutes from './routes/presensi';
import notifikasiRoutes from './routes/notifikasi';
import pushRoutes from './routes/push';
import riwayatRoutes from './routes/riwayat';
import sertifikatRoutes from './routes/sertifikat';
import usersRoutes from './routes/users';
import verifikasiRoutes from './routes/verifikasi';

/** JSON bodies above this answer 413: bodies are at most 1 MB (the CSV import has its own limit). */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Brotli quality of answers compressed on the fly: 4 costs ~16 ms for a 700 KB list and gives
 * ~18 % of its size; quality 11 would cost seconds on the event loop for a few % less.
 */
const BROTLI_QUALITY = 4;
/** Answers smaller than this go uncompressed: the headers would cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The Content-Security-Policy the React app runs under (no inline scripts). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
};

/** What buildApp() needs. */
export interface AppDeps {
  db: Db;
  /**
   * The open database `db` belongs to: the app listens to its change notifications and keeps
   * answers between requests (the feed closes with the app). Without it nothing is kept.
   */
  database?: Database;
  config: Config;
  /** Folder of the built web app; default config.webDir. Skipped when it does not exist. */
  webRoot?: string | null;
  /** Fastify's logger option (default: on, level info; tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (the authorization-matrix test collects the route table). */
  onRoute?: (route: RouteOptions) => void;
}

/** The configured Fastify instance (not listening, not yet ready). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: 'info' },
    bodyLimit: BODY_LIMIT_BYTES,
    // While stopping (server/shutdown.ts), a request already on an open connection is served
    // (with Connection: close), not refused with Fastify's 503.
    return503OnClosing: false,
    // The request id of every log line: the proxy's X-Request-Id when it is a plain token, else a uuid.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // TRUST_PROXY: request.ip (the login limit's address) from X-Forwarded-For only behind a trusted proxy.
    trustProxy: deps.config.trustProxy ?? false,
    // A malformed URL (bad %-encoding) is a client mistake: answer in our envelope.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ message: SERVER_MSG.invalidInput });
    },
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Every answer names its request id, so a user's report or a proxy's log finds our log lines.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Defaults of helmet minus its CSP, which is replaced as a whole: its default adds
  // upgrade-insecure-requests, which breaks the app when served over plain HTTP on a LAN.
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  });
  // JSON answers (and any uncompressed static file) by Accept-Encoding: br, then gzip. The
  // built web app's files come pre-compressed from the build (web-static serves *.br / *.gz).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  await app.register(errorHandler);
  await app.register(pathParams);
  const changes: ChangeFeed = deps.database ? await openChangeFeed(deps.database) : unlistenedChangeFeed();
  const metrics = createMetrics();
  await app.register(appContext, { db: deps.db, config: deps.config, changes, observeSettle: (seconds) => metrics.feedSettle.observe(seconds) });
  if (deps.config.metrics !== false) await app.register(metricsPlugin, { metrics });
  await app.register(authPlugin);
  // Before the routes: it keeps every /api route as registered for GET /api/openapi.json.
  await app.register(openApi);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(instansiRoutes, { prefix: '/api/instansi' });
  await app.register(divisiRoutes, { prefix: '/api/divisi' });
  await app.register(kompetensiRoutes, { prefix: '/api/kompetensi' });
  await app.register(gradeRoutes, { prefix: '/api/grade' });
  await app.register(pesertaRoutes, { prefix: '/api/peserta' });
  await app.register(nilaiRoutes, { prefix: '/api/nilai' });
  await app.register(reviewRoutes, { prefix: '/api/review' });
  await app.register(riwayatRoutes, { prefix: '/api/riwayat' });
  await app.register(presensiRoutes, { prefix: '/api/presensi' });
  await app.register(sertifikatRoutes, { prefix: '/api/sertifikat' });
  await app.register(organisasiRoutes, { prefix: '/api/organisasi' });
  await app.register(verifikasiRoutes, { prefix: '/api/verifikasi' });
  await app.register(notifikasiRoutes, { prefix: '/api/notifikasi' });
  await app.register(pushRoutes, { prefix: '/api/push' });

  await app.register(webStatic, { root: deps.webRoot === undefined ? deps.config.webDir : deps.webRoot });
  return app;
}
