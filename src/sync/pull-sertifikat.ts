/**
 * Pulls of the certificate screens: the fully approved participants of a level with their
 * issued certificates (and the organisation), and the images those certificates print, so a
 * certificate or a Daftar Nilai is made on the device with the server unreachable. Like the
 * master-data pulls it reads through a client that is passed in and lets the client's errors
 * through; a failed pull leaves the mirror as it was.
 *
 * Images: an issued certificate's snapshot names each signature image by its SHA-256, and the
 * server serves those bytes unchanged for good (GET /api/sertifikat/gambar/{sha256}). The device
 * keeps them by that hash, stores fetched bytes only when their own SHA-256 equals it, and drops
 * the ones no mirrored certificate names any more. A missing image prints a blank line.
 */
import { SHA256_HEX, sha256Hex } from '@/domain/sha256';
import { type Jenjang } from '@/domain/master-data';
import { LINGKUP_KERJA } from '@/domain/working-set';
import { type SertifikatRow, sertifikatListResponseSchema } from '@/domain/sertifikat-terbit';
import { db as appDb, type MagangDb } from '@/db/db';
import { saveOrganisasi } from '@/db/meta';
import { splitStoredRow, storedImageHashes } from '@/db/sertifikat-store';
import type { PullClient } from './pull-master-data';

/** The slice of the API client these pulls need; src/api's ApiClient satisfies it. */
interface SertifikatPullClient extends PullClient {
  getBytes(path: string): Promise<{ bytes: Uint8Array } | null>;
}


/**
 * GET /api/sertifikat/peserta?jenjang=&lingkup=kerja (only the participants of the caller's
 * working set): replaces that level's rows and their certificates' snapshots (the other level's
 * stay) and saves the organisation, in one transaction; returns the rows as the server sent them.
 * The rows are stored without their snapshots (what the list reads), the snapshots on their own.
 */
export async function pullSertifikat(api: PullClient, jenjang: Jenjang, db: MagangDb = appDb): Promise<SertifikatRow[]> {
  const path = `/api/sertifikat/peserta?jenjang=${encodeURIComponent(jenjang)}&lingkup=${LINGKUP_KERJA}`;
  const { data, organisasi } = await api.get(path, sertifikatListResponseSchema);
  const split = data.map(splitStoredRow);
  await db.transaction('rw', db.sertifikat, db.sertifikatSnapshot, db.meta, async () => {
    await db.sertifikat.where('jenjang').equals(jenjang).delete();
    await db.sertifikatSnapshot.where('jenjang').equals(jenjang).delete();
    await db.sertifikat.bulkPut(split.map((part) => part.listRow));
    await db.sertifikatSnapshot.bulkPut(split.flatMap((part) => (part.snapshot ? [part.snapshot] : [])));
    await saveOrganisasi(db, organisasi);
  });
  return data;
}

/** What pullImages did. */
interface ImagePullResult {
  /** Images fetched, checked and stored. */
  fetched: number;
  /**
   * Images that could not be had: no answer, an error answer (404: the server has none), or
   * bytes whose SHA-256 is not the one asked for. Their documents print a blank line.
   */
  failed: number;
}

/**
 * Fetches GET /api/sertifikat/gambar/{sha256} for every image the mirrored certificates (both
 * levels) name that the device does not hold, and stores it when the bytes hash to that name;
 * a failure is counted and the rest carry on. Then drops the images no mirrored certificate
 * names any more.
 */
export async function pullImages(api: SertifikatPullClient, db: MagangDb = appDb): Promise<ImagePullResult> {
  const wanted = [...(await storedImageHashes(db))].filter((sha) => SHA256_HEX.test(sha));
  const held = new Set(await db.images.where('sha256').anyOf(wanted).primaryKeys());
  const result: ImagePullResult = { fetched: 0, failed: 0 };
  for (const sha256 of wanted) {
    if (held.has(sha256)) continue;
    try {
      const answer = await api.getBytes(`/api/sertifikat/gambar/${sha256}`);
      if (!answer || (await sha256Hex(answer.bytes)) !== sha256) {
        result.failed += 1;
        continue;
      }
      await db.images.put({ sha256, png: answer.bytes });
      result.fetched += 1;
    } catch {
      result.failed += 1;
    }
  }
  await pruneImages(db);
  return result;
}

/** Deletes the images no certificate of the mirror names; returns how many went. */
export async function pruneImages(db: MagangDb = appDb): Promise<number> {
  return db.transaction('rw', db.sertifikatSnapshot, db.images, async () => {
    const named = await storedImageHashes(db);
    return db.images.filter((record) => !named.has(record.sha256)).delete();
  });
}
