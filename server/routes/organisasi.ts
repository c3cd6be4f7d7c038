// /api/organisasi: organisation-wide settings HR manages. The logo: HR uploads (multipart PNG,
// field `logo`, at most 1 MB) and deletes it; any logged-in user reads it (the screens preview
// it). Issued certificates keep the logo they froze; see services/organisasi.ts.
import { sha256Schema } from '../../src/domain/sha256';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { LOGO_FIELD, LOGO_MAX_BYTES, LOGO_MSG } from '../../src/domain/organisasi';
import { SERVER_MSG } from '../../src/domain/messages';
import { DOCUMENT_MIME } from '../../src/domain/sertifikat';
import { requireRole } from '../auth/plugin';
import { HttpError } from '../http-error';
import { etagMatches, fileUpload, registerUpload } from '../http-upload';
import { deleteLogo, logoHash, readLogo, saveLogo } from '../services/organisasi';

/** The answer of an upload or a delete: the current logo's SHA-256 (null: none) and a message. */
const logoStateResponseSchema = z.object({
  data: z.object({ logo: sha256Schema.nullable() }),
  message: z.string(),
});

/** Registers POST, DELETE and GET /logo (mounted at /api/organisasi). */
export default async function organisasiRoutes(app: FastifyInstance): Promise<void> {
  const hrOnly = requireRole('HR');
  const withMessage = { description: "`data.logo`: the current logo's SHA-256 (null without one), and a message", schema: logoStateResponseSchema };
  const uploadDoc = {
    summary: "Upload the organisation's logo (PNG), replacing any",
    description: 'Printed at the head of certificates and Daftar Nilai issued from now on; issued ones keep their logo until re-issued.',
    bodyMedia: 'multipart/form-data',
    body: z.object({ [LOGO_FIELD]: z.file().mime('image/png').max(LOGO_MAX_BYTES) }),
    response: withMessage,
    errors: {
      400: 'No `logo` file, a second file, or a malformed body',
      413: 'File over 1 MB',
      415: 'Not multipart, or not a real PNG (magic, IHDR ≤ 4000 px, chunk CRCs, IEND)',
    },
  } as const;

  // Multipart only here, with the logo's limits; the role is checked before the body is read.
  await app.register(async (upload) => {
    await registerUpload(upload, LOGO_MAX_BYTES);
    upload.post('/logo', { onRequest: hrOnly as onRequestAsyncHookHandler, config: { openapi: uploadDoc } }, async (request) => {
      const png = await fileUpload(request, LOGO_FIELD, LOGO_MSG);
      return { data: await saveLogo(app.db, png), message: LOGO_MSG.uploaded };
    });
  });

  const removeDoc = { summary: "Delete the organisation's logo (also without one); issued certificates keep theirs", response: withMessage };
  app.delete('/logo', { preHandler: hrOnly, config: { openapi: removeDoc } }, async () => ({
    data: await deleteLogo(app.db),
    message: LOGO_MSG.deleted,
  }));

  const readDoc = {
    summary: "The organisation's current logo PNG",
    description: 'For any logged-in user. `ETag: "<sha256>"`, `Cache-Control: private, no-cache`.',
    headers: { 'If-None-Match': 'The ETag of a copy held: 304 when it is current' },
    response: { description: 'The PNG', media: DOCUMENT_MIME.png },
    answers: { 304: 'The copy held is current' },
    errors: { 404: 'No logo is set' },
  } as const;
  app.get('/logo', { preHandler: requireRole(), config: { openapi: readDoc } }, async (request, reply) => {
    const hash = await logoHash(app.db);
    if (!hash) throw new HttpError(404, SERVER_MSG.notFound);
    const etag = `"${hash}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const stored = await readLogo(app.db);
    if (!stored) throw new HttpError(404, SERVER_MSG.notFound);
    // The bytes read may be newer than the hash checked: name the version actually sent.
    reply.header('etag', `"${stored.sha256}"`);
    return reply.type(DOCUMENT_MIME.png).send(Buffer.from(stored.png.buffer, stored.png.byteOffset, stored.png.byteLength));
  });
}
