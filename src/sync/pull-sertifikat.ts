/**
 * Pulls of the certificate screens: the fully approved participants of a level (with the
 * organisation printed on the documents) and the signers' signature PNGs, so that a
 * certificate or a Daftar Nilai can be made on the device with the server unreachable.
 * Like the master-data pulls it reads through a client that is passed in and lets the
 * client's errors through; a failed pull leaves the mirror as it was.
 *
 * Signatures: a row names each signer with the SHA-256 of their current PNG. The cache keeps
 * one PNG per user with the SHA-256 computed here from the bytes, and a document uses a cached
 * PNG only when that hash equals the row's — a stale or missing PNG prints a blank line, never
 * somebody's old signature.
 */
import { type Jenjang } from '@/domain/master-data';
import { SIGNING_STEPS } from '@/domain/sertifikat';
import { type SertifikatRow, sertifikatListResponseSchema } from '@/domain/sertifikat-terbit';
import { db as appDb, type MagangDb } from '@/db/db';
import { saveOrganisasi } from '@/db/meta';
import type { SertifikatRecord, SignatureRecord } from '@/db/records';
import type { PullClient } from './pull-master-data';

/** The slice of the API client these pulls need; src/api's ApiClient satisfies it. */
interface SertifikatPullClient extends PullClient {
  getBytes(path: string, options?: { ifNoneMatch?: string }): Promise<{ bytes: Uint8Array } | null>;
}

/** An error carrying an HTTP status (the ApiError of src/api, read structurally). */
function statusOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : null;
}

/** Lowercase hex SHA-256 of `bytes` (Web Crypto: the page, the service worker and Node 20 have it). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * GET /api/sertifikat/peserta?jenjang=: replaces that level's rows (the other level's stay) and
 * saves the organisation, in one transaction; returns the rows.
 */
export async function pullSertifikat(api: PullClient, jenjang: Jenjang, db: MagangDb = appDb): Promise<SertifikatRecord[]> {
  const { data, organisasi } = await api.get(`/api/sertifikat/peserta?jenjang=${encodeURIComponent(jenjang)}`, sertifikatListResponseSchema);
  await db.transaction('rw', db.sertifikat, db.meta, async () => {
    await db.sertifikat.where('jenjang').equals(jenjang).delete();
    await db.sertifikat.bulkPut(data);
    await saveOrganisasi(db, organisasi);
  });
  return data;
}

/** The signers of `rows` that have a signature: user id → the SHA-256 the rows name. */
function signedBy(rows: readonly SertifikatRow[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const row of rows) {
    for (const step of SIGNING_STEPS) {
      const signer = row.penandatangan[step];
      if (signer?.signature) out.set(signer.id, signer.signature);
    }
  }
  return out;
}

/** What pullSignatures did. */
interface SignaturePullResult {
  /** PNGs fetched and stored. */
  fetched: number;
  /** Signers whose PNG could not be fetched (offline, server error); their documents print a blank line. */
  failed: number;
}

/**
 * Fetches GET /api/users/signature/{id} for every signer of `rows` whose cached PNG does not
 * match the hash the row names (or is missing), and stores it. A 404 removes the cached PNG;
 * any other failure is counted and the rest carry on. Then drops cached PNGs that no row of
 * the mirror references any more.
 */
export async function pullSignatures(
  api: SertifikatPullClient,
  rows: readonly SertifikatRow[],
  db: MagangDb = appDb,
): Promise<SignaturePullResult> {
  const wanted = signedBy(rows);
  const ids = [...wanted.keys()];
  const cached = await db.signatures.bulkGet(ids);
  const result: SignaturePullResult = { fetched: 0, failed: 0 };
  for (const [index, userId] of ids.entries()) {
    const have = cached[index];
    if (have && have.sha256 === wanted.get(userId)) continue;
    try {
      const answer = await api.getBytes(`/api/users/signature/${userId}`, have ? { ifNoneMatch: `"${have.sha256}"` } : {});
      // 304: the server's current PNG is the cached one, newer than the row; the next pull settles it.
      if (!answer) continue;
      const record: SignatureRecord = { userId, sha256: await sha256Hex(answer.bytes), png: answer.bytes };
      await db.signatures.put(record);
      result.fetched += 1;
    } catch (error) {
      if (statusOf(error) === 404) await db.signatures.delete(userId);
      else result.failed += 1;
    }
  }
  await pruneSignatures(db, wanted.keys());
  return result;
}

/**
 * Deletes cached PNGs of users that no certificate row of the mirror (nor `keep`) names with a
 * signature; returns how many went.
 */
async function pruneSignatures(db: MagangDb = appDb, keep: Iterable<number> = []): Promise<number> {
  const kept = new Set(keep);
  return db.transaction('rw', db.sertifikat, db.signatures, async () => {
    const referenced = signedBy(await db.sertifikat.toArray());
    return db.signatures.filter((record) => !referenced.has(record.userId) && !kept.has(record.userId)).delete();
  });
}

/** The cached PNGs that match what `row`'s signers have now: user id → PNG (what DocumentSources.signatures takes). */
export function matchingSignatures(
  row: SertifikatRow,
  cache: ReadonlyMap<number, SignatureRecord>,
): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  for (const step of SIGNING_STEPS) {
    const signer = row.penandatangan[step];
    const record = signer?.signature ? cache.get(signer.id) : undefined;
    if (signer && record && record.sha256 === signer.signature) out.set(signer.id, record.png);
  }
  return out;
}

/** The signers of `row` with a signature whose PNG is not on the device (they print a blank line). */
export function missingSignatures(row: SertifikatRow, cache: ReadonlyMap<number, SignatureRecord>): string[] {
  const matched = matchingSignatures(row, cache);
  return SIGNING_STEPS.flatMap((step) => {
    const signer = row.penandatangan[step];
    return signer?.signature && !matched.has(signer.id) ? [signer.username] : [];
  });
}
