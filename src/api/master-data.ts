/**
 * Master-data calls of the API (users, instansi, divisi, kompetensi, grade templates):
 * create, update and delete, each zod-parsing the answer. They are online-only (no outbox):
 * offline they reject at once with MSG.offlineCannotSave instead of waiting for a timeout.
 * Lists are read through the mirror pulls of src/sync/pull-master-data.ts.
 */
import type { GradeTemplateInput } from '@/domain/grade';
import type { InstansiUpdate, KompetensiInput, UserCreate, UserUpdate } from '@/domain/master-data';
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import {
  deletedResponseSchema,
  divisiRowSchema,
  gradeRowSchema,
  instansiRowSchema,
  itemResponseSchema,
  kompetensiRowSchema,
  userRowSchema,
  type DivisiRow,
  type GradeRow,
  type InstansiRow,
  type KompetensiRow,
  type UserRow,
} from '@/domain/master-records';
import type { InstansiJenis } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { ApiError, isApiError, type ApiClient } from './client';

/** True when the browser says it has no connection (always false where navigator is absent). */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The text a failed mutation shows: 'Tidak dapat menyimpan saat offline'
 * when the server was not reached, else the server's message, else `fallback`.
 */
export function mutationErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return MSG.offlineCannotSave;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}

async function send<T>(
  api: ApiClient,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  if (isOffline()) throw new ApiError(0, MSG.offlineCannotSave);
  return api.request(method, path, { body, schema, networkMessage: MSG.offlineCannotSave });
}

const userResponse = lazySchema(() => itemResponseSchema(userRowSchema));
const instansiResponse = lazySchema(() => itemResponseSchema(instansiRowSchema));
const divisiResponse = lazySchema(() => itemResponseSchema(divisiRowSchema));
const kompetensiResponse = lazySchema(() => itemResponseSchema(kompetensiRowSchema));
const gradeResponse = lazySchema(() => itemResponseSchema(gradeRowSchema));

async function remove(api: ApiClient, path: string): Promise<number> {
  const { data } = await send(api, 'DELETE', path, deletedResponseSchema);
  return data.id;
}

/** POST /api/users: the created user (409 duplicate username or ID). */
export async function createUser(api: ApiClient, body: UserCreate): Promise<UserRow> {
  return (await send(api, 'POST', '/api/users', userResponse, body)).data;
}

/** PUT /api/users/{id} {username, role, password?}: the updated user. */
export async function updateUser(api: ApiClient, id: number, body: UserUpdate): Promise<UserRow> {
  return (await send(api, 'PUT', `/api/users/${id}`, userResponse, body)).data;
}

/** DELETE /api/users/{id}: the deleted id (400 own account, 409 last HR). */
export function deleteUser(api: ApiClient, id: number): Promise<number> {
  return remove(api, `/api/users/${id}`);
}

/** POST /api/instansi {nama, jenis}: the created institution. */
export async function createInstansi(api: ApiClient, body: { nama: string; jenis: InstansiJenis }): Promise<InstansiRow> {
  return (await send(api, 'POST', '/api/instansi', instansiResponse, body)).data;
}

/** PUT /api/instansi/{id} {nama}: the updated institution (its jenis never changes). */
export async function updateInstansi(api: ApiClient, id: number, body: InstansiUpdate): Promise<InstansiRow> {
  return (await send(api, 'PUT', `/api/instansi/${id}`, instansiResponse, body)).data;
}

/** DELETE /api/instansi/{id}: the deleted id (409 while participants reference it). */
export function deleteInstansi(api: ApiClient, id: number): Promise<number> {
  return remove(api, `/api/instansi/${id}`);
}

/** POST /api/divisi {nama}: the created division. */
export async function createDivisi(api: ApiClient, body: { nama: string }): Promise<DivisiRow> {
  return (await send(api, 'POST', '/api/divisi', divisiResponse, body)).data;
}

/** PUT /api/divisi/{id} {nama}: the updated division. */
export async function updateDivisi(api: ApiClient, id: number, body: { nama: string }): Promise<DivisiRow> {
  return (await send(api, 'PUT', `/api/divisi/${id}`, divisiResponse, body)).data;
}

/** DELETE /api/divisi/{id}: the deleted id (409 while participants use it). */
export function deleteDivisi(api: ApiClient, id: number): Promise<number> {
  return remove(api, `/api/divisi/${id}`);
}

/** POST /api/kompetensi {nama, jenjang, aktif, divisi_ids}: the created competency. */
export async function createKompetensi(api: ApiClient, body: KompetensiInput): Promise<KompetensiRow> {
  return (await send(api, 'POST', '/api/kompetensi', kompetensiResponse, body)).data;
}

/** PUT /api/kompetensi/{id} {nama, jenjang, aktif, divisi_ids}: the updated competency. */
export async function updateKompetensi(api: ApiClient, id: number, body: KompetensiInput): Promise<KompetensiRow> {
  return (await send(api, 'PUT', `/api/kompetensi/${id}`, kompetensiResponse, body)).data;
}

/** DELETE /api/kompetensi/{id}: the deleted id. */
export function deleteKompetensi(api: ApiClient, id: number): Promise<number> {
  return remove(api, `/api/kompetensi/${id}`);
}

/** POST /api/grade {nama, deskripsi, kategori, items}: the created template. */
export async function createGrade(api: ApiClient, body: GradeTemplateInput): Promise<GradeRow> {
  return (await send(api, 'POST', '/api/grade', gradeResponse, body)).data;
}

/** PUT /api/grade/{id}: the updated template (its thresholds replaced as a whole). */
export async function updateGrade(api: ApiClient, id: number, body: GradeTemplateInput): Promise<GradeRow> {
  return (await send(api, 'PUT', `/api/grade/${id}`, gradeResponse, body)).data;
}

/** DELETE /api/grade/{id}: the deleted id. */
export function deleteGrade(api: ApiClient, id: number): Promise<number> {
  return remove(api, `/api/grade/${id}`);
}
