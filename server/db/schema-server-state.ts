// The server's own bookkeeping tables, beside the domain's (schema.ts): stored answers of
// replayable mutations (Idempotency-Key), failed-login counts, and secrets generated once per
// database. Shared through the database so that several instances on one PostgreSQL agree.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema';

/**
 * Stored results of replayable mutations, by their `Idempotency-Key`. A repeat with the same
 * key and user returns `status_code` + `response_body` and changes nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status_code: integer('status_code').notNull(),
    response_body: jsonb('response_body'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.user_id, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.created_at),
  ],
);

/**
 * Failed-login counts (10 per username and address in 15 minutes, then 429), in the database so
 * that several instances on one PostgreSQL share them (server/auth/login-rate-limit.ts).
 * `username` is trimmed and lowercased; expired rows are deleted by later attempts.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    username: text('username').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    /** Start of the counting window: the first attempt after the previous window ended. */
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'login_attempts_pk', columns: [t.username, t.address] }),
    index('login_attempts_window_start_idx').on(t.window_start),
  ],
);

/**
 * Secrets generated once per database (the JWT secret when DATABASE_URL is set and JWT_SECRET
 * is not), so every instance on one PostgreSQL signs and accepts the same tokens.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});
