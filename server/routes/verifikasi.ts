// /api/verifikasi: the public check of an issued certificate by its code (no token: anyone
// holding the printed certificate, or its QR code, may check it). Rate limited per client
// address; what it answers and what it never shows: server/services/verifikasi.ts.
import type { FastifyInstance } from 'fastify';
import { TERBIT_MSG, verifikasiResponseSchema } from '../../src/domain/sertifikat-terbit';
import { HttpError } from '../http-error';
import { VERIFIKASI_MAX_CHECKS, createVerifikasiRateLimiter, verifikasiOf } from '../services/verifikasi';

/** Registers GET /:kode (mounted at /api/verifikasi). */
export default async function verifikasiRoutes(app: FastifyInstance): Promise<void> {
  // Counts in the database: shared by every instance on one PostgreSQL.
  const limiter = createVerifikasiRateLimiter(app.db);

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
