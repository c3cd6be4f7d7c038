// The push queue's writer: every notification written (a new one, or a digest that grew) adds
// one push per subscription of its recipient, in the notification's own transaction. The text is
// made now (src/domain/push.ts pushPayload), so the sender needs nothing but the row.
import { sql } from 'drizzle-orm';
import type { NotifikasiFakta, NotifikasiJenis } from '../../src/domain/notifikasi';
import { pushPayload } from '../../src/domain/push';
import type { Tx } from '../db/client';

/** A notification row as written: whom it tells, what, where it leads, and its participants. */
export interface WrittenNotifikasi {
  user_id: number;
  jenis: NotifikasiJenis;
  tautan: string;
  fakta: NotifikasiFakta;
  peserta_ids: number[];
}

/** Queues the pushes of `written`, one statement for all (a user without subscriptions gets none). */
export async function enqueuePush(tx: Tx, written: readonly WrittenNotifikasi[]): Promise<void> {
  if (written.length === 0) return;
  const items = written.map((row) => ({ user_id: row.user_id, payload: pushPayload(row.jenis, row.fakta, row.peserta_ids.length, row.tautan) }));
  await tx.execute(sql`
    insert into push_antrian (langganan_id, payload)
    select l.id, item.payload
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as item(user_id integer, payload jsonb)
    join push_langganan l on l.user_id = item.user_id`);
}
