/** Typed calls of the Web Push API: the VAPID key, and this device's subscription of the caller. */
import { pushKeyAnswerSchema, pushMessageAnswerSchema } from '@/domain/push';
import type { ApiClient } from './client';

/** The server's VAPID public key (base64url); rejects with the ApiError (503 when push is off). */
export async function fetchPushKey(api: ApiClient): Promise<string> {
  const { publicKey } = await api.get('/api/push/kunci', pushKeyAnswerSchema);
  return publicKey;
}

/** Stores this device's subscription (PushSubscription.toJSON()) for the caller. */
export async function savePushSubscription(api: ApiClient, subscription: unknown): Promise<void> {
  await api.post('/api/push/langganan', subscription, { schema: pushMessageAnswerSchema });
}

/** Removes this device's subscription of the caller. */
export async function deletePushSubscription(api: ApiClient, endpoint: string): Promise<void> {
  await api.delete('/api/push/langganan', { body: { endpoint }, schema: pushMessageAnswerSchema });
}
