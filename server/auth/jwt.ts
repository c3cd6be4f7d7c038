// Session tokens: HS256 JWTs signed with the server secret (jose). Claims: sub = user id,
// role and username (for the client's convenience; the server re-reads the user per request),
// tv = the user's token_version when signed (a password change bumps it: older tokens end).
import { SignJWT, jwtVerify } from 'jose';

const ALGORITHM = 'HS256';

/** What a token says about its user. */
interface TokenClaims {
  userId: number;
  role: string;
  username: string;
  /** The user's `token_version` when the token was signed; tokens without the claim count as 0. */
  tokenVersion: number;
}

/** The claims of a verified token, with when it was signed (the session's start). */
interface VerifiedClaims extends TokenClaims {
  /** The token's `iat` (seconds since the epoch; 0 for a token without one). */
  issuedAt: number;
}

/** The HMAC key per secret, imported once: jose imports a raw key again on every call (a third of a verification's time). */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keys = new Map<string, Promise<HmacKey>>();

function key(secret: string): Promise<HmacKey> {
  let imported = keys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, imported);
  }
  return imported;
}

/** A signed token for `claims` that expires after `ttlSeconds`. */
export async function signToken(claims: TokenClaims, secret: string, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: claims.role, username: claims.username, tv: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await key(secret));
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export async function verifyToken(token: string, secret: string): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    // Tokens signed before the claim existed stay valid until the first password change.
    const tokenVersion = payload.tv === undefined ? 0 : payload.tv;
    if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion)) return null;
    return {
      userId,
      role: typeof payload.role === 'string' ? payload.role : '',
      username: typeof payload.username === 'string' ? payload.username : '',
      tokenVersion,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
    };
  } catch {
    return null;
  }
}
