// A local push service for tests (nothing leaves the machine): an HTTPS server on 127.0.0.1 with
// a throw-away self-signed certificate, playing the browser vendor's endpoint. It checks each
// push like a real one (RFC 8292: the `vapid t=…, k=…` JWT signed ES256 by the given key, its
// audience the endpoint's origin, a future expiry), then decrypts the body as the device would
// (RFC 8291 aes128gcm with the subscription's private key and auth secret) and keeps it.
import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error http_ece (web-push's encryption) ships no types.
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** One push the service received, decrypted and with its VAPID claims. */
export interface ReceivedPush {
  device: string;
  body: unknown;
  claims: { aud?: unknown; sub?: unknown; exp?: unknown };
  vapidKey: string;
  ttl: string | undefined;
}

/** A device's subscription at this service, with the keys only the device knows. */
export interface TestDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushService {
  url: string;
  /** PEM of the certificate: `ca` of an https.Agent, or NODE_EXTRA_CA_CERTS of a server process. */
  certFile: string;
  agent: Agent;
  received: ReceivedPush[];
  /** Pushes refused (bad VAPID or body), with the reason. */
  refused: string[];
  device(): TestDevice;
  /** The status the endpoint of `device` answers from now on (410: unsubscribed). */
  answer(device: TestDevice, status: number): void;
  close(): Promise<void>;
}

function makeCertificate(dir: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ], { stdio: 'ignore' });
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/** The public key of a VAPID `k=` value as a JWK-imported key. */
async function vapidKey(k: string) {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
}

/** `vapidPublicKey`: the only key accepted; `delayMs`: each answer waits this long (a slow push service). */
export async function startPushService(options: { vapidPublicKey?: string; delayMs?: number } = {}): Promise<PushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'magang-push-'));
  const tls = makeCertificate(dir);
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        const device = devices.get(id);
        if (request.method !== 'POST' || !device) return [404, 'unknown subscription'] as const;
        if (device.status !== 201) return [device.status, 'refused as told'] as const;
        const match = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(request.headers.authorization ?? '');
        if (!match) return [401, 'no VAPID authorization'] as const;
        const [, token = '', k = ''] = match;
        if (options.vapidPublicKey && k !== options.vapidPublicKey) return [403, 'another VAPID key'] as const;
        if (decodeProtectedHeader(token).alg !== 'ES256') return [403, 'JWT not ES256'] as const;
        const { payload: claims } = await jwtVerify(token, await vapidKey(k), { audience: origin, algorithms: ['ES256'] });
        if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3_600_000) return [403, 'bad exp'] as const;
        if (request.headers['content-encoding'] !== 'aes128gcm') return [415, 'not aes128gcm'] as const;
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }) as Buffer;
        received.push({ device: id, body: JSON.parse(plain.toString('utf8')), claims, vapidKey: k, ttl: request.headers.ttl as string | undefined });
        return [201, ''] as const;
      })()
        .catch((error: unknown) => [400, String(error)] as const)
        .then(async ([status, reason]) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          if (status >= 400 && status !== 404 && status !== 410) refused.push(reason);
          response.writeHead(status).end(reason);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    certFile: tls.certFile,
    agent: new Agent({ ca: tls.cert }),
    received,
    refused,
    device() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      devices.set(id, { ecdh, auth, status: 201 });
      return { id, subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url', 'uncompressed'), auth } } };
    },
    answer(device, status) {
      const known = devices.get(device.id);
      if (known) known.status = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
