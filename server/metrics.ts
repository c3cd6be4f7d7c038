// GET /metrics: Prometheus text (prom-client) for whoever runs the server — requests by route
// and status with their duration, the offline outbox's replayed changes applied and refused,
// idempotent repeats answered from the store, change-feed notifications and the wait for the
// feed after a write, the database's connections, and the process's own figures (event-loop
// delay, memory, CPU). Each app has its own registry (tests build many apps in one process).
//
// Protected by a token (METRICS_TOKEN, `Authorization: Bearer …`), not a second port: one port
// is what the deployment already exposes through its proxy, Prometheus sends bearer tokens, and
// a second listener would be one more thing to bind, firewall and stop. Without the setting the
// route answers 404, as if it did not exist.
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SERVER_MSG } from '../src/domain/messages';
import { HttpError } from './http-error';
import { rowsOf } from './db/client';

/** The instruments a running app records into; `registry` answers GET /metrics. */
export interface AppMetrics {
  registry: Registry;
  /** Seconds a write's answer waited for the change feed to hear of it (server/plugins/app-context.ts). */
  feedSettle: Histogram;
}

/** A fresh registry with the process's default figures and the app's own instruments. */
export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const feedSettle = new Histogram({
    name: 'magang_change_feed_settle_seconds',
    help: "Time a write's answer waited until this instance's change feed counted its change (NOTIFY round trip)",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5],
    registers: [registry],
  });
  return { registry, feedSettle };
}

/** Constant-time comparison of a presented token with the configured one. */
function sameToken(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a replayable change's answer says: applied (2xx), refused by the rules (409), or another outcome. */
function replayOutcome(status: number): 'applied' | 'refused' | 'other' {
  if (status >= 200 && status < 300) return 'applied';
  return status === 409 ? 'refused' : 'other';
}

async function metricsPlugin(app: FastifyInstance, { metrics }: { metrics: AppMetrics }): Promise<void> {
  const { registry } = metrics;
  const requests = new Counter({ name: 'magang_http_requests_total', help: 'Answered requests by method, route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'magang_http_request_duration_seconds',
    help: 'Time to answer, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const replayed = new Counter({
    name: 'magang_replayable_changes_total',
    help: 'Changes sent with an Idempotency-Key (the offline outbox) by outcome: applied, refused (409) or other',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const fromStore = new Counter({ name: 'magang_idempotent_replays_total', help: 'Repeats of a change answered from the idempotency store (applied once)', registers: [registry] });
  new Counter({
    name: 'magang_change_feed_notifications_total',
    help: 'Data-change notifications this instance counted, by kind',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, count] of Object.entries(app.changes.stamp())) this.inc({ kind }, count);
    },
  });
  new Gauge({
    name: 'magang_db_connections',
    help: "Connections to this database by state (every instance's, from pg_stat_activity)",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const result = await app.db.execute(sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity where datname = current_database() group by 1`);
        const rows = rowsOf<{ state: string; n: number }>(result);
        for (const row of rows) this.set({ state: row.state }, Number(row.n));
      } catch {
        // A database that cannot say: the gauge stays empty.
      }
    },
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern, never the raw URL (ids would make a series per participant).
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (request.method !== 'GET' && request.headers['idempotency-key'] !== undefined) {
      replayed.inc({ outcome: replayOutcome(reply.statusCode) });
      if (reply.getHeader('idempotent-replayed') === 'true') fromStore.inc();
    }
  });

  app.get('/metrics', async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) throw new HttpError(404, SERVER_MSG.notFound);
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(presented, token)) throw new HttpError(401, SERVER_MSG.unauthenticated);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
