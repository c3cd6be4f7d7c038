/**
 * Web Push, beside schema.ts with the same conventions. `push_langganan`: one row per device
 * and user (the browser's PushSubscription, unique by endpoint; a device that subscribes for
 * another user is re-assigned). `push_antrian`: the pushes still to send, one per subscription
 * of a notification's recipient, added in the notification's own transaction. The sender
 * (server/services/push-sender.ts) claims due rows (`kirim_setelah` passed, no live lease) with
 * FOR UPDATE SKIP LOCKED, sets a lease while it sends, and deletes a row once sent. `pagi`
 * marks a push held back by the quiet hours: those of one subscription go as one morning push.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PushPayload } from '../../src/domain/push';
import { users } from './schema';

export const pushLangganan = pgTable(
  'push_langganan',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_langganan_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    dibuat: timestamp('dibuat', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_langganan_user_idx').on(t.user_id)],
);

export const pushAntrian = pgTable(
  'push_antrian',
  {
    id: serial('id').primaryKey(),
    langganan_id: integer('langganan_id')
      .notNull()
      .references(() => pushLangganan.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** Not sent before this time: now, the end of the quiet hours, or the next retry. */
    kirim_setelah: timestamp('kirim_setelah', { withTimezone: true }).notNull().defaultNow(),
    /** A sender is on it until then (a crashed sender's lease runs out and another takes over). */
    sewa_sampai: timestamp('sewa_sampai', { withTimezone: true }),
    /** Failed sends so far. */
    percobaan: integer('percobaan').notNull().default(0),
    /** Held back by the quiet hours: goes in the subscription's one morning push. */
    pagi: boolean('pagi').notNull().default(false),
    dibuat: timestamp('dibuat', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_antrian_kirim_setelah_idx').on(t.kirim_setelah), index('push_antrian_langganan_idx').on(t.langganan_id)],
);
