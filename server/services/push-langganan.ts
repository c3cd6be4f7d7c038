// The caller's Web Push subscriptions: one row per device (endpoint); a device that subscribes
// again, for the same or another user, keeps one row, now the caller's. A user removes only its
// own; the sender removes one the push service says is gone (404 / 410).
import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../src/domain/push';
import type { AuthUser } from '../auth/plugin';
import type { Db } from '../db/client';
import { pushLangganan } from '../db/schema-push';

/** POST /api/push/langganan: stores the device's subscription for the caller (upsert by endpoint). */
export async function subscribe(db: Db, user: AuthUser, input: PushSubscriptionInput): Promise<void> {
  const values = { user_id: user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db
    .insert(pushLangganan)
    .values(values)
    .onConflictDoUpdate({ target: pushLangganan.endpoint, set: { user_id: values.user_id, p256dh: values.p256dh, auth: values.auth } });
}

/** DELETE /api/push/langganan: removes the caller's subscription of `endpoint` (another's, or none, changes nothing). */
export async function unsubscribe(db: Db, user: AuthUser, endpoint: string): Promise<void> {
  await db.delete(pushLangganan).where(and(eq(pushLangganan.endpoint, endpoint), eq(pushLangganan.user_id, user.id)));
}
