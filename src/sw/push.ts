/**
 * Web Push in the service worker: a `push` shows the notification the server sent (its
 * Indonesian title and text, the app icon, its tag so a newer digest replaces the older, its
 * link in `data.tautan`); a click focuses an open window of the app and navigates it to the
 * link, or opens one there. The message's shape is the domain's (pushPayloadSchema).
 */
import { type PushPayload, pushPayloadSchema } from '@/domain/push';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

/** The payload of a push, or null for one that is not ours (shown as nothing). */
function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const parsed = pushPayloadSchema.safeParse(event.data?.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A link inside the app (same origin), else the start page: a push never opens another site. */
function targetUrl(tautan: unknown): string {
  const url = new URL(typeof tautan === 'string' ? tautan : '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
}

export function installPushHandlers(): void {
  self.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    if (!payload) return;
    event.waitUntil(
      self.registration.showNotification(payload.judul, {
        body: payload.isi,
        icon: ICON,
        badge: ICON,
        tag: payload.tag,
        lang: 'id',
        data: { tautan: payload.tautan },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = targetUrl((event.notification.data as { tautan?: unknown } | null)?.tautan);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) {
          // Focus may be refused (no user activation); the window is still taken to the link.
          await open.focus().catch(() => undefined);
          // A window this worker does not control cannot be navigated: a new one opens instead.
          if (await open.navigate(url).catch(() => null)) return;
        }
        await self.clients.openWindow(url);
      })(),
    );
  });
}
