// /api/push: Web Push to the installed app. Every logged-in user reads the server's VAPID public
// key and adds or removes its own device's subscription. With push off (no VAPID_SUBJECT) every
// route answers 503 with the reason — after the body is checked: a bad body is 400 either way.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUSH_MSG, pushKeyAnswerSchema, pushMessageAnswerSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../src/domain/push';
import { currentUser, requireRole } from '../auth/plugin';
import type { Config } from '../config';
import { HttpError } from '../http-error';
import { subscribe, unsubscribe } from '../services/push-langganan';
import { parseInput } from '../validation';

/** The VAPID keys, or 503 when push is off. */
function vapidOf(config: Config): NonNullable<Config['vapid']> {
  if (!config.vapid) throw new HttpError(503, PUSH_MSG.disabled);
  return config.vapid;
}

/** Registers GET /kunci, POST /langganan, DELETE /langganan (mounted at /api/push). */
export default async function pushRoutes(app: FastifyInstance): Promise<void> {
  const disabled = { 503: 'Push is off on this server (no `VAPID_SUBJECT`): `Notifikasi push tidak diaktifkan di server ini.`' };

  const keyDoc = {
    summary: 'The VAPID public key to subscribe with',
    description: "The `applicationServerKey` of `PushManager.subscribe()`: the server's P-256 public key, base64url (uncompressed point).",
    response: { description: '`{publicKey}`', schema: pushKeyAnswerSchema },
    errors: disabled,
  };
  app.get('/kunci', { preHandler: requireRole(), config: { openapi: keyDoc } }, async () => ({ publicKey: vapidOf(app.config).publicKey }));

  const subscribeDoc = {
    summary: "Store this device's push subscription for the caller",
    description:
      "The body is `PushSubscription.toJSON()` (`endpoint` an https URL of the push service, `keys.p256dh`, `keys.auth`). One subscription per device: the same endpoint again replaces the stored one and belongs to the caller from now on (another user's on a shared device stops receiving). The caller's notifications are pushed to it from then on, except in the quiet hours.",
    body: pushSubscriptionSchema,
    response: { description: '`Langganan notifikasi disimpan`', schema: pushMessageAnswerSchema },
    errors: { 400: 'Not a push subscription (endpoint not https, keys missing or not base64url)', ...disabled },
  };
  app.post('/langganan', { preHandler: requireRole(), config: { openapi: subscribeDoc } }, async (request: FastifyRequest) => {
    const body = parseInput(pushSubscriptionSchema, request.body);
    vapidOf(app.config);
    await subscribe(app.db, currentUser(request), body);
    return { message: PUSH_MSG.subscribed };
  });

  const unsubscribeDoc = {
    summary: "Remove this device's push subscription of the caller",
    description: "Removes the caller's subscription with this `endpoint` (at logout). Another user's, or an unknown one, is left as it is: the answer is the same.",
    body: pushUnsubscribeSchema,
    response: { description: '`Langganan notifikasi dihapus`', schema: pushMessageAnswerSchema },
    errors: { 400: 'An endpoint that is not an https URL' },
  };
  app.delete('/langganan', { preHandler: requireRole(), config: { openapi: unsubscribeDoc } }, async (request: FastifyRequest) => {
    const { endpoint } = parseInput(pushUnsubscribeSchema, request.body);
    await unsubscribe(app.db, currentUser(request), endpoint);
    return { message: PUSH_MSG.unsubscribed };
  });
}
