/**
 * The signature calls of a Pembimbing or BusHead (the profile page): upload the PNG
 * (multipart, field `signature`), delete it, and read an image through the API client, since
 * an <img src> cannot send the Bearer header. Failures are ApiErrors whose message is the
 * server's text, else the product's fallback text.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import { MSG } from '@/domain/messages';
import { DOCUMENT_MIME, SIGNATURE_MAX_BYTES, SIGNATURE_MSG } from '@/domain/sertifikat';
import { sessionUserSchema, type SessionUser } from './auth';
import type { ApiClient } from './client';

const signatureResponseSchema = lazySchema(() => z.object({ data: sessionUserSchema, message: z.string().optional() }));

/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Client-side checks before an upload: a PNG of at most 1 MB. */
/** Why `file` may not be uploaded as a signature, or null when it may (PNG bytes, ≤ 1 MB). */
export async function signatureFileProblem(file: Blob): Promise<string | null> {
  if (file.size > SIGNATURE_MAX_BYTES) return SIGNATURE_MSG.tooLarge;
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  const isPng = PNG_SIGNATURE.every((byte, index) => head[index] === byte);
  return isPng ? null : SIGNATURE_MSG.notPng;
}

/** POST /api/users/signature (multipart field `signature`): the updated user and the server's message. */
export async function uploadSignature(api: ApiClient, file: Blob, fileName = 'signature.png'): Promise<{ user: SessionUser; message: string }> {
  const form = new FormData();
  form.append('signature', file, fileName);
  const res = await api.post('/api/users/signature', form, {
    schema: signatureResponseSchema,
    fallbackMessage: MSG.signatureUploadFailed,
  });
  return { user: res.data, message: res.message ?? MSG.signatureUploaded };
}

/** DELETE /api/users/signature: the updated user and the server's message. */
export async function deleteSignature(api: ApiClient): Promise<{ user: SessionUser; message: string }> {
  const res = await api.delete('/api/users/signature', {
    schema: signatureResponseSchema,
    fallbackMessage: MSG.signatureDeleteFailed,
  });
  return { user: res.data, message: res.message ?? MSG.signatureDeleted };
}

/** The image at `signatureUrl` (the profile's `signature_url`) as a PNG Blob. */
export async function fetchSignatureImage(api: ApiClient, signatureUrl: string, signal?: AbortSignal): Promise<Blob> {
  const res = await api.getBytes(signatureUrl, { signal });
  if (!res) throw new Error('not modified');
  return new Blob([res.bytes as Uint8Array<ArrayBuffer>], { type: DOCUMENT_MIME.png });
}
