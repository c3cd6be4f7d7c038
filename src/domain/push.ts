/**
 * Web Push of notifications to an installed app: the subscription a device sends, the message a
 * push carries, the quiet hours and the retry backoff. Pure: the server's queue and sender, the
 * service worker and the opt-in screens all read these rules and texts from here.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { type NotifikasiFakta, type NotifikasiJenis, notifikasiText } from './notifikasi';

/** Texts of push: the opt-in, its states and the API's answers. */
export const PUSH_MSG = {
  enable: 'Aktifkan notifikasi',
  enabling: 'Mengaktifkan notifikasi...',
  active: 'Notifikasi aktif',
  activeHint: 'Perangkat ini menerima notifikasi walau aplikasi tertutup.',
  offer: 'Terima pemberitahuan di perangkat ini saat ada peserta menunggu, ditolak atau sertifikat siap.',
  denied:
    'Notifikasi diblokir untuk aplikasi ini. Izinkan lewat pengaturan situs di browser (ikon gembok di samping alamat → Notifikasi → Izinkan), lalu coba lagi.',
  needsInstall: 'Pasang aplikasi ke Layar Utama untuk menerima notifikasi',
  needsInstallHint: 'Di iPhone/iPad: buka menu Bagikan, pilih "Tambah ke Layar Utama", lalu buka aplikasi dari ikonnya.',
  unsupported: 'Browser ini tidak mendukung notifikasi push.',
  failed: 'Notifikasi gagal diaktifkan. Periksa koneksi lalu coba lagi.',
  disabled: 'Notifikasi push tidak diaktifkan di server ini.',
  subscribed: 'Langganan notifikasi disimpan',
  unsubscribed: 'Langganan notifikasi dihapus',
  endpointInvalid: 'endpoint harus alamat https:// layanan push',
  keyInvalid: 'keys.p256dh dan keys.auth harus kunci base64url dari PushSubscription',
  morningTitle: 'Notifikasi semalam',
  morningBody: (count: number) => `${count} notifikasi baru menunggu Anda`,
} as const;

/** Characters of a base64url text (what PushSubscription.toJSON() gives for its keys). */
const BASE64URL_RE = /^[A-Za-z0-9_-]+={0,2}$/;
/** An endpoint longer than this is no push service's. */
const ENDPOINT_MAX_CHARS = 2048;

const httpsUrl = z
  .string({ error: PUSH_MSG.endpointInvalid })
  .max(ENDPOINT_MAX_CHARS, PUSH_MSG.endpointInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, PUSH_MSG.endpointInvalid);

/** A base64url key of `min`..`max` characters: p256dh is a 65-byte point (87 chars), auth 16 bytes (22). */
const base64urlKey = (min: number, max: number) =>
  z.string({ error: PUSH_MSG.keyInvalid }).min(min, PUSH_MSG.keyInvalid).max(max, PUSH_MSG.keyInvalid).regex(BASE64URL_RE, PUSH_MSG.keyInvalid);

/** Body of POST /api/push/langganan: a PushSubscription's JSON. */
export const pushSubscriptionSchema = lazySchema(() =>
  z.object({
    endpoint: httpsUrl,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64urlKey(86, 90), auth: base64urlKey(21, 24) }, { error: PUSH_MSG.keyInvalid }),
  }),
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Body of DELETE /api/push/langganan. */
export const pushUnsubscribeSchema = lazySchema(() => z.object({ endpoint: httpsUrl }));

/** Answer of GET /api/push/kunci: the server's VAPID public key (base64url), for `applicationServerKey`. */
export const pushKeyAnswerSchema = lazySchema(() => z.object({ publicKey: z.string() }));

/** Answer of POST / DELETE /api/push/langganan. */
export const pushMessageAnswerSchema = lazySchema(() => z.object({ message: z.string() }));

/** What one push carries; the service worker shows it as it is. */
export const pushPayloadSchema = lazySchema(() =>
  z.object({ judul: z.string(), isi: z.string(), tautan: z.string(), tag: z.string() }),
);
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * The push of a notification: its Indonesian title and text, its link, and a tag naming the
 * notification (kind and link), so a digest that grew replaces the one shown before.
 */
export function pushPayload(jenis: NotifikasiJenis, fakta: NotifikasiFakta, jumlah: number, tautan: string): PushPayload {
  return { ...notifikasiText(jenis, fakta, jumlah), tautan, tag: `notifikasi-${jenis}-${tautan}` };
}

/** Where the morning digest leads: the inbox. */
export const PUSH_INBOX_TAUTAN = '/notifikasi';
const MORNING_TAG = 'notifikasi-pagi';

/**
 * The one push of the notifications held back by the quiet hours (oldest first): the latest
 * of them when they are all one notification (one tag), else a count that opens the inbox.
 */
export function morningPayload(held: readonly PushPayload[]): PushPayload | null {
  const last = held.at(-1);
  if (!last) return null;
  const tags = new Set(held.map((payload) => payload.tag));
  if (tags.size === 1) return last;
  return { judul: PUSH_MSG.morningTitle, isi: PUSH_MSG.morningBody(tags.size), tautan: PUSH_INBOX_TAUTAN, tag: MORNING_TAG };
}

/** Quiet hours: from `mulai` o'clock to `selesai` o'clock, Jakarta time (may wrap past midnight). */
export interface JamTenang {
  mulai: number;
  selesai: number;
}

export const DEFAULT_JAM_TENANG = '21-6';
const JAM_TENANG_RE = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/;

/** PUSH_JAM_TENANG ('21-6': from 21:00 to 06:00) as hours; 'mati' or '' for none; null when malformed. */
export function parseJamTenang(value: string | undefined): JamTenang | 'mati' | null {
  const text = (value ?? DEFAULT_JAM_TENANG).trim().toLowerCase();
  if (text === 'mati' || text === 'off') return 'mati';
  const match = JAM_TENANG_RE.exec(text);
  if (!match) return null;
  const mulai = Number(match[1]);
  const selesai = Number(match[2]);
  if (mulai > 23 || selesai > 23 || mulai === selesai) return null;
  return { mulai, selesai };
}

/** Asia/Jakarta is UTC+7 all year (no daylight saving time). */
const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When the quiet hours holding `now` end, or null when `now` is outside them: a push made in
 * the quiet hours waits until then.
 */
export function jamTenangEnd(now: Date, jam: JamTenang | 'mati'): Date | null {
  if (jam === 'mati') return null;
  const local = now.getTime() + JAKARTA_OFFSET_MS;
  const hour = Math.floor((local % DAY_MS) / HOUR_MS);
  const quiet = jam.mulai < jam.selesai ? hour >= jam.mulai && hour < jam.selesai : hour >= jam.mulai || hour < jam.selesai;
  if (!quiet) return null;
  const dayStart = local - (local % DAY_MS);
  const endToday = dayStart + jam.selesai * HOUR_MS;
  const end = endToday > local ? endToday : endToday + DAY_MS;
  return new Date(end - JAKARTA_OFFSET_MS);
}

/** A push not sent within two days is news no more: it is dropped unsent. */
export const PUSH_MAX_AGE_MS = 2 * 24 * 3_600_000;

/** Sends of one push before it is given up. */
export const PUSH_MAX_ATTEMPTS = 8;
const BACKOFF_FIRST_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

/** How long a push waits after its `attempts`-th failed send: 30 s doubling to 1 h; null once given up. */
export function pushBackoffMs(attempts: number): number | null {
  if (attempts >= PUSH_MAX_ATTEMPTS) return null;
  return Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** What a push service's answer means for the push: sent, retry later, give it up, or the subscription is gone. */
export function pushOutcome(status: number | null): 'sent' | 'retry' | 'drop' | 'gone' {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'drop';
}

/**
 * Whether this device can receive push: 'ios-browser' when it is an iPhone / iPad in the
 * browser (push needs the app installed to the home screen there), 'unsupported' without the
 * APIs, else 'ok'.
 */
export function pushSupport(env: { userAgent: string; maxTouchPoints: number; standalone: boolean; hasPushManager: boolean; hasNotification: boolean }): 'ok' | 'ios-browser' | 'unsupported' {
  const ios = /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);
  if (ios && !env.standalone) return 'ios-browser';
  if (!env.hasPushManager || !env.hasNotification) return 'unsupported';
  return 'ok';
}
