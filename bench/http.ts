// Loopback HTTP client of the server benchmark: node:http with a keep-alive agent, no
// decompression (a body is counted, kept only when asked for), and bounded request loops.
import http from 'node:http';

/** One answer: status, headers, bytes on the wire, time to the last byte, and the body if kept. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  ms: number;
  body?: Buffer;
}

/** A client of one 127.0.0.1 port with `sockets` keep-alive connections. */
export class Client {
  readonly agent: http.Agent;
  constructor(
    readonly port: number,
    sockets = 8,
    private readonly token?: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  /** One request; `keep` keeps the body (as sent: compressed when the server compressed it). */
  request(method: string, path: string, options: { headers?: http.OutgoingHttpHeaders; body?: unknown; keep?: boolean } = {}): Promise<Answer> {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: http.OutgoingHttpHeaders = { ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keep) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            ms: performance.now() - start,
            ...(options.keep ? { body: Buffer.concat(chunks) } : {}),
          }),
        );
        res.on('error', reject);
      });
      req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** GET answering parsed JSON (identity coding); throws on a non-2xx. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request(method, path, { body, keep: true, headers: { 'accept-encoding': 'identity' } });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body?.toString().slice(0, 200)}`);
    return JSON.parse(answer.body?.toString() ?? 'null') as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Logs in over the API; answers the bearer token. */
export async function login(port: number, username: string, password: string): Promise<string> {
  const client = new Client(port, 1);
  try {
    const { token } = await client.json<{ token: string }>('POST', '/api/auth/login', { username, password });
    return token;
  } finally {
    client.close();
  }
}

/** Result of a request loop: how many answers, their bytes, wall time, and each answer's time. */
interface LoopResult {
  count: number;
  bytes: number;
  seconds: number;
  latencies: number[];
  etags: Set<string>;
}

/**
 * Runs `one` from `concurrency` workers until `maxRequests` were made or `maxSeconds` passed
 * (both bounds always apply). Every answer must have status `expect`.
 */
export async function loop(
  one: (index: number) => Promise<Answer>,
  limits: { concurrency: number; maxRequests: number; maxSeconds: number; expect?: number },
): Promise<LoopResult> {
  const start = performance.now();
  const deadline = start + limits.maxSeconds * 1000;
  const result: LoopResult = { count: 0, bytes: 0, seconds: 0, latencies: [], etags: new Set() };
  let issued = 0;
  const worker = async () => {
    while (issued < limits.maxRequests && performance.now() < deadline) {
      const answer = await one(issued++);
      if (answer.status !== (limits.expect ?? 200)) throw new Error(`unexpected status ${answer.status}`);
      result.count++;
      result.bytes += answer.bytes;
      result.latencies.push(answer.ms);
      if (typeof answer.headers.etag === 'string') result.etags.add(answer.headers.etag);
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  result.seconds = (performance.now() - start) / 1000;
  return result;
}

/** The p-th percentile (0–100) of `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
