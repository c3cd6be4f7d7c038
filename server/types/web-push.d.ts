// The part of web-push (which ships no types) the sender uses.
declare module 'web-push' {
  import type { Agent } from 'node:https';

  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface RequestOptions {
    vapidDetails?: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    timeout?: number;
    agent?: Agent;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    contentEncoding?: 'aesgcm' | 'aes128gcm';
    headers?: Record<string, string>;
  }
  export interface SendResult {
    statusCode: number;
    body: string;
    headers: Record<string, string>;
  }
  export class WebPushError extends Error {
    statusCode: number;
    body: string;
    endpoint: string;
  }
  export function sendNotification(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): Promise<SendResult>;
  const webPush: { sendNotification: typeof sendNotification; WebPushError: typeof WebPushError };
  export default webPush;
}
