// Signature PNGs (at most 1 MB) of Pembimbing and BusHead accounts (their profile page), stored
// in the database, so every instance serves them: one row per user in `user_signatures` with the bytes and their SHA-256.
// Rules kept here: only a real PNG is accepted (its bytes are checked, never the file name
// or the declared type), and a failed upload changes nothing.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { SERVER_MSG } from '../../src/domain/messages';
import { SIGNATURE_MSG } from '../../src/domain/sertifikat';
import type { Db } from '../db/client';
import { userSignatures, users } from '../db/schema';
import { HttpError } from '../http-error';
import { type ApiUser, findUserById, toApiUser } from './users';

/** Server texts of the signature upload (the client's are in src/domain). */
/** Largest accepted width and height of a signature image, in pixels. */
const SIGNATURE_MAX_DIMENSION = 4000;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16], // greyscale
  2: [8, 16], // truecolour
  3: [1, 2, 4, 8], // indexed
  4: [8, 16], // greyscale + alpha
  6: [8, 16], // truecolour + alpha
};

/**
 * True when `bytes` are a well-formed PNG: the 8-byte signature, a valid IHDR first (length
 * 13, width and height 1-SIGNATURE_MAX_DIMENSION, a legal bit depth / colour type pair,
 * compression 0, filter 0, interlace 0 or 1), then chunks whose lengths fit and whose CRCs
 * match, at least one IDAT, ending with IEND. The pixels are not decoded.
 */
function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + 12 || PNG_MAGIC.some((value, index) => bytes[index] !== value)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

  // IHDR: length 13 at offset 8, type at 12, data at 16.
  if (view.getUint32(8) !== 13 || type(12) !== 'IHDR') return false;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [bitDepth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_DIMENSION || height > SIGNATURE_MAX_DIMENSION) return false;
  if (!BIT_DEPTHS[colourType ?? -1]?.includes(bitDepth ?? -1)) return false;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return false;

  let at = 8;
  let sawIdat = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const name = type(at + 4);
    if (!/^[A-Za-z]{4}$/.test(name)) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    if (name === 'IDAT') sawIdat = true;
    if (name === 'IEND') return sawIdat && end === bytes.length;
    at = end;
  }
  return false;
}

/** Hex SHA-256 of the bytes: the version of a signature (ETag, `?v=`, certificate rows). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Stores `png` as the user's signature (replacing any), after checking it is a PNG (else 415,
 * nothing written). Bumps the user's `updated_at`: its `signature_url` changed.
 */
export async function saveSignature(db: Db, userId: number, png: Uint8Array): Promise<ApiUser> {
  if (!isPng(png)) throw new HttpError(415, SIGNATURE_MSG.notPng);
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
    .where(inArray(userSignatures.user_id, [...userIds]));
  return new Map(rows.map((row) => [row.user_id, { png: row.png, sha256: row.sha256 }]));
}
