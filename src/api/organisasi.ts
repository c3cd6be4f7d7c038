/**
 * The organisation's logo calls (HR's 'Logo Organisasi' panel): upload the PNG (multipart, field
 * `logo`), delete it, and read it through the API client (an <img src> cannot send the Bearer
 * header). Failures are ApiErrors whose message is the server's text, else the product's
 * fallback text.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import { LOGO_FIELD, LOGO_MSG } from '@/domain/organisasi';
import { DOCUMENT_MIME } from '@/domain/sertifikat';
import { ApiError, type ApiClient } from './client';

const LOGO_PATH = '/api/organisasi/logo';

const logoStateResponseSchema = lazySchema(() => z.object({ data: z.object({ logo: z.string().nullable() }), message: z.string().optional() }));

/** POST /api/organisasi/logo: the new logo's SHA-256 and the server's message. */
export async function uploadLogo(api: ApiClient, file: Blob, fileName = 'logo.png'): Promise<{ logo: string | null; message: string }> {
  const form = new FormData();
  form.append(LOGO_FIELD, file, fileName);
  const res = await api.post(LOGO_PATH, form, { schema: logoStateResponseSchema, fallbackMessage: LOGO_MSG.uploadFailed });
  return { logo: res.data.logo, message: res.message ?? LOGO_MSG.uploaded };
}

/** DELETE /api/organisasi/logo: the server's message. */
export async function deleteLogo(api: ApiClient): Promise<{ message: string }> {
  const res = await api.delete(LOGO_PATH, { schema: logoStateResponseSchema, fallbackMessage: LOGO_MSG.deleteFailed });
  return { message: res.message ?? LOGO_MSG.deleted };
}

/** GET /api/organisasi/logo: the current logo as a PNG Blob, or null when none is set. */
export async function fetchLogo(api: ApiClient, signal?: AbortSignal): Promise<Blob | null> {
  try {
    const res = await api.getBytes(LOGO_PATH, { signal });
    if (!res) throw new Error('not modified');
    return new Blob([res.bytes as Uint8Array<ArrayBuffer>], { type: DOCUMENT_MIME.png });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
