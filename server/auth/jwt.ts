// Session tokens: HS256 JWTs signed with the server secret (jose). Claims: sub = user id,
// role and username (for the client's convenience; the server re-reads the user per request).
import { SignJWT, jwtVerify } from 'jose';

const ALGORITHM = 'HS256';

/** What a token says about its user. */
export interface TokenClaims {
  userId: number;
  role: string;
  username: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A signed token for `claims` that expires after `ttlSeconds`. */
export async function signToken(claims: TokenClaims, secret: string, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: claims.role, username: claims.username })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key(secret));
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return {
      userId,
      role: typeof payload.role === 'string' ? payload.role : '',
      username: typeof payload.username === 'string' ? payload.username : '',
    };
  } catch {
    return null;
  }
}
