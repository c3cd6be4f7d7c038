/**
 * The server's working days of attendance (its HARI_KERJA) into the device's meta: the profile
 * answers them (`hari_kerja`). The start-up profile load stores them too, but a fresh login
 * does not load the profile (the login answer is the user alone), so the marking screen asks
 * once more when it opens online. Offline the last ones stay (readHariKerja).
 */
import type { ApiClient } from '@/api/client';
import { getProfile } from '@/api/session-auth';
import type { MagangDb } from '@/db/db';
import { saveHariKerja } from '@/db/meta';

/** GET /api/auth/profile and keeps its `hari_kerja`; rejects with the client's error. */
export async function pullHariKerja(api: ApiClient, db: MagangDb): Promise<void> {
  const profile = await getProfile(api);
  if (profile.hari_kerja !== undefined) await saveHariKerja(db, profile.hari_kerja);
}
