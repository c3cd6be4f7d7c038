/**
 * Master-data pulls: refresh the mirror's users, instansi, divisi, kompetensi and grade tables
 * from the API. A pull reads over the network through a client that is passed in and writes
 * the result into Dexie. Errors of the client (e.g. an ApiError with status 401, or status 0
 * for the network) propagate unchanged, so the caller decides whether to log out or keep
 * working from the mirror. Each pull is a full refresh: the whole table is replaced in one
 * transaction, so rows deleted on the server disappear; on any error the mirror is left as it was.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import {
  divisiRowSchema,
  gradeRowSchema,
  instansiRowSchema,
  kompetensiRowSchema,
  listResponseSchema,
  userRowSchema,
} from '@/domain/master-records';
import { db as appDb, type MagangDb } from '@/db/db';
import { markPulled } from '@/db/meta';
import { replaceMirror } from '@/db/mirror';
import type { DivisiRecord, GradeRecord, InstansiRecord, KompetensiRecord, UserRecord } from '@/db/records';

/** The slice of the API client that pulls need; src/api's ApiClient satisfies it. */
export interface PullClient {
  get<T>(path: string, schema: z.ZodType<T>): Promise<T>;
}

const usersResponseSchema = lazySchema(() => listResponseSchema(userRowSchema));
const instansiResponseSchema = lazySchema(() => listResponseSchema(instansiRowSchema));
const divisiResponseSchema = lazySchema(() => listResponseSchema(divisiRowSchema));
const kompetensiResponseSchema = lazySchema(() => listResponseSchema(kompetensiRowSchema));
const gradeResponseSchema = lazySchema(() => listResponseSchema(gradeRowSchema));

/** GET /api/users (every role, no search): replaces the `users` mirror; returns the rows. */
export async function pullUsers(api: PullClient, db: MagangDb = appDb): Promise<UserRecord[]> {
  const { data } = await api.get('/api/users', usersResponseSchema);
  await replaceMirror(db, 'users', data);
  return data;
}

/** GET /api/instansi (both types): replaces the `instansi` mirror; returns the rows. */
export async function pullInstansi(api: PullClient, db: MagangDb = appDb): Promise<InstansiRecord[]> {
  const { data } = await api.get('/api/instansi', instansiResponseSchema);
  await replaceMirror(db, 'instansi', data);
  return data;
}

/** GET /api/divisi: replaces the `divisi` mirror; returns the rows. */
export async function pullDivisi(api: PullClient, db: MagangDb = appDb): Promise<DivisiRecord[]> {
  const { data } = await api.get('/api/divisi', divisiResponseSchema);
  await replaceMirror(db, 'divisi', data);
  return data;
}

/** GET /api/kompetensi (both levels): replaces the `kompetensi` mirror; returns the rows. */
export async function pullKompetensi(api: PullClient, db: MagangDb = appDb): Promise<KompetensiRecord[]> {
  const { data } = await api.get('/api/kompetensi', kompetensiResponseSchema);
  await replaceMirror(db, 'kompetensi', data);
  return data;
}

/** GET /api/grade: replaces the `grade` mirror and marks it pulled; returns the rows. */
export async function pullGrade(api: PullClient, db: MagangDb = appDb): Promise<GradeRecord[]> {
  const { data } = await api.get('/api/grade', gradeResponseSchema);
  await replaceMirror(db, 'grade', data);
  await markPulled(db, 'grade');
  return data;
}
