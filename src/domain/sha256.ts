/**
 * A SHA-256 as the app writes it everywhere — image names, signature versions, a PDF's hash:
 * 64 lowercase hex digits. And the digest itself with Web Crypto, which the page, the service
 * worker and Node 20 all have (the server's synchronous uploads use node:crypto for the same
 * value, server/services/png.ts).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** 64 lowercase hex digits. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A SHA-256 in the API. */
export const sha256Schema = lazySchema(() => z.string().regex(SHA256_HEX));

/** Lowercase hex SHA-256 of `bytes`. */
export async function sha256Hex(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
