// Reads and writes of staff accounts, and the one place a user row becomes an API user
// (without its password hash). Rules kept here: usernames and employee IDs are unique
// case-insensitively, employee_id never changes, nobody deletes their own account, and the
// last HR account can neither be deleted nor lose its role (else nobody manages master data).
import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { MASTER_MSG, type UserCreate, type UserUpdate } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Role } from '../../src/domain/roles';
import { hashPassword } from '../auth/password';
import type { Db, Tx } from '../db/client';
import { peserta, userSignatures, users } from '../db/schema';
import { UNIQUE_VIOLATION, constraintName, sqlState } from '../db/sql-state';
import { HttpError } from '../http-error';
import { recordDeletions } from './deletions';

/**
 * A users row as stored (includes password_hash: never send it), with the SHA-256 of the
 * user's signature PNG (null without one). The PNG bytes themselves are never read here.
 */
export type UserRow = typeof users.$inferSelect & { signature_sha256: string | null };

/** A user as the API returns it (employee_id, sent under the second name employeeId too). */
export interface ApiUser {
  id: number;
  employee_id: string;
  employeeId: string;
  username: string;
  role: Role;
  signature_url: string | null;
  /** Full name printed under the user's signature; null when unset. */
  nama_lengkap: string | null;
  /** Job title printed under that name; null when unset. */
  jabatan: string | null;
}

/** The optional name fields of a write: undefined keeps the stored value, null clears it. */
export interface UserNameInput {
  nama_lengkap?: string | null | undefined;
  jabatan?: string | null | undefined;
}

/** The columns of `input`'s name fields that were sent (left-out ones are not written). */
function nameColumns(input: UserNameInput): { nama_lengkap?: string | null; jabatan?: string | null } {
  return {
    ...(input.nama_lengkap !== undefined ? { nama_lengkap: input.nama_lengkap } : {}),
    ...(input.jabatan !== undefined ? { jabatan: input.jabatan } : {}),
  };
}

/** Users left-joined to their signature's hash (only the hash: lists never load PNG bytes). */
function selectUsers(db: Db | Tx) {
  return db
    .select({ ...getTableColumns(users), signature_sha256: userSignatures.sha256 })
    .from(users)
    .leftJoin(userSignatures, eq(userSignatures.user_id, users.id));
}

/**
 * The path that serves the user's signature (GET /api/users/signature/:id), versioned by the
 * start of its hash so a new upload is a new URL; null when the user has none.
 */
function signatureUrl(row: { id: number; signature_sha256: string | null }): string | null {
  return row.signature_sha256 ? `/api/users/signature/${row.id}?v=${row.signature_sha256.slice(0, 12)}` : null;
}

/** The API shape of a user row; drops the password hash. */
export function toApiUser(
  row: Pick<UserRow, 'id' | 'employee_id' | 'username' | 'role' | 'signature_sha256' | 'nama_lengkap' | 'jabatan'>,
): ApiUser {
  return {
    id: row.id,
    employee_id: row.employee_id,
    employeeId: row.employee_id,
    username: row.username,
    role: row.role,
    signature_url: signatureUrl(row),
    nama_lengkap: row.nama_lengkap,
    jabatan: row.jabatan,
  };
}

/** The user with this id, or undefined. */
export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user with this username, compared case-insensitively (usernames are unique that way). */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await selectUsers(db)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/**
 * The user's own profile change: the username, and the full name, title and reminder switch when sent;
 * 409 SERVER_MSG.usernameTaken when another user has that username.
 */
export async function updateProfile(db: Db, id: number, input: { username: string; terima_pengingat?: boolean | undefined } & UserNameInput): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ username: input.username, ...nameColumns(input), ...(input.terima_pengingat !== undefined ? { terima_pengingat: input.terima_pengingat } : {}) })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      const row = updated && (await findUserById(tx, id));
      if (!row) throw new HttpError(404, SERVER_MSG.notFound);
      return row;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new HttpError(409, SERVER_MSG.usernameTaken);
    throw error;
  }
}

/** Adds one to token_version: every token signed before answers 401 (a password change ends the user's sessions). */
const nextTokenVersion = sql`${users.token_version} + 1`;

/**
 * Stores a new password hash for a user and ends its sessions (token_version + 1); returns the
 * new token_version (for the fresh token of the session that made the change), or null when the
 * user is gone.
 */
export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ password_hash: passwordHash, token_version: nextTokenVersion })
    .where(eq(users.id, id))
    .returning({ token_version: users.token_version });
  return row?.token_version ?? null;
}

/** 409 with the right text for a unique violation on users; any other error unchanged. */
function duplicateUserError(error: unknown): unknown {
  if (sqlState(error) !== UNIQUE_VIOLATION) return error;
  const name = constraintName(error) ?? '';
  return new HttpError(409, name.includes('employee_id') ? SERVER_MSG.employeeIdTaken : SERVER_MSG.usernameTaken);
}

/** Users with this exact role (all when none), whose username or employee_id contains `search` (any case), by id. */
export async function listUsers(db: Db, filter: { role?: Role | undefined; search?: string | undefined }): Promise<ApiUser[]> {
  const conditions = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    // strpos, not LIKE: the search text is matched literally ('%' and '_' are not wildcards).
    const needle = filter.search.toLowerCase();
    conditions.push(
      or(sql`strpos(lower(${users.username}), ${needle}) > 0`, sql`strpos(lower(${users.employee_id}), ${needle}) > 0`),
    );
  }
  const rows = await selectUsers(db)
    .where(and(...conditions))
    .orderBy(asc(users.id));
  return rows.map(toApiUser);
}

async function employeeIdTaken(tx: Tx, employeeId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.employee_id}) = lower(${employeeId})`)
    .limit(1);
  return row !== undefined;
}

/** Creates an account (password hashed); 409 when the username or employee_id is taken. */
export async function createUser(db: Db, input: UserCreate): Promise<ApiUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (await employeeIdTaken(tx, input.employee_id)) throw new HttpError(409, SERVER_MSG.employeeIdTaken);
      const [row] = await tx
        .insert(users)
        .values({
          employee_id: input.employee_id,
          username: input.username,
          role: input.role,
          password_hash: passwordHash,
          nama_lengkap: input.nama_lengkap ?? null,
          jabatan: input.jabatan ?? null,
        })
        .returning();
      // A new account has no signature yet.
      return toApiUser({ ...(row as typeof users.$inferSelect), signature_sha256: null });
    });
  } catch (error) {
    throw duplicateUserError(error);
  }
}

/** Row locks: an update keeps the id, so it need not block inserts that reference the user. */
type LockStrength = 'update' | 'no key update';

/**
 * Locks the HR accounts (in id order, so concurrent user changes cannot deadlock) and
 * returns their ids: the last-HR rules are decided on this locked set.
 */
async function lockHrIds(tx: Tx, strength: LockStrength): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'HR')).orderBy(asc(users.id)).for(strength);
  return rows.map((row) => row.id);
}

async function lockUser(tx: Tx, id: number, strength: LockStrength): Promise<typeof users.$inferSelect> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for(strength);
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row;
}

/** Participants show their mentor's and pembimbing's username: bump them for `?since=` pulls. */
async function touchPesertaOf(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(peserta)
    .set({ updated_at: new Date() })
    .where(or(eq(peserta.mentor_id, userId), eq(peserta.pembimbing_id, userId)));
}

/**
 * Updates username and role, the full name and title when sent, and the password only when one is given (then the user's tokens
 * end: token_version + 1). 404 unknown id,
 * 400 for a different employee_id, 409 for a taken username or for the last HR losing its role.
 */
export async function updateUser(db: Db, id: number, input: UserUpdate): Promise<ApiUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const hrIds = await lockHrIds(tx, 'no key update');
      const current = await lockUser(tx, id, 'no key update');
      if (input.employee_id != null && input.employee_id !== current.employee_id) {
        throw new HttpError(400, MASTER_MSG.employeeIdFixed);
      }
      if (input.role !== 'HR' && hrIds.includes(id) && hrIds.length <= 1) {
        throw new HttpError(409, SERVER_MSG.lastHrRoleChange);
      }
      await tx
        .update(users)
        .set({
          username: input.username,
          role: input.role,
          ...nameColumns(input),
          // A password set by HR ends the user's sessions too.
          ...(passwordHash ? { password_hash: passwordHash, token_version: nextTokenVersion } : {}),
        })
        .where(eq(users.id, id));
      if (input.username !== current.username) await touchPesertaOf(tx, id);
      const row = await findUserById(tx, id);
      if (!row) throw new HttpError(404, SERVER_MSG.notFound);
      return toApiUser(row);
    });
  } catch (error) {
    throw duplicateUserError(error);
  }
}

/**
 * Deletes an account and leaves a tombstone. 400 for the caller's own account, 404 unknown
 * id, 409 for the last HR account. Its participants stay, unassigned (foreign keys set null).
 */
export async function deleteUser(db: Db, id: number, actor: { id: number }): Promise<void> {
  if (id === actor.id) throw new HttpError(400, SERVER_MSG.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const hrIds = await lockHrIds(tx, 'update');
    await lockUser(tx, id, 'update');
    if (hrIds.includes(id) && hrIds.length <= 1) throw new HttpError(409, SERVER_MSG.lastHrDelete);
    await touchPesertaOf(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await recordDeletions(tx, 'users', [id]);
  });
}

