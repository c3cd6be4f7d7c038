/**
 * This device's Web Push subscription and the server's copy of it. The opt-in (enablePush) runs
 * only from a tap: it asks permission, subscribes with the server's VAPID key and sends the
 * subscription, and records on this device that this user opted in. At each start with permission
 * granted the current subscription is sent again for a user who opted in here (resyncPush: the
 * server may have dropped it, or another user subscribed this device) — never for another user
 * of a shared device, who must tap for themselves; at logout the server's copy is removed
 * (forgetPush), so the next user of the device is not told the previous one's news.
 */
import { type ApiClient, isApiError } from '@/api/client';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '@/api/push';
import { pushSupport } from '@/domain/push';

/** Where push stands on this device. */
export type PushState = 'unsupported' | 'ios-browser' | 'denied' | 'prompt' | 'active' | 'granted';

function support(): ReturnType<typeof pushSupport> {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return pushSupport({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone,
    hasPushManager: 'PushManager' in window && 'serviceWorker' in navigator,
    hasNotification: 'Notification' in window,
  });
}

/** The service worker's registration, once one is active (null without one within 10 s). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([ready, timeout]);
}

/** The users who tapped 'Aktifkan notifikasi' on this device (browser storage; not the mirror, which a logout clears). */
const OPTED_IN_KEY = 'magang:push-opted-in';

function optedIn(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OPTED_IN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function recordOptIn(userId: number): void {
  const ids = optedIn();
  if (!ids.includes(userId)) localStorage.setItem(OPTED_IN_KEY, JSON.stringify([...ids, userId]));
}

let serverPush: Promise<boolean> | undefined;

/** Whether the server has push on (its key answers; 503 when off), asked once per page load; unreachable counts as on. */
export function serverHasPush(api: ApiClient): Promise<boolean> {
  serverPush ??= fetchPushKey(api).then(
    () => true,
    (error: unknown) => {
      const off = isApiError(error) && error.status === 503;
      if (!off) serverPush = undefined;
      return !off;
    },
  );
  return serverPush;
}

/** The state shown to `userId` by the opt-in, read without asking anything: active only for a user who opted in here. */
export async function readPushState(userId: number | null): Promise<PushState> {
  const supported = support();
  if (supported !== 'ok') return supported;
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission === 'default') return 'prompt';
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  return subscription && userId !== null && optedIn().includes(userId) ? 'active' : 'granted';
}

/** The key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** This device's subscription, made with the server's key when there is none yet (permission granted). */
async function currentSubscription(api: ApiClient): Promise<PushSubscription | null> {
  const reg = await registration();
  if (!reg) return null;
  const existing = await reg.pushManager.getSubscription();
  if (existing) return existing;
  const key = await fetchPushKey(api);
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
}

/** The opt-in of `userId`, from a tap: asks permission, subscribes and sends the subscription. Answers the state after. */
export async function enablePush(api: ApiClient, userId: number): Promise<PushState> {
  const supported = support();
  if (supported !== 'ok') return supported;
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'prompt';
  const subscription = await currentSubscription(api);
  if (!subscription) throw new Error('no service worker');
  await savePushSubscription(api, subscription.toJSON());
  recordOptIn(userId);
  return 'active';
}

/** At start: for a user who opted in on this device, sends its subscription again (never asks nor subscribes anything). */
export async function resyncPush(api: ApiClient, userId: number): Promise<void> {
  if (support() !== 'ok' || Notification.permission !== 'granted' || !optedIn().includes(userId)) return;
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) await savePushSubscription(api, subscription.toJSON());
}

/** At logout of a user who opted in here (while the token still works): removes the server's copy of this device's subscription. */
export async function forgetPush(api: ApiClient, userId: number): Promise<void> {
  if (support() !== 'ok' || Notification.permission !== 'granted' || !optedIn().includes(userId)) return;
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) await deletePushSubscription(api, subscription.endpoint);
}
