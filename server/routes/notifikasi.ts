// /api/notifikasi: the caller's own inbox — every role reads and marks only its own
// notifications (another's id answers 404, as an unknown one). Created by the changes that
// cause them (server/services/notifikasi.ts); kept 90 days.
import type { FastifyInstance } from 'fastify';
import { NOTIFIKASI_MSG, bacaSemuaBodySchema, notifikasiPullQuerySchema, notifikasiPullResponseSchema, notifikasiReadAnswerSchema } from '../../src/domain/notifikasi';
import { currentUser, requireRole } from '../auth/plugin';
import { markAllRead, markRead, pullNotifikasi } from '../services/notifikasi';
import { parseId, parseInput } from '../validation';

/** Registers GET /, POST /:id/baca, POST /baca-semua (mounted at /api/notifikasi). */
export default async function notifikasiRoutes(app: FastifyInstance): Promise<void> {
  const pullDoc = {
    summary: "The caller's notifications, newest first",
    description:
      'With `since` (the cursor of the previous answer) only those changed since, and in `deleted` the ids of digests emptied since (no participant waits any more). `belum_dibaca`: the unread count. Texts are Indonesian; `tautan` is the screen the notification leads to.',
    querystring: notifikasiPullQuerySchema,
    response: { description: '`data`, the `cursor` of the next pull and `belum_dibaca`', schema: notifikasiPullResponseSchema },
    errors: { 400: 'A `since` that is not a cursor' },
  };
  app.get('/', { preHandler: requireRole(), config: { openapi: pullDoc } }, async (request) => {
    const { since } = parseInput(notifikasiPullQuerySchema, request.query);
    return pullNotifikasi(app.db, currentUser(request), since === undefined ? undefined : Number(since));
  });

  const readDoc = {
    summary: 'Mark one of the caller’s notifications read',
    description: 'Marking a read one again changes nothing. Another user’s notification answers 404.',
    response: { description: '`Notifikasi ditandai dibaca` and the unread count', schema: notifikasiReadAnswerSchema },
    errors: { 404: 'No such notification of the caller' },
  };
  app.post<{ Params: { id: string } }>('/:id/baca', { preHandler: requireRole(), config: { openapi: readDoc } }, async (request) => {
    const id = parseId(request.params.id);
    const belum_dibaca = await markRead(app.db, currentUser(request), id);
    return { message: NOTIFIKASI_MSG.read, belum_dibaca };
  });

  const allDoc = {
    summary: 'Mark every notification of the caller read',
    description: 'With `sampai` (ISO 8601), only those made until then: one that arrived after the user looked stays unread.',
    body: bacaSemuaBodySchema,
    response: { description: '`Semua notifikasi ditandai dibaca` and the unread count', schema: notifikasiReadAnswerSchema },
    errors: { 400: 'A `sampai` that is not an ISO 8601 time' },
  };
  app.post('/baca-semua', { preHandler: requireRole(), config: { openapi: allDoc } }, async (request) => {
    const { sampai } = parseInput(bacaSemuaBodySchema, request.body);
    const belum_dibaca = await markAllRead(app.db, currentUser(request), sampai);
    return { message: NOTIFIKASI_MSG.allRead, belum_dibaca };
  });
}
