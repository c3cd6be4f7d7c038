// GET /metrics (server/metrics.ts): Prometheus text behind METRICS_TOKEN — 404 without the
// setting, 401 without the token — with requests by route pattern and status, the outbox's
// replayed changes applied and refused, repeats answered from the idempotency store, the change
// feed, the database's connections and the process's event-loop delay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { type DemoUsername, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send } from '../helpers/nilai';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp({ config: { metricsToken: TOKEN } });
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
/** The value of one series of the scrape (0 when absent). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe(`GET /metrics (${testDbKind()})`, () => {
  it('should answer 404 without METRICS_TOKEN set and 401 without the right token', async () => {
    const off = await buildTestApp({ seed: 'none' });
    try {
      const response = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SERVER_MSG.notFound });
    } finally {
      await off.close();
    }
    for (const authorization of [undefined, 'Bearer salah', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });

  it('should count requests by route pattern and status, with their duration', async () => {
    const p = await makePeserta(t);
    for (let i = 0; i < 3; i += 1) expect((await send(t, 'GET', `/api/nilai/peserta/${p.id}`, tokens.hr)).statusCode).toBe(200);
    expect((await send(t, 'GET', '/api/nilai/peserta/999999', tokens.hr)).statusCode).toBe(404);
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(valueOf(text, 'magang_http_requests_total{method="GET",route="/api/nilai/peserta/:id",status="200"}')).toBe(3);
    expect(valueOf(text, 'magang_http_requests_total{method="GET",route="/api/nilai/peserta/:id",status="404"}')).toBe(1);
    expect(valueOf(text, 'magang_http_request_duration_seconds_count{method="GET",route="/api/nilai/peserta/:id",status="200"}')).toBe(3);
    // No series per id: the raw URL never becomes a label.
    expect(text).not.toContain(`/api/nilai/peserta/${p.id}"`);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^magang_db_connections\{state="[^"]+"\} \d+/m);
  });

  it('should count replayed changes applied and refused, and repeats answered from the store', async () => {
    const before = (await scrape()).body;
    const applied = valueOf(before, 'magang_replayable_changes_total{outcome="applied"}');
    const refused = valueOf(before, 'magang_replayable_changes_total{outcome="refused"}');
    const stored = valueOf(before, 'magang_idempotent_replays_total');
    const feed = valueOf(before, 'magang_change_feed_settle_seconds_count');
    const p = await makePeserta(t);
    const key = `metrics-${Date.now()}`;
    expect((await send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing, { key })).statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/review/approve/${p.id}`, tokens.pembimbing, { key })).statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/review/reject/${p.id}`, tokens.pembimbing, { key: `${key}-b`, payload: { catatan: 'Terlambat' } })).statusCode).toBe(409);
    const after = (await scrape()).body;
    expect(valueOf(after, 'magang_replayable_changes_total{outcome="applied"}') - applied).toBe(2);
    expect(valueOf(after, 'magang_replayable_changes_total{outcome="refused"}') - refused).toBe(1);
    expect(valueOf(after, 'magang_idempotent_replays_total') - stored).toBe(1);
    expect(valueOf(after, 'magang_change_feed_settle_seconds_count') - feed).toBeGreaterThanOrEqual(3);
  });
});
