// PostgreSQL error codes (SQLSTATE) as both drivers report them, for services and the error
// handler to turn a constraint violation into the right HTTP answer.

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error, also when drizzle wrapped it (DrizzleQueryError.cause). */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The name of the violated constraint or index of a database error, if the driver reports it. */
export function constraintName(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    // postgres.js reports `constraint_name`, PGlite `constraint`.
    const { constraint_name: pgName, constraint } = current as { constraint_name?: unknown; constraint?: unknown };
    if (typeof pgName === 'string') return pgName;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * "Terminating connection because of crash of another server process": the database went away
 * under the statement. The embedded engine's abort reports it too (client.ts, EngineAbortedError).
 */
export const CRASH_SHUTDOWN = '57P02';
