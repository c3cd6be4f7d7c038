/**
 * Pulls: refresh the mirror from the API. A pull reads over the network through a client that
 * is passed in (src/db never imports src/api) and writes the result into Dexie. Errors of the
 * client (e.g. an ApiError with status 401, or status 0 for the network) propagate unchanged,
 * so the caller decides whether to log out or keep working from the mirror.
 */
import { z } from 'zod';
import { db as appDb, type MagangDb } from './db';
import { saveProfile } from './meta';
import { profileSchema, type ProfileRecord } from './records';

/** The slice of the API client that pulls need; src/api's ApiClient satisfies it. */
export interface PullClient {
  get<T>(path: string, schema: z.ZodType<T>): Promise<T>;
}

const profileResponseSchema = z.object({ data: profileSchema });

/** Fetches GET /api/auth/profile, caches it in meta and returns it; rejects with the client's error. */
export async function pullProfile(api: PullClient, db: MagangDb = appDb): Promise<ProfileRecord> {
  const { data } = await api.get('/api/auth/profile', profileResponseSchema);
  await saveProfile(db, data);
  return data;
}
