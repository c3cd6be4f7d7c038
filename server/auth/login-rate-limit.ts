/**
 * Login throttling: 10 failed attempts per username and address in 15 minutes, then 429
 * with `Retry-After`; a success resets the count. The counts live in the database (`login_attempts`), so several instances on one
 * PostgreSQL share them. The address is `request.ip`: the client's own, or the one a trusted
 * proxy reports when TRUST_PROXY is set (server/config.ts).
 *
 * An attempt is counted BEFORE its password is checked, in one atomic upsert: concurrent
 * attempts (on any instance) can never verify more than 10 passwords per window. A success
 * forgets the count; an attempt over the limit answers 429 without checking the password.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Expired rows deleted per attempt at most (cleanup keeps pace with the attempts that add rows). */
const CLEANUP_BATCH = 100;

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
  const maxFailures = options.maxFailures ?? LOGIN_MAX_FAILURES;
  const windowMs = options.windowMs ?? LOGIN_WINDOW_MS;
  const now = options.now ?? Date.now;

  /** Deletes a batch of expired rows; rows another attempt holds are skipped, never waited for. */
  const cleanup = async (cutoff: string) => {
    await db.execute(sql`
      delete from ${loginAttempts}
      where (${loginAttempts.username}, ${loginAttempts.address}) in (
        select ${loginAttempts.username}, ${loginAttempts.address} from ${loginAttempts}
        where ${loginAttempts.window_start} <= ${cutoff}::timestamptz
        limit ${CLEANUP_BATCH} for update skip locked)`);
  };

  return {
    async attempt(key) {
      const time = now();
      const start = new Date(time).toISOString();
      const cutoff = new Date(time - windowMs).toISOString();
      // A window that has ended starts again at this attempt.
      const expired = sql`${loginAttempts.window_start} <= ${cutoff}::timestamptz`;
      const [row] = await db
        .insert(loginAttempts)
        .values({ ...key, failures: 1, window_start: sql`${start}::timestamptz` })
        .onConflictDoUpdate({
          target: [loginAttempts.username, loginAttempts.address],
          set: {
            // Capped: counting on past the limit changes nothing.
            failures: sql`case when ${expired} then 1 else least(${loginAttempts.failures} + 1, ${maxFailures + 1}) end`,
            window_start: sql`case when ${expired} then ${start}::timestamptz else ${loginAttempts.window_start} end`,
          },
        })
        .returning({ failures: loginAttempts.failures, window_start: loginAttempts.window_start });
      // A row was added (or restarted): clear away as many expired ones.
      if (row?.failures === 1) await cleanup(cutoff);
      if (!row || row.failures <= maxFailures) return 0;
      return Math.max(1, Math.ceil((row.window_start.getTime() + windowMs - time) / 1000));
    },
    async reset(key) {
      await db.delete(loginAttempts).where(matches(key));
    },
  };
}
