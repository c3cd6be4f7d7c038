// Idempotency-Key for the mutations the offline outbox replays: a repeat with
// the same key and the same user returns the first answer (status + body) and changes
// nothing; the same key of another user is independent (primary key user_id + key).
//
// How. The key row is inserted in the SAME transaction as the change it guards, first, with a
// placeholder status, and updated with the answer before commit. A concurrent request with
// the same key blocks on that primary key until the first commits, then finds the stored
// answer (ON CONFLICT DO NOTHING + a re-read) — two requests can never both apply. The change
// itself runs in a savepoint: a 409 of the approval chain or edit lock rolls it back and the
// 409 is stored, so its replay answers the same 409. Other refusals (400/403/404) and 5xx
// roll back everything, key included: they are not stored and a retry runs afresh. A replay
// carries the header `Idempotent-Replayed: true`. Keys older than IDEMPOTENCY_TTL_DAYS are
// purged, a small batch of the same user's at a time, on each new key.
// Not checked: that a repeat's body equals the first one's (no request hash is stored); a key
// reused for another method or path answers 422.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MSG } from '../../src/domain/idempotency';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema-server-state';
import { HttpError } from '../http-error';

/** How long a key is kept: a replay arrives within minutes or days, never a month later. */
const IDEMPOTENCY_TTL_DAYS = 30;
/** At most this many expired keys are purged per new key (keeps the insert cheap). */
const PURGE_BATCH = 100;
/** status_code of a key whose transaction has not finished (never visible to others). */
const PENDING_STATUS = 0;

/** An answer of a guarded mutation: what the route sends and what a repeat gets back. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed?: boolean;
}

/** Response headers of an answer: `Idempotent-Replayed: true` on a replay (for clients and logs). */
export function answerHeaders(answer: StoredAnswer): Record<string, string> {
  return answer.replayed ? { 'idempotent-replayed': 'true' } : {};
}

/** Who asks, with which key (null: no header), for which request. */
interface IdempotencyScope {
  userId: number;
  key: string | null;
  method: string;
  path: string;
}

/** The Idempotency-Key header as a key (null when absent); 400 when repeated, blank or too long. */
function parseIdempotencyKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new HttpError(400, IDEMPOTENCY_MSG.invalid);
  const key = value.trim();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, IDEMPOTENCY_MSG.invalid);
  return key;
}

/** The scope of a request (method, path without query, its Idempotency-Key) for `userId`. */
export function idempotencyScope(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  userId: number,
): IdempotencyScope {
  return {
    userId,
    key: parseIdempotencyKey(request.headers['idempotency-key']),
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
  };
}

/** Only answers that mean "applied" (2xx) or "refused by the chain / lock" (409) are replayed. */
function isStorable(status: number): boolean {
  return (status >= 200 && status < 300) || status === 409;
}

/** The committed answer of this user's key, if any; 422 when the key was used for another request. */
async function findStored(db: Db | Tx, scope: IdempotencyScope & { key: string }): Promise<StoredAnswer | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, scope.userId), eq(idempotencyKeys.key, scope.key)));
  if (!row || row.status_code === PENDING_STATUS) return null;
  if (row.method !== scope.method || row.path !== scope.path) throw new HttpError(422, IDEMPOTENCY_MSG.reused);
  return { status: row.status_code, body: row.response_body, replayed: true };
}

/** Deletes a batch of this user's expired keys, skipping any another transaction holds. */
async function purgeExpired(tx: Tx, userId: number): Promise<void> {
  const expired = tx
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.user_id, userId),
        lt(idempotencyKeys.created_at, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`),
      ),
    )
    .orderBy(asc(idempotencyKeys.created_at))
    .limit(PURGE_BATCH)
    .for('update', { skipLocked: true });
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, userId), inArray(idempotencyKeys.key, expired)));
}

/**
 * Extra fields of an answer read after the change (or after a refusal) in the same
 * transaction: the participant's state for the outbox (services/peserta-state.ts answerState).
 */
type AnswerExtras = (tx: Tx) => Promise<Record<string, unknown>>;

/** `answer` with the extras merged into its (object) body. */
async function withExtras(tx: Tx, answer: StoredAnswer, extras: AnswerExtras | undefined): Promise<StoredAnswer> {
  if (!extras) return answer;
  return { ...answer, body: { ...(answer.body as Record<string, unknown>), ...(await extras(tx)) } };
}

/**
 * Runs `work` in a savepoint; a 409 (chain or lock refusal) becomes an answer carrying the
 * current state (read after the rollback), anything else is rethrown.
 */
async function attempt(tx: Tx, work: (tx: Tx) => Promise<StoredAnswer>, extras: AnswerExtras | undefined): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await tx.transaction((savepoint) => work(savepoint));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return withExtras(tx, { status: 409, body: { message: error.message } }, extras);
    throw error;
  }
  return withExtras(tx, answer, extras);
}

/**
 * Runs `work` in one transaction, guarded by the scope's Idempotency-Key (see the header).
 * `extras` adds fields read after the change to a 2xx answer and, with a key, to a 409 (the
 * outbox sends a key and reconciles from them). Without a key it simply runs `work` in a
 * transaction and any refusal is thrown as usual (a plain `{message}`).
 */
export async function runIdempotent(
  db: Db,
  scope: IdempotencyScope,
  work: (tx: Tx) => Promise<StoredAnswer>,
  extras?: AnswerExtras,
): Promise<StoredAnswer> {
  const { key } = scope;
  if (key === null) return db.transaction(async (tx) => withExtras(tx, await work(tx), extras));
  const keyed = { ...scope, key };
  // The common repeat (a lost answer) needs no transaction.
  const stored = await findStored(db, keyed);
  if (stored) return stored;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ user_id: scope.userId, key, method: scope.method, path: scope.path, status_code: PENDING_STATUS })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      // A concurrent request with this key committed while we waited on the primary key.
      const first = await findStored(tx, keyed);
      if (!first) throw new Error('idempotency key claimed but not stored');
      return first;
    }
    await purgeExpired(tx, scope.userId);
    const answer = await attempt(tx, work, extras);
    if (!isStorable(answer.status)) throw new Error(`unexpected answer ${answer.status} of an idempotent mutation`);
    await tx
      .update(idempotencyKeys)
      .set({ status_code: answer.status, response_body: answer.body })
      .where(and(eq(idempotencyKeys.user_id, scope.userId), eq(idempotencyKeys.key, key)));
    return answer;
  });
}
