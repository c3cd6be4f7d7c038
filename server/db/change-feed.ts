// What the app keeps in memory — the full participant list, the users behind tokens — is
// valid until the database says otherwise. Migration 0004 makes every statement that writes
// participants, users or the names list rows show send NOTIFY magang_data '<kind>' at
// commit; this feed LISTENs and counts the notifications per kind. A cache notes the counts
// (a stamp) BEFORE it reads, and its copy is current while the counts of its kinds are
// unchanged — so a write committed during the read invalidates it, and no read costs a query
// while nothing changed.
//
// Who sees what, when:
//  - PGlite delivers at commit, before the writing query resolves: every read after a write sees it.
//  - PostgreSQL delivers over the listening connection a moment after commit. So that a client
//    reading right after its own write (on this instance) never gets the older copy, a write
//    request's answer waits for `settle()`: a marker notification sent now and received back
//    means every earlier commit's notification was received (they arrive in commit order).
//    Another instance's writes are seen within that delivery delay (milliseconds).
//  - A (re)connect of the listening connection means notifications may have been missed:
//    everything counts as changed. A feed that is not listening (closed, or none was opened)
//    reports every stamp as changed: caches then re-check each time, never serve stale copies.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The NOTIFY channel of migration 0004. */
const DATA_CHANGE_CHANNEL = 'magang_data';

/** What a notification says changed (the payloads of migrations 0004 and 0016). */
const DATA_CHANGE_KINDS = ['peserta', 'names', 'users', 'kompetensi'] as const;
export type DataChangeKind = (typeof DATA_CHANGE_KINDS)[number];

/** The counts of notifications seen per kind at one moment. */
export type ChangeStamp = Readonly<Record<DataChangeKind, number>>;

/** Longest wait for a settle marker before everything is counted as changed instead. */
const SETTLE_TIMEOUT_MS = 2_000;
const SETTLE_PREFIX = 'settle:';

/** Counts of data changes, as a cache asks about them. */
export interface ChangeFeed {
  /** The counts now: take it before reading what will be kept. */
  stamp(): ChangeStamp;
  /** True when a change of `kind` may have happened since `stamp` was taken. */
  changedSince(stamp: ChangeStamp, kind: DataChangeKind): boolean;
  /** Resolves once every change committed before the call has been counted. */
  settle(): Promise<void>;
  /** Stops listening; from then on every stamp counts as changed. */
  close(): Promise<void>;
}

function zeroCounts(): Record<DataChangeKind, number> {
  return { peserta: 0, names: 0, users: 0, kompetensi: 0 };
}

/** A feed that never listens: every stamp is changed (caches re-check on every request). */
export function unlistenedChangeFeed(): ChangeFeed {
  const counts = zeroCounts();
  return {
    stamp: () => ({ ...counts }),
    changedSince: () => true,
    settle: async () => {},
    close: async () => {},
  };
}

/** LISTENs on the database's change channel; close() before closing the database. */
export async function openChangeFeed(database: Database): Promise<ChangeFeed> {
  const counts = zeroCounts();
  const waiting = new Map<string, () => void>();
  let listening = false;

  const everythingChanged = () => {
    for (const kind of DATA_CHANGE_KINDS) counts[kind]++;
  };
  const onPayload = (payload: string) => {
    if (payload.startsWith(SETTLE_PREFIX)) {
      waiting.get(payload.slice(SETTLE_PREFIX.length))?.();
      return;
    }
    if ((DATA_CHANGE_KINDS as readonly string[]).includes(payload)) counts[payload as DataChangeKind]++;
    else everythingChanged(); // a payload this version does not know: assume the worst
  };
  const unlisten = await database.listen(DATA_CHANGE_CHANNEL, onPayload, everythingChanged);
  listening = true;

  return {
    stamp: () => ({ ...counts }),
    changedSince: (stamp, kind) => !listening || counts[kind] !== stamp[kind],
    async settle() {
      if (!listening) return;
      const marker = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const received = new Promise<boolean>((resolve) => {
        waiting.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      });
      try {
        await database.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, ${SETTLE_PREFIX + marker})`);
        if (!(await received)) everythingChanged();
      } catch {
        everythingChanged();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    async close() {
      if (!listening) return;
      listening = false;
      for (const resolve of waiting.values()) resolve();
      await unlisten().catch(() => {});
    },
  };
}
