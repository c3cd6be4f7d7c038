/**
 * Participant calls of the API (plus the bulk import, POST /api/peserta/bulk): read one
 * participant, create, update, delete, add many, and the lookups a CSV import matches names
 * against. Mutations are online-only (no outbox): offline they reject at once with
 * MSG.offlineCannotSave. Lists are read through the mirror pull of src/sync/pull-peserta.ts.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import type { CsvLookups } from '@/domain/csv-peserta';
import type { Jenjang } from '@/domain/master-data';
import { divisiRowSchema, instansiRowSchema, listResponseSchema, userRowSchema } from '@/domain/master-records';
import { MSG } from '@/domain/messages';
import {
  type Peserta,
  type PesertaBulkResult,
  type PesertaCreate,
  type PesertaUpdate,
  pesertaBulkResponseSchema,
  pesertaSchema,
} from '@/domain/peserta';
import { ApiError, isApiError, type ApiClient } from './client';

/** A bulk import chunk may take longer than a single call (1,000 rows, checked and inserted). */
const PESERTA_BULK_TIMEOUT_MS = 120_000;

/** Longest raw response body shown as an error text. */
const RAW_BODY_MAX_CHARS = 300;

const itemResponse = lazySchema(() => z.object({ data: pesertaSchema }));
const deletedResponse = lazySchema(() => z.object({ data: z.object({ id: z.number().int() }) }));

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A response body as text: a non-empty string as is, an object as JSON; null when there is nothing. */
function rawBodyText(body: unknown): string | null {
  let text: string | null = null;
  if (typeof body === 'string') text = body.trim();
  else if (body !== null && typeof body === 'object' && Object.keys(body).length > 0) text = JSON.stringify(body);
  if (!text) return null;
  return text.length > RAW_BODY_MAX_CHARS ? `${text.slice(0, RAW_BODY_MAX_CHARS)}…` : text;
}

/**
 * The text a failed participant call shows: 'Tidak dapat menyimpan saat offline' when
 * the server was not reached, else the server's message, else the raw response
 * body, else `fallback` ('Gagal menyimpan data' / 'Gagal menghapus data').
 */
export function pesertaErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return MSG.offlineCannotSave;
    return error.serverMessage ?? rawBodyText(error.body) ?? fallback;
  }
  return fallback;
}

async function send<T>(api: ApiClient, method: 'POST' | 'PUT' | 'DELETE', path: string, schema: z.ZodType<T>, body?: unknown, timeoutMs?: number): Promise<T> {
  if (isOffline()) throw new ApiError(0, MSG.offlineCannotSave);
  return api.request(method, path, { body, schema, networkMessage: MSG.offlineCannotSave, timeoutMs });
}

/** GET /api/peserta/{id}: one participant in the API shape (pesertaSchema). */
export async function fetchPeserta(api: ApiClient, id: number): Promise<Peserta> {
  return (await api.get(`/api/peserta/${id}`, itemResponse)).data;
}

/** POST /api/peserta: the created participant (400 'Semua field wajib diisi', wrong-kind references; 409 NIS / NIM taken in the institution). */
export async function createPeserta(api: ApiClient, body: PesertaCreate): Promise<Peserta> {
  return (await send(api, 'POST', '/api/peserta', itemResponse, body)).data;
}

/** PUT /api/peserta/{id} with the non-empty changed fields only: the updated participant. */
export async function updatePeserta(api: ApiClient, id: number, body: PesertaUpdate): Promise<Peserta> {
  return (await send(api, 'PUT', `/api/peserta/${id}`, itemResponse, body)).data;
}

/** DELETE /api/peserta/{id} (its scores and reviews go too): the deleted id. */
export async function deletePeserta(api: ApiClient, id: number): Promise<number> {
  return (await send(api, 'DELETE', `/api/peserta/${id}`, deletedResponse)).data.id;
}

/** POST /api/peserta/bulk: each row's outcome by its index in `rows` (≤ 5,000 rows, each atomic). */
export async function bulkCreatePeserta(
  api: ApiClient,
  jenjang: Jenjang,
  rows: readonly PesertaCreate[],
): Promise<{ created: number; results: PesertaBulkResult[] }> {
  return (await send(api, 'POST', '/api/peserta/bulk', pesertaBulkResponseSchema, { jenjang, rows }, PESERTA_BULK_TIMEOUT_MS)).data;
}

const instansiList = lazySchema(() => listResponseSchema(instansiRowSchema));
const divisiList = lazySchema(() => listResponseSchema(divisiRowSchema));
const userList = lazySchema(() => listResponseSchema(userRowSchema));

/**
 * What a CSV import matches names against, fetched fresh: GET /api/instansi,
 * /api/divisi, /api/users/role/Mentor and /api/users/role/Pembimbing.
 */
export async function fetchCsvLookups(api: ApiClient): Promise<CsvLookups> {
  if (isOffline()) throw new ApiError(0, MSG.offlineCannotSave);
  const options = { networkMessage: MSG.offlineCannotSave };
  const [instansi, divisi, mentors, pembimbing] = await Promise.all([
    api.get('/api/instansi', instansiList, options),
    api.get('/api/divisi', divisiList, options),
    api.get('/api/users/role/Mentor', userList, options),
    api.get('/api/users/role/Pembimbing', userList, options),
  ]);
  return {
    instansi: instansi.data.map(({ id, nama, jenis }) => ({ id, nama, jenis })),
    divisi: divisi.data.map(({ id, nama }) => ({ id, nama })),
    mentors: mentors.data.map(({ id, username }) => ({ id, username })),
    pembimbing: pembimbing.data.map(({ id, username }) => ({ id, username })),
  };
}
