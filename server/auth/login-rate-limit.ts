/**
 * Login throttling: 10 failed attempts per username and address in 15 minutes, then 429
 * with `Retry-After`; a success resets the count. The counts live in the database (`login_attempts`,
 * a fixed-window counter: services/window-counter.ts), so several instances on one PostgreSQL
 * share them. The address is `request.ip`: the client's own, or the one a trusted
 * proxy reports when TRUST_PROXY is set (server/config.ts).
 *
 * An attempt is counted BEFORE its password is checked, in one atomic upsert: concurrent
 * attempts (on any instance) can never verify more than 10 passwords per window. A success
 * forgets the count; an attempt over the limit answers 429 without checking the password.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema-server-state';
import { createWindowCounter } from '../services/window-counter';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Who is trying: the username (trimmed, lowercased) and the client address. */
interface LoginKey {
  username: string;
  address: string;
}

/** The key of a login attempt. */
export function loginKey(username: string, address: string): LoginKey {
  return { username: username.trim().toLowerCase(), address };
}

const matches = (key: LoginKey) => and(eq(loginAttempts.username, key.username), eq(loginAttempts.address, key.address));

/** Counts login attempts per key in the database. */
interface LoginRateLimiter {
  /**
   * Counts one attempt of `key`; answers the seconds until it may try again when the attempt
   * is over the limit (the caller answers 429), else 0 (the caller checks the password).
   */
  attempt(key: LoginKey): Promise<number>;
  /** Forgets the attempts of `key` (after a successful login). */
  reset(key: LoginKey): Promise<void>;
}

/** A limiter on `db`; `now` is injectable for tests. */
export function createLoginRateLimiter(
  db: Db,
  options: { maxFailures?: number; windowMs?: number; now?: () => number } = {},
): LoginRateLimiter {
  const counter = createWindowCounter(
    db,
    { table: loginAttempts, key: [loginAttempts.username, loginAttempts.address], count: loginAttempts.failures, windowStart: loginAttempts.window_start },
    { max: options.maxFailures ?? LOGIN_MAX_FAILURES, windowMs: options.windowMs ?? LOGIN_WINDOW_MS, now: options.now ?? Date.now },
  );
  return {
    attempt: (key) => counter.count(key),
    async reset(key) {
      await db.delete(loginAttempts).where(matches(key));
    },
  };
}
