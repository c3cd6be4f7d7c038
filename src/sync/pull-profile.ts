/**
 * The profile pull: GET /api/auth/profile through a client that is passed in, cached in meta.
 * The client's errors propagate unchanged.
 */
import { z } from 'zod';
import { db as appDb, type MagangDb } from '@/db/db';
import { saveProfile } from '@/db/meta';
import { type ProfileRecord, profileSchema } from '@/db/records';
import { lazySchema } from '@/domain/lazy-schema';
import type { PullClient } from './pull-master-data';

const profileResponseSchema = lazySchema(() => z.object({ data: profileSchema }));

/** Fetches GET /api/auth/profile, caches it in meta and returns it; rejects with the client's error. */
export async function pullProfile(api: PullClient, db: MagangDb = appDb): Promise<ProfileRecord> {
  const { data } = await api.get('/api/auth/profile', profileResponseSchema);
  await saveProfile(db, data);
  return data;
}
