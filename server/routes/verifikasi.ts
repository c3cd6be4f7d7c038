// /api/verifikasi: the public check of an issued certificate by its code (no token: anyone
// holding the printed certificate, or its QR code, may check it). Rate limited per client
// address; what it answers and what it never shows: server/services/verifikasi.ts.
import type { FastifyInstance } from 'fastify';
import { SERVER_MSG } from '../../src/domain/messages';
import { DOCUMENT_MIME } from '../../src/domain/sertifikat';
import { TERBIT_MSG, verifikasiOrganisasiResponseSchema, verifikasiResponseSchema } from '../../src/domain/sertifikat-terbit';
import { HttpError } from '../http-error';
import { logoHash, readLogo } from '../services/organisasi';
import { VERIFIKASI_MAX_CHECKS, createVerifikasiRateLimiter, verifikasiOf } from '../services/verifikasi';

/** Registers GET /organisasi, GET /organisasi/logo and GET /:kode (mounted at /api/verifikasi). */
export default async function verifikasiRoutes(app: FastifyInstance): Promise<void> {
  // Counts in the database: shared by every instance on one PostgreSQL.
  const limiter = createVerifikasiRateLimiter(app.db);

  // The page's header: whose certificates these are. Public like the page; nothing personal.
  const organisasiDoc = {
    summary: 'The organisation the verification page belongs to (public)',
    description:
      "Its name (ORGANISASI_NAMA), its contact line for questions about a certificate (ORGANISASI_KONTAK, null when unset) and the SHA-256 of its current logo (null without one; the PNG is `GET /api/verifikasi/organisasi/logo`).",
    public: true,
    response: { description: '`{nama, kontak, logo}`', schema: verifikasiOrganisasiResponseSchema },
  } as const;
  app.get('/organisasi', { config: { openapi: organisasiDoc } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { data: { nama: app.config.organisasi.nama, kontak: app.config.organisasiKontak ?? null, logo: await logoHash(app.db) } };
  });

  const logoDoc = {
    summary: "The organisation's current logo PNG (public)",
    description: 'The logo printed on its certificates, for the verification page\'s header. `ETag: "<sha256>"`; with `?v=<sha256>` it may be cached for good.',
    public: true,
    response: { description: 'The PNG', media: DOCUMENT_MIME.png },
    errors: { 404: 'No logo is set' },
  } as const;
  app.get('/organisasi/logo', { config: { openapi: logoDoc } }, async (_request, reply) => {
    const stored = await readLogo(app.db);
    if (!stored) throw new HttpError(404, SERVER_MSG.notFound);
    reply.header('etag', `"${stored.sha256}"`).header('cache-control', 'public, max-age=300');
    return reply.type(DOCUMENT_MIME.png).send(Buffer.from(stored.png.buffer, stored.png.byteOffset, stored.png.byteLength));
  });

  const doc = {
    summary: 'Check an issued certificate by its verification code (public)',
    description:
      'The code as printed or typed: case, spaces and hyphens do not matter. Answers whether the certificate is valid or revoked (`dicabut`, with `dicabut_pada`), ' +
      "who it was issued to (name, level, school or campus, division, period), its number, issue date, organisation and the SHA-256 of the issued PDF. Never the NIS/NIM, scores, contacts or signers. " +
      `At most ${VERIFIKASI_MAX_CHECKS} checks per client address per minute, shared by every instance.`,
    public: true,
    response: { description: 'The certificate', schema: verifikasiResponseSchema },
    errors: {
      400: `A code longer than the longest text a code may be typed as (\`${TERBIT_MSG.invalidKode}\`)`,
      404: `No certificate has this code, or it is not a code (\`${TERBIT_MSG.kodeNotFound}\`)`,
      429: `Over ${VERIFIKASI_MAX_CHECKS} checks from this address in a minute (\`${TERBIT_MSG.tooManyChecks}\`); \`Retry-After\` gives the seconds`,
    },
  } as const;
  app.get<{ Params: { kode: string } }>('/:kode', { config: { openapi: doc } }, async (request, reply) => {
    // request.ip: the proxy's X-Forwarded-For only when TRUST_PROXY trusts that proxy.
    const retryAfter = await limiter.attempt(request.ip);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new HttpError(429, TERBIT_MSG.tooManyChecks);
    }
    const data = await verifikasiOf(app.db, request.params.kode);
    // A certificate may be revoked at any time: no copy of an answer may be kept.
    reply.header('cache-control', 'no-store');
    if (!data) throw new HttpError(404, TERBIT_MSG.kodeNotFound);
    return { data };
  });
}
