/**
 * Login throttling (CONTRACT: 10 failed attempts per username and address in 15 minutes,
 * then 429). In-memory and per app instance: with several instances behind a load balancer
 * each counts on its own, which still bounds guessing. A success resets the counter.
 */

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Above this many tracked keys, expired entries are swept on the next failure. */
const SWEEP_ABOVE_KEYS = 10_000;

interface Entry {
  failures: number;
  /** When the window of this key started (its first counted failure). */
  since: number;
}

/** Counts failed logins per key (username lowercased + IP). */
export interface LoginRateLimiter {
  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfterSeconds(key: string): number;
  /** Records a failed attempt. */
  fail(key: string): void;
  /** Forgets the failures of `key` (after a successful login). */
  reset(key: string): void;
}

/** The key of a login attempt. */
export function loginKey(username: string, ip: string): string {
  return `${username.trim().toLowerCase()}\u0000${ip}`;
}

/** A new limiter; `now` is injectable for tests. */
export function createLoginRateLimiter(
  options: { maxFailures?: number; windowMs?: number; now?: () => number } = {},
): LoginRateLimiter {
  const maxFailures = options.maxFailures ?? LOGIN_MAX_FAILURES;
  const windowMs = options.windowMs ?? LOGIN_WINDOW_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const current = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && now() - entry.since >= windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (time - entry.since >= windowMs) entries.delete(key);
  };

  return {
    retryAfterSeconds(key) {
      const entry = current(key);
      if (!entry || entry.failures < maxFailures) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now()) / 1000));
    },
    fail(key) {
      const entry = current(key);
      if (entry) entry.failures += 1;
      else {
        if (entries.size >= SWEEP_ABOVE_KEYS) sweep();
        entries.set(key, { failures: 1, since: now() });
      }
    },
    reset(key) {
      entries.delete(key);
    },
  };
}
