// /api/riwayat: the history (Riwayat) of a participant's scores and decisions, newest first.
// Pembimbing, HR and BusHead read every participant's; a Mentor only its own participants'
// (403 another mentor's, 404 unknown), as the other per-participant reads.
import type { FastifyInstance } from 'fastify';
import { riwayatResponseSchema } from '../../src/domain/riwayat';
import { currentUser, requireRole } from '../auth/plugin';
import { readRiwayat } from '../services/riwayat';
import { parseId } from '../validation';

/** Registers GET /peserta/:id (at /api/riwayat). */
export default async function riwayatRoutes(app: FastifyInstance): Promise<void> {
  const readDoc = {
    summary: "A participant's history of scores and decisions",
    description:
      'A Mentor only its own participants (else 403). `waktu_perangkat` is when a change that waited in the outbox was made on the device (null for one sent at once); `perubahan` lists the changed scores (empty for a decision).',
    response: { description: 'Newest first', schema: riwayatResponseSchema },
    errors: { 403: "Another mentor's participant" },
  };
  app.get<{ Params: { id: string } }>(
    '/peserta/:id',
    { preHandler: requireRole(), config: { openapi: readDoc } },
    async (request) => {
      const id = parseId(request.params.id);
      return { data: await readRiwayat(app.db, currentUser(request), id) };
    },
  );
}
