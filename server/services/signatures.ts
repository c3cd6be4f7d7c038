// Signature PNGs (at most 1 MB) of Pembimbing and BusHead accounts (their profile page), stored
// in the database, so every instance serves them: one row per user in `user_signatures` with the bytes and their SHA-256.
// Rules kept here: only a real PNG is accepted and it is stored at print size (services/png.ts),
// and a failed upload changes nothing.
import { eq } from 'drizzle-orm';
import { SERVER_MSG } from '../../src/domain/messages';
import { SIGNATURE_MSG } from '../../src/domain/sertifikat';
import { idIn } from '../db/list-params';
import type { Db } from '../db/client';
import { userSignatures, users } from '../db/schema';
import { HttpError } from '../http-error';
import { isPng, pngAtPrintSize, sha256Hex } from './png';
import { type ApiUser, findUserById, toApiUser } from './users';

/**
 * Stores `upload` as the user's signature (replacing any) at print size, after checking it is a
 * PNG (else 415, nothing written). Bumps the user's `updated_at`: its `signature_url` changed.
 */
export async function saveSignature(db: Db, userId: number, upload: Uint8Array): Promise<ApiUser> {
  const png = isPng(upload) ? await pngAtPrintSize(upload) : null;
  if (!png) throw new HttpError(415, SIGNATURE_MSG.notPng);
  const sha256 = sha256Hex(png);
  return db.transaction(async (tx) => {
    const [owner] = await tx.update(users).set({ updated_at: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
    if (!owner) throw new HttpError(404, SERVER_MSG.notFound);
    await tx
      .insert(userSignatures)
      .values({ user_id: userId, png, sha256 })
      .onConflictDoUpdate({ target: userSignatures.user_id, set: { png, sha256, updated_at: new Date() } });
    const row = await findUserById(tx, userId);
    if (!row) throw new HttpError(404, SERVER_MSG.notFound);
    return toApiUser(row);
  });
}

/** Removes the user's signature (a user without one is answered the same way). */
export async function deleteSignature(db: Db, userId: number): Promise<ApiUser> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(userSignatures).where(eq(userSignatures.user_id, userId)).returning({ id: userSignatures.user_id });
    if (removed.length > 0) await tx.update(users).set({ updated_at: new Date() }).where(eq(users.id, userId));
    const row = await findUserById(tx, userId);
    if (!row) throw new HttpError(404, SERVER_MSG.notFound);
    return toApiUser(row);
  });
}

/** The hash of the user's signature, or null (no bytes read). */
export async function signatureHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ sha256: userSignatures.sha256 }).from(userSignatures).where(eq(userSignatures.user_id, userId));
  return row?.sha256 ?? null;
}

/** The user's signature PNG and its hash, or undefined without one. */
export async function readSignature(db: Db, userId: number): Promise<{ png: Uint8Array; sha256: string } | undefined> {
  const [row] = await db
    .select({ png: userSignatures.png, sha256: userSignatures.sha256 })
    .from(userSignatures)
    .where(eq(userSignatures.user_id, userId));
  return row;
}

/** Signature PNGs of these users (those that have one), by user id. */
export async function signaturesOf(db: Pick<Db, 'select'>, userIds: readonly number[]): Promise<Map<number, { png: Uint8Array; sha256: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ user_id: userSignatures.user_id, png: userSignatures.png, sha256: userSignatures.sha256 })
    .from(userSignatures)
    .where(idIn(userSignatures.user_id, [...userIds]));
  return new Map(rows.map((row) => [row.user_id, { png: row.png, sha256: row.sha256 }]));
}
