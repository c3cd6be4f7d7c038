// The push queue's sender. Any number of instances may drain one queue: a drain claims the due
// pushes of up to `batch` subscriptions (their rows locked FOR NO KEY UPDATE SKIP LOCKED, so two
// instances never claim the same subscription at once) by setting a lease, sends outside any
// transaction, then deletes what was sent. A crashed sender's lease runs out and another takes
// over. In the quiet hours nothing is sent: every due push is held until they end and marked
// `pagi`; a subscription's held pushes then go as one morning push (morningPayload). Pushes of
// one notification (one tag) claimed together go once, the latest text.
import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import { type JamTenang, PUSH_MAX_AGE_MS, type PushPayload, jamTenangEnd, morningPayload, pushBackoffMs, pushOutcome } from '../../src/domain/push';
import type { VapidKeys } from '../config';
import { intArray } from '../db/list-params';
import { type Db, rowsOf } from '../db/client';

/** A subscription as web-push takes it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends one encrypted push; answers the push service's status, or null when it was not reached. */
export type PushTransport = (target: PushTarget, payload: PushPayload) => Promise<number | null>;

/** How long a push service keeps an undelivered push for an offline device. */
const PUSH_TTL_SECONDS = 12 * 3600;
const SEND_TIMEOUT_MS = 15_000;

/** The transport of web-push: aes128gcm (RFC 8291) with a VAPID JWT (RFC 8292). */
export function webPushTransport(vapid: VapidKeys & { subject: string }, agent?: import('node:https').Agent): PushTransport {
  return async (target, payload) => {
    try {
      const result = await webPush.sendNotification(target, JSON.stringify(payload), {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        timeout: SEND_TIMEOUT_MS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        ...(agent ? { agent } : {}),
      });
      return result.statusCode;
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      return typeof status === 'number' ? status : null;
    }
  };
}

/** What one drain did. */
export interface DrainResult {
  sent: number;
  retried: number;
  dropped: number;
  gone: number;
  held: number;
}

export interface DrainOptions {
  transport: PushTransport;
  jamTenang: JamTenang | 'mati';
  now?: Date;
  /** Subscriptions claimed per drain. */
  batch?: number;
  /** How long a claim is kept while sending (longer than a send's timeout). */
  leaseMs?: number;
}

type Claimed = {
  id: number;
  langganan_id: number;
  payload: PushPayload;
  percobaan: number;
  pagi: boolean;
};
type Target = { id: number; endpoint: string; p256dh: string; auth: string };

/** One send: a payload and the queue rows it settles. */
interface SendUnit {
  payload: PushPayload;
  ids: number[];
  percobaan: number;
}

/** The sends of one subscription's claimed rows: the morning push, then one per tag (latest text). */
function unitsOf(rows: readonly Claimed[]): SendUnit[] {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const units: SendUnit[] = [];
  const morning = sorted.filter((row) => row.pagi);
  const payload = morningPayload(morning.map((row) => row.payload));
  if (payload) units.push({ payload, ids: morning.map((row) => row.id), percobaan: Math.max(...morning.map((row) => row.percobaan)) });
  const byTag = new Map<string, SendUnit>();
  for (const row of sorted.filter((item) => !item.pagi)) {
    const unit = byTag.get(row.payload.tag);
    if (unit) {
      unit.payload = row.payload;
      unit.ids.push(row.id);
      unit.percobaan = Math.max(unit.percobaan, row.percobaan);
    } else byTag.set(row.payload.tag, { payload: row.payload, ids: [row.id], percobaan: row.percobaan });
  }
  return [...units, ...byTag.values()];
}

/** Sends the due pushes once: hold them in the quiet hours, else claim, send and settle them. */
export async function drainPushQueue(db: Db, options: DrainOptions): Promise<DrainResult> {
  const now = options.now ?? new Date();
  const result: DrainResult = { sent: 0, retried: 0, dropped: 0, gone: 0, held: 0 };
  const nowIso = now.toISOString();
  const unleased = sql`(sewa_sampai is null or sewa_sampai < ${nowIso}::timestamptz)`;
  await db.execute(sql`delete from push_antrian where dibuat < ${new Date(now.getTime() - PUSH_MAX_AGE_MS).toISOString()}::timestamptz`);

  const quietUntil = jamTenangEnd(now, options.jamTenang);
  if (quietUntil) {
    const held = await db.execute<{ id: number }>(sql`
      update push_antrian set pagi = true, kirim_setelah = ${quietUntil.toISOString()}::timestamptz
      where kirim_setelah <= ${nowIso}::timestamptz and ${unleased} returning id`);
    result.held = rowsOf<{ id: number }>(held).length;
    return result;
  }

  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? 60_000)).toISOString();
  const claimed = rowsOf<Claimed>(
    await db.execute<Claimed>(sql`
      with subs as (
        select id from push_langganan
        where id in (select langganan_id from push_antrian where kirim_setelah <= ${nowIso}::timestamptz and ${unleased})
        order by id limit ${options.batch ?? 20}
        for no key update skip locked
      )
      update push_antrian a set sewa_sampai = ${leaseUntil}::timestamptz
      from subs
      where a.langganan_id = subs.id and a.kirim_setelah <= ${nowIso}::timestamptz and (a.sewa_sampai is null or a.sewa_sampai < ${nowIso}::timestamptz)
      returning a.id, a.langganan_id, a.payload, a.percobaan, a.pagi`),
  );
  if (claimed.length === 0) return result;

  const subIds = [...new Set(claimed.map((row) => row.langganan_id))];
  const targets = rowsOf<Target>(
    await db.execute<Target>(
      sql`select id, endpoint, p256dh, auth from push_langganan where id = any(${intArray(subIds)})`,
    ),
  );
  await Promise.all(
    targets.map(async (target) => {
      const units = unitsOf(claimed.filter((row) => row.langganan_id === target.id));
      for (const unit of units) {
        const outcome = pushOutcome(await options.transport({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, unit.payload));
        if (outcome === 'gone') {
          // The device unsubscribed or the subscription expired: it and its queued pushes go.
          await db.execute(sql`delete from push_langganan where id = ${target.id}`);
          result.gone += 1;
          return;
        }
        const attempts = unit.percobaan + 1;
        const wait = outcome === 'retry' ? pushBackoffMs(attempts) : null;
        if (outcome === 'retry' && wait !== null) {
          await db.execute(sql`
            update push_antrian set percobaan = ${attempts}, sewa_sampai = null,
              kirim_setelah = ${new Date(now.getTime() + wait).toISOString()}::timestamptz
            where id = any(${intArray(unit.ids)})`);
          result.retried += 1;
          continue;
        }
        await db.execute(sql`delete from push_antrian where id = any(${intArray(unit.ids)})`);
        if (outcome === 'sent') result.sent += 1;
        else result.dropped += 1;
      }
    }),
  );
  return result;
}

